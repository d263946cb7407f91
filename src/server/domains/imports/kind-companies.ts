/**
 * The companies kind of import (issue 31 item 4): a group admin's (or a provider admin's, in the
 * group it works in) companies with the company form's rules — see organisations' `company-import.ts`.
 * Natural key: group + CNPJ, else group + name (accents and case aside).
 */
import {
  COMPANY_IMPORT_FIELDS,
  type CompanyImportRow,
  companyKey,
  parseCompanyRow,
} from '../../../shared/imports/people.ts';
import { withCore } from '../../db/database.ts';
import { type ImportCaller, importCallerOf, importCompaniesChunk } from '../organisations/index.ts';
import type { KindField } from './kinds.ts';
import type { ImportKindDef } from './kinds.ts';
import { peopleCheckedRows, peopleChunkWrite } from './people-rows.ts';

/** Other header names the guessed mapping takes for each field. */
const ALIASES: Record<string, string[]> = {
  name: ['Razão social', 'Razao social', 'Nome da empresa', 'Empresa'],
  fantasyName: ['Fantasia'],
  cnpj: ['CNPJ da empresa'],
  mainContactName: ['Contato', 'Responsável', 'Nome do contato'],
  email: ['Email', 'E-mail da empresa'],
  phone: ['Fone', 'Telefone da empresa'],
  address: ['Logradouro', 'Rua'],
  state: ['Estado'],
};

const FIELDS: KindField[] = COMPANY_IMPORT_FIELDS.map((f) => ({ ...f, aliases: ALIASES[f.field] ?? [] }));

interface Prep {
  caller: ImportCaller;
}

export const companiesKind: ImportKindDef<CompanyImportRow | null, CompanyImportRow, Prep> = {
  kind: 'companies',
  targetFields: async () => FIELDS,
  requiredAnyOf: [],
  async prepare(env) {
    const { auth } = env.ctx;
    return {
      caller: await importCallerOf(
        withCore(auth.tenant),
        auth.user.id,
        auth.companyGroup.id,
        'companies',
        env.ctx,
      ),
    };
  },
  parseRow(values) {
    const parsed = parseCompanyRow(values);
    return parsed.ok ? { draft: parsed.row, problems: [] } : { draft: null, problems: parsed.problems };
  },
  async checkChunk(db, rows, prep) {
    const ok = rows.flatMap((r) => (r.draft ? [{ line: r.line, row: r.draft }] : []));
    const outcomes = await importCompaniesChunk(withCore(db), prep.caller, ok, false);
    return peopleCheckedRows(ok, outcomes, companyKey);
  },
  async writeChunk(trx, rows, prep) {
    return peopleChunkWrite(await importCompaniesChunk(withCore(trx), prep.caller, [...rows], true));
  },
};
