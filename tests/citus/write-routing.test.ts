import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { citusNodes } from '../../scripts/citus/nodes.ts';
import { baseDb, getPool, observeQueries, tenantSchemaName } from '../../src/server/db/database.ts';
import { rest } from '../helpers/api.ts';
import { goodAnswers } from '../integration/equipment/helpers.ts';
import { newEquipment, type SoTenant, soTenant } from '../integration/service-orders/helpers.ts';

/**
 * Issue 32 item 1 on Citus: a field record's statements — its one read and its one write statement
 * (kit/write-plan.ts) — go to the one node that holds the company group's schema: every task
 * that reads or writes the group's tables runs there. The read is a single task. The write statement is not (yet): Citus's
 * router planner refuses INSERT common table expressions ("only SELECT, UPDATE, or DELETE common
 * table expressions may be router planned"), so it runs as one subplan per part, each a round trip
 * from the coordinator to that same worker, and the guard's final SELECT on the coordinator
 * (docs/decisions.md). The test pins both facts, so a change that routes the write whole (or
 * spreads it over nodes) is seen.
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

describe('Citus: a field record goes to one node', () => {
  it("the inspection and the maintenance: every task on the schema's worker; the read one task, the write one subplan per part", async () => {
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
      const tenant = statements.filter((q) => q.sql.includes(`"${tenantSchemaName(t.schema)}".`));
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
        // One task per step, on the schema's worker.
        const tasks = [...plan.matchAll(/Task Count: (\d+)/g)].map((m) => Number(m[1]));
        expect(new Set(tasks), context).toEqual(new Set([1]));
        const nodes = [...plan.matchAll(/Node: host=\S+ port=(\d+)/g)].map((m) => Number(m[1]));
        const [coordinator, ...workers] = citusNodes().map((n) => n.port);
        const worker = nodes.find((p) => workers.includes(p));
        expect(worker, context).toBeDefined();
        if (q.sql.includes('write_guard')) {
          // Each part a subplan on that worker; the guard's final SELECT over their intermediate
          // results on the coordinator (the gap the file's comment names).
          expect(plan, context).toMatch(/Distributed Subplan/);
          expect(new Set(nodes), context).toEqual(new Set([worker, coordinator]));
          expect(nodes.at(-1), context).toBe(coordinator);
        } else {
          expect(plan, context).not.toMatch(/Distributed Subplan/);
          expect(nodes, context).toEqual([worker]);
        }
      }
    }
    // The write happened on the worker that holds the schema.
    const n = await sql<{
      n: number;
    }>`select count(*)::int as n from ${sql.table(`${tenantSchemaName(t.schema)}.inspections`)}
      where equipment_id = ${e.id}`.execute(baseDb());
    expect(n.rows[0]!.n).toBe(1);
  }, 120_000);
});
