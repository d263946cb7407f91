import { sql } from 'kysely';
import { config } from '../config.ts';
import { baseDb, coreDb, tenantDb, tenantSchemaName, withCore } from '../db/database.ts';
import { createTenantSchema } from '../db/migrate.ts';
import { hashPassword } from '../domains/auth/password-hash.ts';
import { log } from '../logger.ts';
import { DEMO_GROUP_SCHEMA, DEMO_PASSWORD, DEMO_USERS } from './demo-users.ts';
import type { SeedContext } from './context.ts';
import { domainSeeds } from './domains.ts';

/** True when nothing has been set up yet (no user at all). */
export async function isEmpty(): Promise<boolean> {
  const r = await coreDb()
    .selectFrom('users')
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n) === 0;
}

/** The platform settings the server acts on (SYSTEM_SETTINGS, src/server/settings.ts). */
const SYSTEM_CONFIG = [
  { title: 'Permitir cadastro público', config_value: '1', enabled: true, param: 'PUBLIC_SIGNUP' },
  { title: 'Modo manutenção', config_value: '0', enabled: false, param: 'MAINTENANCE_MODE' },
  {
    title: 'Enviar o resumo diário de vencimentos também aos administradores de grupo',
    config_value: '0',
    enabled: false,
    param: 'DUE_DIGEST_GROUP_ADMINS',
  },
];

/**
 * (Re)creates the demo data set: the demo company group with its schema, one company, one user
 * of each role, and whatever each domain seeds. Other company groups are left alone.
 */
export async function seedDemo(): Promise<SeedContext> {
  const db = baseDb();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const ctx = await db.transaction().execute(async (trx) => {
    const core = withCore(trx);
    const old = await core
      .selectFrom('company_groups')
      .select('id')
      .where('schema_name', '=', DEMO_GROUP_SCHEMA)
      .executeTakeFirst();
    if (old) {
      await core.deleteFrom('users').where('company_group_id', '=', old.id).execute();
      await core.deleteFrom('company_groups').where('id', '=', old.id).execute();
    }
    await core
      .deleteFrom('users')
      .where(
        'email',
        'in',
        DEMO_USERS.map((u) => u.email),
      )
      .execute();
    await sql`drop schema if exists ${sql.id(tenantSchemaName(DEMO_GROUP_SCHEMA))} cascade`.execute(trx);

    const group = await core
      .insertInto('company_groups')
      .values({ name: 'Grupo Demonstração', schema_name: DEMO_GROUP_SCHEMA })
      .returning('id')
      .executeTakeFirstOrThrow();
    await createTenantSchema(DEMO_GROUP_SCHEMA, trx);
    const company = await core
      .insertInto('companies')
      .values({
        company_group_id: group.id,
        name: 'Extintores Demo Ltda',
        fantasy_name: 'Demo Extintores',
        cnpj: '11222333000181',
        main_contact_name: 'Gustavo Grupo',
        email: 'contato@demo.equipcheck.dev',
        phone: '11987654321',
        address: JSON.stringify({
          address: 'Av. Paulista, 1000',
          city: 'São Paulo',
          state: 'SP',
          cep: '01310100',
          neighborhood: 'Bela Vista',
        }),
        enabled: true,
        tags_limit: 1000,
        image_key: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const users: Record<string, number> = {};
    const c = config();
    for (const u of DEMO_USERS) {
      const isProvider = u.role === 'MOBCHECK_ADMIN';
      // A production install names its own first provider admin.
      const email = isProvider && c.ADMIN_EMAIL ? c.ADMIN_EMAIL : u.email;
      const hash = isProvider && c.ADMIN_PASSWORD ? await hashPassword(c.ADMIN_PASSWORD) : passwordHash;
      if (isProvider && c.ADMIN_EMAIL)
        await core.deleteFrom('users').where(sql`lower(email)`, '=', email.toLowerCase()).execute();
      const row = await core
        .insertInto('users')
        .values({
          email,
          name: u.name,
          phone: '11999990000',
          occupation: u.occupation,
          role: u.role,
          status: u.status,
          company_group_id: u.status === 'PENDING' ? null : group.id,
          company_id: u.status === 'PENDING' ? null : company.id,
          password_hash: hash,
          image_key: null,
          vindi_id: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      users[u.email] = row.id;
    }
    for (const cfg of SYSTEM_CONFIG) {
      await core
        .insertInto('system_config')
        .values({ ...cfg, config_type: 'TOGGLE' })
        .onConflict((oc) => oc.column('title').doNothing())
        .execute();
    }
    await tenantDb(DEMO_GROUP_SCHEMA, trx)
      .insertInto('tenant_info')
      .values({ key: 'seeded_at', value: new Date().toISOString() })
      .execute();
    return { db: trx, companyGroupId: group.id, companyId: company.id, schemaName: DEMO_GROUP_SCHEMA, users };
  });
  // Domain seeds run after the core commit, each in its own transaction.
  for (const [name, seed] of domainSeeds) {
    await db.transaction().execute((trx) => seed({ ...ctx, db: trx }));
    log.debug('seeded', { domain: name });
  }
  return { ...ctx, db };
}
