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
import { importCompaniesChunk } from '../organisations/index.ts';
import { peopleKind } from './people-rows.ts';

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

export const companiesKind = peopleKind<CompanyImportRow>({
  kind: 'companies',
  fields: COMPANY_IMPORT_FIELDS,
  aliases: ALIASES,
  parse: parseCompanyRow,
  chunk: (core, caller, rows, _env, write) => importCompaniesChunk(core, caller, rows, write),
  key: companyKey,
});
