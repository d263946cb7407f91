import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseDb, observeQueries, tenantDb, tenantSchemaName } from '../../../src/server/db/database.ts';
import { today } from '../../../src/server/db/days.ts';
import { rest } from '../../helpers/api.ts';
import {
  createOrder,
  newEquipment,
  orderBody,
  type SoTenant,
  soTenant,
  waitFor,
} from '../service-orders/helpers.ts';
import { goodAnswers } from './helpers.ts';

/**
 * The inspection as one read and one guarded statement (issue 32 item 1, kit/write-plan.ts):
 * concurrent records of one equipment all land and leave it on the newest; a write that changed
 * the row between the read and the statement makes it run again under the lock; and a rare path's
 * step that fails takes the whole record back with it.
 */
let t: SoTenant;
beforeAll(async () => {
  t = await soTenant();
}, 60_000);

const path = (serial: string) => `/web/equipments/${serial}/inspections`;
const table = (name: string) => sql.table(`${tenantSchemaName(t.schema)}.${name}`);

async function inspectionsTotal(): Promise<number> {
  // The company's counter is the sum of its slots (tenant 1521).
  const r = await tenantDb(t.schema)
    .selectFrom('dashboard_totals')
    .select(sql<number>`coalesce(sum(inspections), 0)::int`.as('n'))
    .where('company_id', '=', t.companyId)
    .executeTakeFirstOrThrow();
  return r.n;
}

async function equipmentRow(id: number) {
  return tenantDb(t.schema)
    .selectFrom('equipment')
    .select(['last_inspection_id', 'last_inspection_at', 'last_inspection_user_name'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

async function recordsOf(equipmentId: number) {
  return tenantDb(t.schema)
    .selectFrom('inspections')
    .select(['id', 'performed_at'])
    .where('equipment_id', '=', equipmentId)
    .orderBy('performed_at', 'desc')
    .execute();
}

describe('concurrent inspections of one equipment', () => {
  it('10 in parallel are all recorded; the equipment keeps the newest; the counters count 10', async () => {
    const e = await newEquipment(t);
    const before = await inspectionsTotal();
    const base = Date.now();
    // Performed a minute apart, sent in a shuffled order: the newest is not the last to arrive.
    const performed = [3, 7, 0, 9, 1, 5, 8, 2, 6, 4].map((i) =>
      new Date(base - (i + 1) * 60_000).toISOString(),
    );
    const answers = await Promise.all(
      performed.map((performedAt) =>
        rest<{ id: number }>('POST', path(e.serial), {
          token: t.tokens.operator,
          body: { answers: goodAnswers(t.catalogue), performedAt },
        }),
      ),
    );
    for (const r of answers) expect(r.status, JSON.stringify(r.json)).toBe(201);
    const ids = answers.map((r) => r.json.data!.id);
    expect(new Set(ids).size).toBe(10);
    const records = await recordsOf(e.id);
    expect(records.map((r) => r.id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    const newest = ids[performed.indexOf(new Date(base - 60_000).toISOString())]!;
    expect(records[0]!.id).toBe(newest);
    const row = await equipmentRow(e.id);
    expect(row.last_inspection_id).toBe(newest);
    expect(row.last_inspection_at?.toISOString()).toBe(new Date(base - 60_000).toISOString());
    expect(row.last_inspection_user_name).toBeTruthy();
    expect((await inspectionsTotal()) - before).toBe(10);
  });

  it('a write that commits on the equipment between the read and the statement: the statement rolls back and runs again under the lock', async () => {
    const e = await newEquipment(t);
    const seen: string[] = [];
    const stop = observeQueries((q) => seen.push(q.sql));
    try {
      const answer = await baseDb()
        .connection()
        .execute(async (conn) => {
          await sql`begin`.execute(conn);
          // Another writer holds the row and changes it (a new xmin once it commits).
          await sql`update ${table('equipment')} set updated_at = now() where id = ${e.id}`.execute(conn);
          const post = rest<{ id: number }>('POST', path(e.serial), {
            token: t.tokens.operator,
            body: { answers: goodAnswers(t.catalogue) },
          });
          // The inspection read the old version and runs its statement (it waits on the row's
          // lock, or — the commit first — finds another version): either way the guard fails.
          await waitFor(async () => {
            const r = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
              where state = 'active' and query like ${`%${tenantSchemaName(t.schema)}"."equipment" where "id" = $1 and xmin%`}`.execute(
              baseDb(),
            );
            return r.rows[0]!.n > 0 ? true : undefined;
          }, 20_000);
          await sql`commit`.execute(conn);
          return post;
        });
      expect(answer.status, JSON.stringify(answer.json)).toBe(201);
      // Twice the statement: the first rolled back by the guard, the second under the lock.
      expect(seen.filter((s) => s.includes('write_guard')).length).toBe(2);
      const records = await recordsOf(e.id);
      expect(records.map((r) => r.id)).toEqual([answer.json.data!.id]);
      expect((await equipmentRow(e.id)).last_inspection_id).toBe(answer.json.data!.id);
    } finally {
      stop();
    }
  });
});

describe('a located inspection', () => {
  it('refines the MEDIAN reference in the same one statement: three round trips', async () => {
    const e = await newEquipment(t);
    const seen: string[] = [];
    const stop = observeQueries((q) => seen.push(q.sql));
    let r: Awaited<ReturnType<typeof rest>>;
    try {
      r = await rest('POST', path(e.serial), {
        token: t.tokens.operator,
        body: { answers: goodAnswers(t.catalogue), latitude: -23.5, longitude: -46.6, accuracy: 8 },
      });
    } finally {
      stop();
    }
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    expect(seen, seen.join('\n')).toHaveLength(3);
    const row = await tenantDb(t.schema)
      .selectFrom('equipment')
      .select(['reference_latitude', 'reference_longitude', 'reference_source', 'reference_samples'])
      .where('id', '=', e.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      reference_latitude: -23.5,
      reference_longitude: -46.6,
      reference_source: 'MEDIAN',
      reference_samples: 1,
    });
  });
});

describe('rare paths stay atomic', () => {
  it('an order item waiting: a failing step takes the record back; then it completes the item in the same write', async () => {
    const e = await newEquipment(t);
    const order = await createOrder(t.tokens.group, orderBody(t, [e], { type: 'INSPECTION' }));
    const schema = tenantSchemaName(t.schema);
    const before = await inspectionsTotal();
    // The step fails: completing the item breaks a constraint added for the test (NOT VALID: the
    // rows already there are not checked).
    const items = sql.id(schema, 'service_order_items');
    await sql`alter table ${items} add constraint test_items_fail check (completion_date is null) not valid`.execute(
      baseDb(),
    );
    try {
      const failed = await rest('POST', path(e.serial), {
        token: t.tokens.operator,
        body: { answers: goodAnswers(t.catalogue) },
      });
      expect(failed.status).toBe(500);
    } finally {
      await sql`alter table ${items} drop constraint test_items_fail`.execute(baseDb());
    }
    expect(await recordsOf(e.id)).toEqual([]);
    expect((await equipmentRow(e.id)).last_inspection_id).toBeNull();
    expect(await inspectionsTotal()).toBe(before);

    const seen: string[] = [];
    const stop = observeQueries((q) => seen.push(q.sql));
    let ok: Awaited<ReturnType<typeof rest<{ id: number }>>>;
    try {
      ok = await rest<{ id: number }>('POST', path(e.serial), {
        token: t.tokens.operator,
        body: { answers: goodAnswers(t.catalogue) },
      });
    } finally {
      stop();
    }
    expect(ok.status, JSON.stringify(ok.json)).toBe(201);
    const item = await tenantDb(t.schema)
      .selectFrom('service_order_items')
      .select('completion_date')
      .where('service_order_id', '=', order.id)
      .where('equipment_id', '=', e.id)
      .executeTakeFirstOrThrow();
    expect(item.completion_date).toBe(today());
    expect((await recordsOf(e.id)).map((r) => r.id)).toEqual([ok.json.data!.id]);
    // The rare path's round trips: sign-in, the read, BEGIN, the statement, the order's steps (its
    // items, its lock, its start, the items done, its status recomputed: 8), COMMIT — 13.
    expect(seen[2]?.toLowerCase()).toBe('begin');
    expect(seen[3]).toContain('write_guard');
    expect(seen.at(-1)?.toLowerCase()).toBe('commit');
    expect(seen.length, seen.join('\n')).toBeLessThanOrEqual(13);
  });
});
