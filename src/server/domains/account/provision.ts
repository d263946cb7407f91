import { type Kysely, sql } from 'kysely';
import type { Role } from '../../../shared/roles.ts';
import { tenantSchemaName, withCore } from '../../db/database.ts';
import { createTenantSchema } from '../../db/migrate.ts';
import { AppError } from '../../errors.ts';
import { hashPassword } from '../auth/index.ts';

/** Schema names of company groups: lowercase letters only, at most 64 (seed 000 §5). */
export const SCHEMA_NAME_PATTERN = /^[a-z]{1,64}$/;

export interface ProvisionInput {
  groupName: string;
  schemaName: string;
  company: {
    name: string;
    fantasyName?: string | null;
    cnpj?: string | null;
    email?: string | null;
    phone?: string | null;
    mainContactName?: string | null;
    address?: Record<string, string> | null;
    tagsLimit?: number;
    enabled?: boolean;
  };
  responsible: {
    name: string;
    email: string;
    phone?: string | null;
    occupation?: string | null;
    /** plain password (hashed here) or an existing hash */
    password?: string;
    passwordHash?: string;
    role?: Role;
    /** reuse an existing user (activation of a PENDING sign-up) instead of inserting one */
    existingUserId?: number;
  };
}

export interface ProvisionResult {
  companyGroupId: number;
  companyId: number;
  userId: number;
}

/**
 * Creates a company group with its own migrated schema, its first company and its responsible
 * user (company group admin by default), all inside the caller's transaction: a failure at any
 * step leaves nothing behind.
 */
export async function provisionCompanyGroup(
  trx: Kysely<unknown>,
  input: ProvisionInput,
): Promise<ProvisionResult> {
  if (!SCHEMA_NAME_PATTERN.test(input.schemaName)) throw new AppError('CREATE_BAD_COMPANY_GROUP_NAME');
  const core = withCore(trx);
  const exists = await core
    .selectFrom('company_groups')
    .select('id')
    .where('schema_name', '=', input.schemaName)
    .executeTakeFirst();
  // pg_namespace by its name index (information_schema.schemata compares a cast of every
  // schema's name: a scan of all of them, issue 33 item 5).
  const schemaTaken = await sql<{ taken: boolean }>`select exists (select 1 from pg_catalog.pg_namespace
    where nspname = ${tenantSchemaName(input.schemaName)}) as taken`.execute(trx);
  if (exists || schemaTaken.rows[0]?.taken) {
    throw new AppError('CREATE_EXISTING_COMPANY_GROUP', { params: { name: input.schemaName } });
  }
  const group = await core
    .insertInto('company_groups')
    .values({ name: input.groupName, schema_name: input.schemaName })
    .returning('id')
    .executeTakeFirstOrThrow();
  await createTenantSchema(input.schemaName, trx);
  const c = input.company;
  const company = await core
    .insertInto('companies')
    .values({
      company_group_id: group.id,
      name: c.name,
      fantasy_name: c.fantasyName ?? null,
      cnpj: c.cnpj ?? null,
      main_contact_name: c.mainContactName ?? input.responsible.name,
      email: c.email ?? input.responsible.email,
      phone: c.phone ?? input.responsible.phone ?? null,
      address: c.address ? JSON.stringify(c.address) : null,
      enabled: c.enabled ?? true,
      tags_limit: c.tagsLimit ?? 1,
      image_key: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const r = input.responsible;
  let userId: number;
  if (r.existingUserId) {
    await core
      .updateTable('users')
      .set({
        company_group_id: group.id,
        company_id: company.id,
        role: r.role ?? 'COMPANY_GROUP_ADMIN',
        status: 'ACTIVE',
        updated_at: new Date(),
      })
      .where('id', '=', r.existingUserId)
      .execute();
    userId = r.existingUserId;
  } else {
    const taken = await core
      .selectFrom('users')
      .select('id')
      .where(sql`lower(email)`, '=', r.email.toLowerCase())
      .where('status', 'not in', ['MIGRATED', 'DELETED'])
      .executeTakeFirst();
    if (taken) throw new AppError('USER_CREATE_EMAIL_EXISTS', { params: { email: r.email } });
    const passwordHash = r.passwordHash ?? (r.password ? await hashPassword(r.password) : undefined);
    if (!passwordHash)
      throw new AppError('CREATE_MISSING_FIELD', { message: 'missing field: responsiblePassword' });
    const user = await core
      .insertInto('users')
      .values({
        email: r.email,
        name: r.name,
        phone: r.phone ?? null,
        occupation: r.occupation ?? null,
        role: r.role ?? 'COMPANY_GROUP_ADMIN',
        status: 'ACTIVE',
        company_group_id: group.id,
        company_id: company.id,
        password_hash: passwordHash,
        image_key: null,
        vindi_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    userId = user.id;
  }
  return { companyGroupId: group.id, companyId: company.id, userId };
}

/** A free schema name derived from a company name: lowercase letters only, suffixed when taken. */
export async function uniqueSchemaName(trx: Kysely<unknown>, companyName: string): Promise<string> {
  const base =
    companyName
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z]/g, '')
      .slice(0, 56) || 'empresa';
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  for (let i = 0; i < 50; i++) {
    let suffix = '';
    if (i > 0) for (let k = 0; k < 4; k++) suffix += letters[Math.floor(Math.random() * 26)];
    const candidate = `${base}${suffix}`;
    const taken = await withCore(trx)
      .selectFrom('company_groups')
      .select('id')
      .where('schema_name', '=', candidate)
      .executeTakeFirst();
    if (!taken) return candidate;
  }
  throw new AppError('CREATE_EXISTING_COMPANY_GROUP', { params: { name: base } });
}
