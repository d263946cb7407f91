import { CompiledQuery, type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseDb, observeQueries } from '../../../src/server/db/database.ts';
import { createManyTenants } from '../../../src/server/db/many-tenants.ts';
import {
  createTenantSchemaByMigrations,
  migrateAll,
  migrateTenant,
  tenantMigrationsFingerprint,
} from '../../../src/server/db/migrate.ts';
import { forgetTenantTemplate } from '../../../src/server/db/tenant-template.ts';
import { provisionCompanyGroup } from '../../../src/server/domains/account/provision.ts';
import { useScratchDatabase } from '../../helpers/scratch-database.ts';

/**
 * Issue 33 item 5: creating the 1,000th company group costs what the 10th does. Not timed: the
 * statements a product creation runs (provisionCompanyGroup: checks, core rows, the schema from
 * the tenant template) are the same whatever the number of groups, and each one that reads reads
 * no more pages of the database (EXPLAIN ANALYZE's buffers) with 3 times as many groups — a scan
 * of a catalog or of a core table grows with every group. The template batch is DDL creating one
 * schema's objects. The same for the reads of migrating one group (its tables, for the
 * `rows_changed` triggers, come from pg_depend's index on the schema, not a scan of pg_class).
 */
let scratch: Awaited<ReturnType<typeof useScratchDatabase>>;
let templatesAfterMigrate: string[] = [];

beforeAll(async () => {
  scratch = await useScratchDatabase('tenant_create');
  forgetTenantTemplate();
  await migrateAll(undefined, { onProgress: false });
  templatesAfterMigrate = (
    await sql<{ fingerprint: string }>`select fingerprint from core.tenant_templates`.execute(baseDb())
  ).rows.map((r) => r.fingerprint);
  await createManyTenants(10, { prefix: 'ca' });
}, 120_000);

afterAll(async () => {
  await scratch?.drop();
}, 60_000);

interface Seen {
  sql: string;
  parameters: readonly unknown[];
}

const isTemplateBatch = (s: string) => s.startsWith('set local check_function_bodies');
const isRead = (s: Seen) =>
  /^select /i.test(s.sql) && !/^select (pg_advisory_xact_lock|set_config|current_setting)\(/.test(s.sql);

async function groups(): Promise<number> {
  return (await sql<{ n: number }>`select count(*)::int as n from core.company_groups`.execute(baseDb()))
    .rows[0]!.n;
}

/** Pages each read statement touches (shared hit + read), by running it under EXPLAIN ANALYZE. */
async function pagesRead(
  db: Kysely<unknown>,
  statements: Seen[],
): Promise<{ sql: string; pages: number; plan: string }[]> {
  const out: { sql: string; pages: number; plan: string }[] = [];
  for (const s of statements.filter(isRead)) {
    const r = await db.executeQuery<{ 'QUERY PLAN': unknown }>(
      CompiledQuery.raw(`explain (analyze, buffers, costs off, timing off, format json) ${s.sql}`, [
        ...s.parameters,
      ]),
    );
    const raw = r.rows[0]!['QUERY PLAN'];
    const top = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [
      { Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number } },
    ];
    const p = top[0].Plan;
    out.push({
      sql: s.sql,
      pages: p['Shared Hit Blocks'] + p['Shared Read Blocks'],
      plan: JSON.stringify(top),
    });
  }
  return out;
}

/** Later reads touch no more pages than earlier ones, beyond a catalog index growing a level. */
function expectFlat(
  early: { sql: string; pages: number }[],
  late: { sql: string; pages: number; plan: string }[],
  groupsEarly: number,
  groupsLate: number,
) {
  expect(late.length).toBe(early.length);
  expect(late.length).toBeGreaterThan(0);
  late.forEach((l, i) => {
    const limit = Math.ceil(early[i]!.pages * 1.25) + 5;
    if (l.pages > limit)
      throw new Error(
        `${l.sql}\nread ${early[i]!.pages} pages at ${groupsEarly} groups, ${l.pages} at ${groupsLate}\n${l.plan}`,
      );
  });
}

/** Provisions a group in a transaction that is rolled back: its statements and their reads. */
async function provisionObserved(schemaName: string) {
  const statements: Seen[] = [];
  let reads: Awaited<ReturnType<typeof pagesRead>> = [];
  const rollback = new Error('rollback');
  await baseDb()
    .transaction()
    .execute(async (trx) => {
      const stop = observeQueries((q) => statements.push({ sql: q.sql, parameters: q.parameters }));
      try {
        const r = await provisionCompanyGroup(trx, {
          groupName: `Group ${schemaName}`,
          schemaName,
          company: { name: `Company ${schemaName}` },
          responsible: { name: 'Responsible', email: `${schemaName}@example.test`, passwordHash: 'x' },
        });
        expect(r.companyGroupId).toBeGreaterThan(0);
      } finally {
        stop();
      }
      const tables = await sql<{ n: number }>`select count(*)::int as n from pg_catalog.pg_class c
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace where n.nspname = ${`cg_${schemaName}`}`.execute(
        trx,
      );
      expect(tables.rows[0]!.n).toBeGreaterThan(50);
      reads = await pagesRead(trx, statements);
      throw rollback;
    })
    .catch((e) => {
      if (e !== rollback) throw e;
    });
  return { statements, reads };
}

/** Migrates one group with one new migration: its statements' reads. */
async function migrateObserved(schemaName: string) {
  const statements: Seen[] = [];
  const stop = observeQueries((q) => statements.push({ sql: q.sql, parameters: q.parameters }));
  try {
    const ran = await migrateTenant(schemaName, baseDb(), {
      '9901_creation_probe': async (db) => {
        await db.schema.createTable('creation_probe').addColumn('id', 'integer').execute();
      },
    });
    expect(ran).toBe(1);
  } finally {
    stop();
  }
  // The new table got its rows_changed trigger: the catalog read found it.
  const trigger = await sql<{ n: number }>`select count(*)::int as n from pg_catalog.pg_trigger
    where tgrelid = ${`cg_${schemaName}.creation_probe`}::regclass and tgname = 'rows_changed'`.execute(
    baseDb(),
  );
  expect(trigger.rows[0]!.n).toBe(1);
  return { statements, reads: await pagesRead(baseDb(), statements) };
}

/** Creates a schema by replaying the migrations (no pg_dump; the template's capture): its reads. */
async function replayObserved(schemaName: string) {
  const statements: Seen[] = [];
  const stop = observeQueries((q) => statements.push({ sql: q.sql, parameters: q.parameters }));
  try {
    await createTenantSchemaByMigrations(schemaName);
  } finally {
    stop();
  }
  return { statements, reads: await pagesRead(baseDb(), statements) };
}

const shape = (s: Seen, schemaName: string) => s.sql.replaceAll(schemaName, '<schema>');

describe('creating and migrating a company group at a growing number of groups', () => {
  it('migrate stores the template of the current migrations: no creation captures one', () => {
    // Capturing replays the migrations and runs pg_dump over the whole catalog (~20 s at 1,000
    // groups); start-up and `npm run migrate` pay it, not the first sign-up after a deploy.
    return tenantMigrationsFingerprint().then((f) => expect(templatesAfterMigrate).toEqual([f]));
  });

  it('runs the same statements at 10 and at 30 groups, reading no more of the database', async () => {
    const n1 = await groups();
    const early = await provisionObserved('creationearly');
    const migrateEarly = await migrateObserved('ca01');
    const replayEarly = await replayObserved('replayearly');
    await createManyTenants(20, { prefix: 'cb' });
    const n2 = await groups();
    expect([n1, n2]).toEqual([10, 30]);
    const late = await provisionObserved('creationlate');
    const migrateLate = await migrateObserved('ca02');
    const replayLate = await replayObserved('replaylate');

    expect(late.statements.map((s) => shape(s, 'creationlate'))).toEqual(
      early.statements.map((s) => shape(s, 'creationearly')),
    );
    // One batch makes the schema (no replay of the migrations, no catalog introspection).
    expect(late.statements.filter((s) => isTemplateBatch(s.sql))).toHaveLength(1);
    const others = late.statements.filter((s) => !isTemplateBatch(s.sql));
    expect(others.map((s) => s.sql).join('\n')).not.toMatch(
      /information_schema|to_regclass|pg_class|tenant_templates/,
    );
    expectFlat(early.reads, late.reads, n1, n2);

    expect(migrateLate.statements.map((s) => shape(s, 'ca02'))).toEqual(
      migrateEarly.statements.map((s) => shape(s, 'ca01')),
    );
    expect(migrateLate.reads.some((r) => r.sql.includes('pg_depend'))).toBe(true);
    expectFlat(migrateEarly.reads, migrateLate.reads, n1, n2);

    // Replaying the migrations (no pg_dump; capturing the template): their catalog reads too.
    expect(replayLate.statements.map((s) => shape(s, 'replaylate'))).toEqual(
      replayEarly.statements.map((s) => shape(s, 'replayearly')),
    );
    expectFlat(replayEarly.reads, replayLate.reads, n1, n2);
  });

  it('refuses a name whose schema exists without a group (the name check reads pg_namespace)', async () => {
    await sql`create schema cg_creationorphan`.execute(baseDb());
    const before = await groups();
    const attempt = baseDb()
      .transaction()
      .execute((trx) =>
        provisionCompanyGroup(trx, {
          groupName: 'Orphan',
          schemaName: 'creationorphan',
          company: { name: 'Orphan' },
          responsible: { name: 'Responsible', email: 'orphan@example.test', passwordHash: 'x' },
        }),
      );
    await expect(attempt).rejects.toMatchObject({
      code: 'CREATE_EXISTING_COMPANY_GROUP',
      params: { name: 'creationorphan' },
    });
    expect(await groups()).toBe(before);
  });
});
