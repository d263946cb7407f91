/**
 * The users kind of import (issue 31 item 4): users of the group's companies, invited by e-mail,
 * with the company-user form's rules — see organisations' `user-import.ts`. A company admin imports
 * into its own company only; nobody grants a role above its own. Natural key: the e-mail (one live
 * account per e-mail across every group).
 */
import { parseUserRow, USER_IMPORT_FIELDS, type UserImportRow } from '../../../shared/imports/people.ts';
import { withCore } from '../../db/database.ts';
import { type ImportCaller, importCallerOf, importUsersChunk } from '../organisations/index.ts';
import type { ImportKindDef, KindField } from './kinds.ts';
import { peopleCheckedRows, peopleChunkWrite } from './people-rows.ts';

const ALIASES: Record<string, string[]> = {
  name: ['Nome do usuário', 'Nome do usuario', 'Usuário'],
  email: ['Email', 'Login'],
  role: ['Perfil', 'Função', 'Funcao', 'Role'],
  companyCnpj: ['CNPJ'],
  companyName: ['Nome da empresa', 'Razão social'],
  occupation: ['Ocupação', 'Ocupacao'],
};

const FIELDS: KindField[] = USER_IMPORT_FIELDS.map((f) => ({ ...f, aliases: ALIASES[f.field] ?? [] }));

interface Prep {
  caller: ImportCaller;
}

export const usersKind: ImportKindDef<UserImportRow | null, UserImportRow, Prep> = {
  kind: 'users',
  targetFields: async () => FIELDS,
  requiredAnyOf: [],
  async prepare(env) {
    const { auth } = env.ctx;
    return {
      caller: await importCallerOf(
        withCore(auth.tenant),
        auth.user.id,
        auth.companyGroup.id,
        'users',
        env.ctx,
      ),
    };
  },
  parseRow(values) {
    const parsed = parseUserRow(values);
    return parsed.ok ? { draft: parsed.row, problems: [] } : { draft: null, problems: parsed.problems };
  },
  async checkChunk(db, rows, prep, env) {
    const ok = rows.flatMap((r) => (r.draft ? [{ line: r.line, row: r.draft }] : []));
    const outcomes = await importUsersChunk(withCore(db), prep.caller, ok, env.companyId, false);
    return peopleCheckedRows(ok, outcomes, (r) => r.email);
  },
  async writeChunk(trx, rows, prep, env) {
    return peopleChunkWrite(
      await importUsersChunk(withCore(trx), prep.caller, [...rows], env.companyId, true),
    );
  },
};
