import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { citusNodes } from '../../scripts/citus/nodes.ts';
import { baseDb, getPool, observeQueries, tenantSchemaName } from '../../src/server/db/database.ts';
import { rest } from '../helpers/api.ts';
import { goodAnswers } from '../integration/equipment/helpers.ts';
import { newEquipment, type SoTenant, soTenant } from '../integration/service-orders/helpers.ts';

/**
 * Issue 32 item 1 on Citus: a field record's statements — its one read and its one write statement
 * (kit/write-plan.ts) — go to the one node that holds the company group's schema, whole. The read
 * is a single task there. The write is sent as one call of the schema's `planned_write` (tenant
 * 1551), a distributed function colocated with the group's tables, which Citus delegates to that
 * worker: every part runs there, none is a subplan sent from the coordinator (sent as the statement
 * itself, Citus's router planner refuses its INSERT parts and runs one subplan per part).
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
  it("the inspection and the maintenance: the read and the write each one task, on the schema's worker", async () => {
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
      // The read and the write's one call.
      expect(tenant.length, what).toBe(2);
      expect(
        tenant.some((q) => q.sql.includes('"planned_write"(')),
        what,
      ).toBe(true);
      const [, ...workers] = citusNodes().map((n) => n.port);
      const ran = new Set<number>();
      for (const q of tenant) {
        const plan = await planOf(q);
        const context = `${what}: ${q.sql.slice(0, 120)}\n${plan}`;
        expect(plan, context).toMatch(/Custom Scan \(Citus Adaptive\)/);
        expect(plan, context).not.toMatch(/Distributed Subplan/);
        // One task, on the schema's worker, and nothing else.
        const tasks = [...plan.matchAll(/Task Count: (\d+)/g)].map((m) => Number(m[1]));
        expect(tasks, context).toEqual([1]);
        const nodes = [...plan.matchAll(/Node: host=\S+ port=(\d+)/g)].map((m) => Number(m[1]));
        expect(nodes.length, context).toBe(1);
        expect(workers, context).toContain(nodes[0]);
        ran.add(nodes[0]!);
      }
      // The read and the write on the same worker.
      expect(ran.size, what).toBe(1);
    }
    // The write happened on the worker that holds the schema.
    const n = await sql<{
      n: number;
    }>`select count(*)::int as n from ${sql.table(`${tenantSchemaName(t.schema)}.inspections`)}
      where equipment_id = ${e.id}`.execute(baseDb());
    expect(n.rows[0]!.n).toBe(1);
    // The audit trail of the delegated write: its header (who) and its entries (what changed).
    const audit = await sql<{
      entity: string;
      action: string;
      user_id: string | null;
      header_user: string | null;
    }>`
      select ae.entity, ae.action, ae.user_id::text, at.user_id::text as header_user
      from ${sql.table(`${tenantSchemaName(t.schema)}.audit_entries`)} ae
        join ${sql.table(`${tenantSchemaName(t.schema)}.audit_transactions`)} at on at.id = ae.transaction_id
      where ae.entity in ('inspections', 'equipment') and ae.entity_id = ${String(e.id)}
         or ae.entity = 'inspections' and ae.changes->>'equipment_id' = ${String(e.id)}`.execute(baseDb());
    const kinds = new Set(audit.rows.map((r) => `${r.entity}:${r.action}`));
    // (the registration's INSERT of the equipment is among them, by another user)
    expect([...kinds], JSON.stringify(audit.rows)).toEqual(
      expect.arrayContaining(['inspections:INSERT', 'equipment:UPDATE']),
    );
    for (const r of audit.rows) expect(r.user_id, JSON.stringify(r)).toBe(r.header_user);
  }, 120_000);
});
