import { baseDb, coreDb } from '../../../src/server/db/database.ts';
import { hashPassword } from '../../../src/server/domains/auth/password-hash.ts';
import { provisionCompanyGroup } from '../../../src/server/domains/account/provision.ts';
import type { Role } from '../../../src/shared/roles.ts';

/** Lowercase letters only (schema names), unique per call. */
export function letters(n = 10): string {
  let s = '';
  for (let i = 0; i < n; i++) s += String.fromCharCode(97 + Math.floor(Math.random() * 26));
  return s;
}

export const uniqueEmail = (prefix: string) => `${prefix}-${letters(8)}@org.test`;
export const PASSWORD = 'Secret@12';

export async function demoGroup() {
  const g = await coreDb()
    .selectFrom('company_groups')
    .select(['id', 'schema_name'])
    .where('schema_name', '=', 'demo')
    .executeTakeFirstOrThrow();
  const c = await coreDb()
    .selectFrom('companies')
    .select('id')
    .where('company_group_id', '=', g.id)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return { groupId: g.id, companyId: c.id };
}

/** A second company group with a group admin, made with the real provisioning primitive. */
export async function otherGroup() {
  const schemaName = letters(12);
  const email = uniqueEmail('other-admin');
  const r = await baseDb()
    .transaction()
    .execute((trx) =>
      provisionCompanyGroup(trx, {
        groupName: `Outro ${schemaName}`,
        schemaName,
        company: { name: `Outra Empresa ${schemaName}` },
        responsible: { name: 'Outro Admin', email, password: PASSWORD },
      }),
    );
  return { ...r, schemaName, email };
}

export async function makeUser(
  opts: {
    role?: Role;
    status?: 'ACTIVE' | 'PENDING' | 'INACTIVE';
    groupId?: number | null;
    companyId?: number | null;
    email?: string;
    name?: string;
  } = {},
) {
  const email = opts.email ?? uniqueEmail('user');
  const row = await coreDb()
    .insertInto('users')
    .values({
      email,
      name: opts.name ?? `Usuário ${letters(5)}`,
      phone: '11988887777',
      occupation: 'Técnico',
      role: opts.role ?? 'COMPANY_OPERATOR',
      status: opts.status ?? 'ACTIVE',
      company_group_id: opts.groupId ?? null,
      company_id: opts.companyId ?? null,
      password_hash: await hashPassword(PASSWORD),
      image_key: null,
      vindi_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, email };
}

export async function addCompany(groupId: number, name = `Empresa ${letters(6)}`) {
  const r = await coreDb()
    .insertInto('companies')
    .values({
      company_group_id: groupId,
      name,
      fantasy_name: null,
      cnpj: null,
      main_contact_name: 'X',
      email: 'x@x.dev',
      phone: '1133334444',
      address: null,
      image_key: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export function groupPayload(overrides: Record<string, unknown> = {}) {
  const schema = letters(12);
  return {
    companyCnpj: '11.222.333/0001-81',
    companyName: `Grupo ${schema}`,
    companyGroup: schema,
    companyTagsLimit: 5,
    responsibleName: 'Resp Teste',
    responsibleEmail: uniqueEmail('resp'),
    responsiblePhone: '(11) 98888-7777',
    responsibleOccupation: 'Gerente',
    responsiblePassword: PASSWORD,
    ...overrides,
  };
}
