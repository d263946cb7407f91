import { coreDb } from '../../src/server/db/database.ts';
import { hashPassword } from '../../src/server/domains/auth/password-hash.ts';

/** A fresh operator of the demo group with a known password (sign-in tests). */
export async function makeDemoUser(
  status: 'ACTIVE' | 'PENDING' | 'INACTIVE' = 'ACTIVE',
  password = 'Secret@1',
  name = 'Test',
): Promise<{ email: string; password: string }> {
  const email = `auth-${status.toLowerCase()}-${Math.random().toString(36).slice(2)}@test.dev`;
  const group = await coreDb()
    .selectFrom('company_groups')
    .select('id')
    .where('schema_name', '=', 'demo')
    .executeTakeFirstOrThrow();
  await coreDb()
    .insertInto('users')
    .values({
      email,
      name,
      phone: null,
      occupation: null,
      role: 'COMPANY_OPERATOR',
      status,
      company_group_id: group.id,
      company_id: null,
      password_hash: await hashPassword(password),
      image_key: null,
      vindi_id: null,
    })
    .execute();
  return { email, password };
}
