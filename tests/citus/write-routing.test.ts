import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseDb, getPool, observeQueries } from '../../src/server/db/database.ts';
import { rest } from '../helpers/api.ts';
import { goodAnswers } from '../integration/equipment/helpers.ts';
import { newEquipment, type SoTenant, soTenant } from '../integration/service-orders/helpers.ts';

/**
 * Issue 32 item 1 on Citus: a field record's statements — the sign-in, its one read and its one
 * write statement (kit/write-plan.ts) — each route whole to the one node that holds the company
 * group's schema: Citus's plan of each is a single task, with no distributed subplan (whose
 * intermediate results would be extra round trips between the nodes).
 */
let t: SoTenant;
beforeAll(async () => {
  t = await soTenant();
}, 120_000);

async function statementsOf(path: string, body: unknown) {
  const seen: { sql: string; parameters: readonly unknown[] }[] = [];
  const stop = observeQueries((q) => seen.push(q));
  try {
    const r = await rest('POST', path, { token: t.tokens.operator, body, ip: '10.32.9.1' });
    expect(r.status, JSON.stringify(r.json)).toBe(201);
  } finally {
    stop();
  }
  return seen;
}

/** Citus's plan of a statement (EXPLAIN without ANALYZE: nothing runs). */
async function planOf(q: { sql: string; parameters: readonly unknown[] }): Promise<string> {
  const client = await getPool().connect();
  try {
    const r = await client.query(`explain ${q.sql}`, q.parameters as unknown[]);
    return r.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n');
  } finally {
    client.release();
  }
}

describe('Citus: a field record routes to one node', () => {
  it('the inspection and the maintenance: each tenant statement is one task, no subplan', async () => {
    const e = await newEquipment(t);
    const inspection = await statementsOf(`/web/equipments/${e.serial}/inspections`, {
      answers: goodAnswers(t.catalogue),
    });
    const maintenance = await statementsOf(`/web/equipments/${e.serial}/maintenances`, {
      answers: [
        { questionId: t.catalogue.maintenance.recharged, answer: 'YES' },
        { questionId: t.catalogue.maintenance.description, answer: 'Recarga' },
      ],
      parts: [{ partId: t.catalogue.parts.powder, quantity: 1 }],
    });
    for (const [what, statements] of [
      ['inspection', inspection],
      ['maintenance', maintenance],
    ] as const) {
      const tenant = statements.filter((q) => q.sql.includes(`"${t.schema}".`));
      // The read and the write statement.
      expect(tenant.length, what).toBe(2);
      expect(
        tenant.some((q) => q.sql.includes('write_guard')),
        what,
      ).toBe(true);
      for (const q of tenant) {
        const plan = await planOf(q);
        const context = `${what}: ${q.sql.slice(0, 120)}\n${plan}`;
        expect(plan, context).toMatch(/Custom Scan \(Citus Adaptive\)/);
        expect(plan, context).toMatch(/Task Count: 1\b/);
        expect(plan, context).not.toMatch(/Distributed Subplan/);
      }
    }
    // The write happened on the worker that holds the schema.
    const n = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(`${t.schema}.inspections`)}
      where equipment_id = ${e.id}`.execute(baseDb());
    expect(n.rows[0]!.n).toBe(1);
  }, 120_000);
});
