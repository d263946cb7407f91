import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { baseDb, getPool, tenantSchemaName } from '../../../src/server/db/database.ts';
import { today } from '../../../src/server/db/days.ts';
import { rest } from '../../helpers/api.ts';
import { productBody } from '../catalogue/helpers.ts';
import {
  countersAndRecount,
  fromToday,
  type Made,
  makeEquipment,
  type ReportCatalogue,
  type ReportTenant,
  reportCatalogue,
  reportTenant,
} from './helpers.ts';

/**
 * The dashboard's counters (tenant migration 0601: totals, equipment by last-inspection day,
 * equipment by state and expiry) stay exactly equal to a recount of the rows after a burst of
 * concurrent writes: inspection and maintenance POSTs through the real operations (two roles),
 * registrations, a product's schedule change (its equipment's dates move), and raw SQL deletes and
 * edits of inspections and equipment — all at once, on a tenant of the test's own.
 */
let tn: ReportTenant;
let c: ReportCatalogue;
const eq: Made[] = [];
/** Equipment only raw SQL writes to (moved to another company, deleted), so no POST races them. */
const rawOnly: Made[] = [];

beforeAll(async () => {
  tn = await reportTenant();
  c = await reportCatalogue(tn.tokens.group);
  for (let i = 0; i < 12; i++)
    eq.push(
      await makeEquipment(
        tn,
        { productId: i % 3 === 0 ? c.lampId : c.extinguisherId, extraLabel: `Ponto ${i}` },
        i % 4 === 3 ? tn.companyB : tn.companyA,
      ),
    );
  for (let i = 0; i < 3; i++)
    rawOnly.push(await makeEquipment(tn, { productId: c.extinguisherId, extraLabel: `Bruto ${i}` }));
}, 120_000);

const s = () => sql.id(tenantSchemaName(tn.schema));
const raw = (q: ReturnType<typeof sql>) => q.execute(baseDb());

async function expectExact(when: string) {
  const { counters, recount } = await countersAndRecount(tn.schema);
  expect(counters, when).toEqual(recount);
}

async function ok(p: Promise<{ status: number; json: unknown }>, want = 201) {
  const r = await p;
  if (r.status !== want) throw new Error(`${r.status} ${JSON.stringify(r.json)}`);
}

const inspect = (e: Made, token = tn.tokens.group) =>
  ok(rest('POST', `/web/equipments/${e.serial}/inspections`, { token, body: { answers: [] } }));
const maintain = (e: Made) =>
  ok(
    rest('POST', `/web/equipments/${e.serial}/maintenances`, {
      token: tn.tokens.group,
      body: { answers: [] },
    }),
  );

describe('dashboard counters = recount', () => {
  it('after the backfill and the registrations', async () => {
    await expectExact('start');
    const totals = await tn.db
      .selectFrom('dashboard_totals')
      .select(['company_id', sql<number>`sum(equipment)::int`.as('equipment')])
      .groupBy('company_id')
      .orderBy('company_id')
      .execute();
    expect(totals.map((t) => [t.company_id, t.equipment])).toEqual([
      [tn.companyA, 12],
      [tn.companyB, 3],
    ]);
  });

  it('after a burst of concurrent inserts, edits and deletes', async () => {
    const inA = eq.filter((_, i) => i % 4 !== 3);
    const writes: Promise<unknown>[] = [];
    // 48 inspection POSTs (some on the same equipment at once), by the group admin and the operator.
    for (let round = 0; round < 4; round++)
      for (const [i, e] of eq.entries())
        writes.push(inspect(e, i % 4 !== 3 && round % 2 === 1 ? tn.tokens.operator : tn.tokens.group));
    for (const e of eq.slice(0, 4)) writes.push(maintain(e));
    // Registrations and a product edit whose schedule moves its equipment's dates.
    for (let i = 0; i < 3; i++)
      writes.push(
        makeEquipment(tn, { productId: c.lampId, extraLabel: `Novo ${i}` }).then((e) => inspect(e)),
      );
    writes.push(
      ok(
        rest('PUT', `/web/products/${c.extinguisherId}/`, {
          token: tn.tokens.group,
          body: productBody(c.fireId, c.extType, {
            ...c.names.extinguisher,
            inspectionSchedule: 7,
            isDueDate: true,
            daysNotificationDueDate: 3,
          }),
        }),
        200,
      ),
    );
    // Raw SQL, concurrently: deletes, edits moving inspections between days and companies, edits
    // of the equipment's stored dates and flags, an equipment deleted with its records.
    const rawWrites = async () => {
      await raw(sql`delete from ${s()}.inspections where id in (
        select id from ${s()}.inspections order by id limit 5)`);
      // Through UTC: timestamptz − interval is STABLE, which Citus refuses over a column in an UPDATE.
      await raw(sql`update ${s()}.inspections set created_at = (created_at at time zone 'UTC' - interval '40 days') at time zone 'UTC'
        where id in (select id from ${s()}.inspections order by id desc limit 4)`);
      await raw(sql`update ${s()}.inspections set company_id = ${tn.companyB}
        where id in (select id from ${s()}.inspections where company_id = ${tn.companyA} order by id limit 3)`);
      await raw(sql`update ${s()}.equipment set last_inspection_day = last_inspection_day - 35,
        last_inspection_improper = not last_inspection_improper where id = ${inA[1]!.id}`);
      await raw(sql`update ${s()}.equipment set due_date = current_date - 2, next_inspection_date = null
        where id = ${inA[2]!.id}`);
      await raw(sql`update ${s()}.equipment set company_id = ${tn.companyB}, last_inspection_at = now(),
        last_inspection_day = current_date, next_inspection_date = current_date + 1 where id = ${rawOnly[0]!.id}`);
      await raw(sql`update ${s()}.equipment set last_inspection_at = now(), last_inspection_day = current_date - 400,
        last_inspection_improper = true where id = ${rawOnly[1]!.id}`);
      await raw(sql`delete from ${s()}.equipment where id = ${rawOnly[1]!.id}`);
      await raw(sql`delete from ${s()}.equipment where id = ${rawOnly[2]!.id}`);
    };
    writes.push(rawWrites());
    writes.push(
      (async () => {
        for (let i = 0; i < 5; i++)
          await raw(sql`delete from ${s()}.inspections where id = (
            select max(id) from ${s()}.inspections where equipment_id = ${inA[0]!.id})`);
      })(),
    );
    const results = await Promise.allSettled(writes);
    const failed = results.filter((r) => r.status === 'rejected');
    expect(failed.map((f) => String((f as PromiseRejectedResult).reason))).toEqual([]);
    await expectExact('after the burst');
    const n = await tn.db
      .selectFrom('inspections')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(n.n).toBeGreaterThan(30);
  }, 120_000);

  it('after a statement of many rows each way (bulk insert, update, delete)', async () => {
    await raw(sql`insert into ${s()}.inspections (equipment_id, company_id, product_id, created_at)
      select e.id, e.company_id, e.product_id, now() - (g || ' days')::interval
      from ${s()}.equipment e cross join generate_series(1, 50) g`);
    await raw(sql`update ${s()}.equipment set last_inspection_at = now() - interval '3 days',
      last_inspection_day = current_date - 3, next_inspection_date = current_date + (id % 5) - 2`);
    await expectExact('bulk insert and update');
    await raw(sql`delete from ${s()}.inspections where created_at < now() - interval '25 days'`);
    await raw(sql`update ${s()}.equipment set last_inspection_at = null, last_inspection_day = null
      where id % 2 = 0`);
    await expectExact('bulk delete and update');
  });

  it('two writers of one company on different connections do not wait for each other’s counter row (slots, tenant migration 1521)', async () => {
    // Two connections whose backends add to different slots (pid % 16).
    const held: pg.PoolClient[] = [];
    const pool = getPool();
    let a: pg.PoolClient | undefined;
    let b: pg.PoolClient | undefined;
    try {
      for (let i = 0; i < 8 && !b; i++) {
        const c = await pool.connect();
        held.push(c);
        const pid = (await c.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
        if (!a) a = Object.assign(c, { slotOf: pid % 16 });
        else if (pid % 16 !== (a as unknown as { slotOf: number }).slotOf) b = c;
      }
      expect(b, 'two backends in different slots').toBeDefined();
      const [e1, e2] = [eq[0]!, eq[4]!];
      // A day no equipment was inspected on, so both writers add to the same key.
      const day = fromToday(-400);
      await a!.query('begin');
      // The first writer counts one equipment on today for company A and keeps its row locks.
      await a!.query(
        `update ${tenantSchemaName(tn.schema)}.equipment set last_inspection_day = $1::date, last_inspection_at = now() where id = $2`,
        [day, e1.id],
      );
      await b!.query('begin');
      await b!.query("set local lock_timeout = '3s'");
      // Before the slots this waited for the first writer's row of (company A, today) and failed.
      await b!.query(
        `update ${tenantSchemaName(tn.schema)}.equipment set last_inspection_day = $1::date, last_inspection_at = now() where id = $2`,
        [day, e2.id],
      );
      await b!.query('commit');
      await a!.query('commit');
    } finally {
      // A failed run leaves a transaction open: never hand it back to the pool like that.
      for (const c of held) {
        await c.query('rollback').catch(() => undefined);
        c.release();
      }
    }
    await expectExact('two slots');
  });

  it('the dashboard reads the counters: its totals are the recount', async () => {
    const r = await rest<{ equipments: { allTimeTotal: number }; inspections: { allTimeTotal: number } }>(
      'GET',
      '/web/dashboard/',
      { token: tn.tokens.group },
    );
    const count = async (table: 'equipment' | 'inspections') =>
      (await tn.db.selectFrom(table).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;
    expect([r.json.data!.equipments.allTimeTotal, r.json.data!.inspections.allTimeTotal]).toEqual([
      await count('equipment'),
      await count('inspections'),
    ]);
    const status = await rest<Record<string, number>>('GET', '/web/dashboard/equipment-status/', {
      token: tn.tokens.group,
    });
    const direct = await sql<{ status: string; n: number }>`
      select case when last_inspection_at is null then 'NA' when last_inspection_improper then 'IMPROPER'
        when next_inspection_date < ${today()}::date or due_date < ${today()}::date then 'EXPIRED' else 'VALID' end as status,
        count(*)::int as n
      from ${s()}.equipment group by 1`.execute(baseDb());
    const want = { EXPIRED: 0, IMPROPER: 0, VALID: 0, NA: 0 } as Record<string, number>;
    for (const row of direct.rows) want[row.status] = row.n;
    expect(status.json.data).toEqual(want);
  });
});
