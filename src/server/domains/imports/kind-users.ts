/**
 * The users kind of import (issue 31 item 4): users of the group's companies, invited by e-mail,
 * with the company-user form's rules — see organisations' `user-import.ts`. A company admin imports
 * into its own company only; nobody grants a role above its own. Natural key: the e-mail (one live
 * account per e-mail across every group).
 */
import { parseUserRow, USER_IMPORT_FIELDS, type UserImportRow } from '../../../shared/imports/people.ts';
import { importUsersChunk } from '../organisations/index.ts';
import { peopleKind } from './people-rows.ts';

const ALIASES: Record<string, string[]> = {
  name: ['Nome do usuário', 'Nome do usuario', 'Usuário'],
  email: ['Email', 'Login'],
  role: ['Perfil', 'Função', 'Funcao', 'Role'],
  companyCnpj: ['CNPJ'],
  companyName: ['Nome da empresa', 'Razão social'],
  occupation: ['Ocupação', 'Ocupacao'],
};

export const usersKind = peopleKind<UserImportRow>({
  kind: 'users',
  fields: USER_IMPORT_FIELDS,
  aliases: ALIASES,
  parse: parseUserRow,
  chunk: (core, caller, rows, env, write) => importUsersChunk(core, caller, rows, env.companyId, write),
  key: (r) => r.email,
});
