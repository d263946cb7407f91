import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseDb, observeQueries } from '../../../src/server/db/database.ts';
import { createManyTenants } from '../../../src/server/db/many-tenants.ts';
import { migrateAll, tenantMigrationsFingerprint } from '../../../src/server/db/migrate.ts';
import { forgetTenantTemplate } from '../../../src/server/db/tenant-template.ts';
import { provisionCompanyGroup } from '../../../src/server/domains/account/provision.ts';
import { useScratchDatabase } from '../../helpers/scratch-database.ts';

/**
 * Issue 33 item 5: creating the 1,000th company group costs what the 10th does. Not timed: the
 * statements a product creation runs (provisionCompanyGroup: checks, core rows, the schema from
 * the tenant template) are the same whatever the number of groups, and none of them needs to read
 * a whole table — each one that reads has an index to use (explained with sequential scans
 * disabled, so a small catalog's cheaper seq scan does not hide a missing index). The template
 * batch itself is DDL: it creates one schema's objects and reads nothing per group.
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
  await createManyTenants(3, { prefix: 'ca' });
}, 120_000);

afterAll(async () => {
  await scratch?.drop();
}, 60_000);

interface Seen {
  sql: string;
  parameters: readonly unknown[];
}

const isTemplateBatch = (s: string) => s.startsWith('set local check_function_bodies');

/** Provisions a group in a transaction that is rolled back; returns its statements and plans. */
async function provisionObserved(schemaName: string): Promise<{ statements: Seen[]; plans: string[] }> {
  const statements: Seen[] = [];
  const plans: string[] = [];
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
      await sql`set local enable_seqscan = off`.execute(trx);
      for (const s of statements) {
        if (isTemplateBatch(s.sql) || /^select set_config\(/.test(s.sql)) continue;
        const r = await trx.executeQuery<{ 'QUERY PLAN': string }>(
          CompiledQuery.raw(`explain ${s.sql}`, [...s.parameters]),
        );
        plans.push(`${s.sql}\n${r.rows.map((x) => x['QUERY PLAN']).join('\n')}`);
      }
      throw rollback;
    })
    .catch((e) => {
      if (e !== rollback) throw e;
    });
  return { statements, plans };
}

/** A statement with the group's own names and values taken out. */
const shape = (s: Seen, schemaName: string) => s.sql.replaceAll(schemaName, '<schema>');

describe('creating a company group at a growing number of groups', () => {
  it('migrate stores the template of the current migrations: no creation captures one', async () => {
    // Capturing replays the migrations and runs pg_dump over the whole catalog (~20 s at 1,000
    // groups); start-up and `npm run migrate` pay it, not the first sign-up after a deploy.
    expect(templatesAfterMigrate).toEqual([await tenantMigrationsFingerprint()]);
  });

  it('runs the same statements at 3 and at 15 groups, and none reads a whole table', async () => {
    const early = await provisionObserved('creationearly');
    await createManyTenants(12, { prefix: 'cb' });
    const groups = await sql<{ n: number }>`select count(*)::int as n from core.company_groups`.execute(
      baseDb(),
    );
    expect(groups.rows[0]!.n).toBe(15);
    const late = await provisionObserved('creationlate');

    expect(late.statements.map((s) => shape(s, 'creationlate'))).toEqual(
      early.statements.map((s) => shape(s, 'creationearly')),
    );
    // One batch makes the schema (no replay of the migrations, no catalog introspection).
    expect(late.statements.filter((s) => isTemplateBatch(s.sql))).toHaveLength(1);
    const others = late.statements.filter((s) => !isTemplateBatch(s.sql));
    expect(others.map((s) => s.sql).join('\n')).not.toMatch(
      /information_schema|to_regclass|pg_class|tenant_templates/,
    );
    const reads = late.plans.filter((p) => !/^insert /.test(p));
    expect(reads.length).toBeGreaterThanOrEqual(3);
    for (const p of late.plans) expect(p).not.toMatch(/Seq Scan/);
  });
});
