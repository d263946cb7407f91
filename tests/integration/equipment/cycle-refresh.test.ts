import { sql } from 'kysely';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { addMonths, todayIn } from '../../../src/shared/equipment/status.ts';
import { config, resetConfig } from '../../../src/server/config.ts';
import {
  baseDb,
  coreDb,
  observeQueries,
  tenantDb,
  tenantSchemaName,
} from '../../../src/server/db/database.ts';
import { refreshCycles } from '../../../src/server/domains/equipment/cycles-sql.ts';
import { equipmentJobs } from '../../../src/server/domains/equipment/cycle-refresh.ts';
import { createRegistry } from '../../../src/server/jobs/define.ts';
import { closeQueue } from '../../../src/server/jobs/queue.ts';
import type { SavedTypeCycles } from '../../../src/shared/cycles/schemas.ts';
import { startWorker } from '../../../src/worker/worker.ts';
import { rest, testApp, trpcClient } from '../../helpers/api.ts';
import { waitFor } from '../qr/helpers.ts';
import { createTag, equipmentSetup, register, type Setup } from './helpers.ts';

/**
 * A saved cycle list's equipment refresh (issue 30, the cycles job): in the request up to the
 * threshold (statements as before), else the `cycle-refresh` job, chunk by chunk, in the real
 * worker and queue. The threshold and the chunk are small here (100 and 40), so 300 equipment make
 * eight chunks. A queue prefix of its own: only this file's worker runs these jobs (with its chunk).
 */
process.env.REDIS_PREFIX = `${process.env.REDIS_PREFIX}:cyclejob`;
process.env.CYCLE_REFRESH_INLINE_MAX = '100';
process.env.CYCLE_REFRESH_CHUNK = '40';
resetConfig();

// Only the equipment jobs: a scheduled sweep of another domain (webhook deliveries) would run its
// statements in this process while a test counts a request's statements.
const worker = startWorker({ registry: createRegistry([equipmentJobs]), concurrency: 1 });
afterAll(async () => {
  await worker.close();
  await closeQueue();
});

const N = 300;
const today = todayIn(config().APP_TIME_ZONE);

const job = (id: string) =>
  coreDb().selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function finished(id: string) {
  return waitFor(
    async () => {
      const j = await job(id);
      return j.state === 'completed' || j.state === 'failed' ? j : undefined;
    },
    60_000,
    100,
    () => job(id),
  );
}

/** N extinguishers of the setup's product, written with SQL (manufactured and recharged on varied days). */
async function manyExtinguishers(s: Setup): Promise<number[]> {
  const schema = sql.id(tenantSchemaName(s.demo.schema));
  const tag = `CJ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const ids = await sql<{ id: number }>`with t as (
      insert into ${schema}.tags (serial_number, company_id, enabled)
      select ${tag} || g, ${s.demo.companyId}::bigint, true from generate_series(1, ${N}::int) g returning id
    )
    insert into ${schema}.equipment (tag_id, company_id, product_id)
    select t.id, ${s.demo.companyId}::bigint, ${s.c.productId}::int from t returning id`.execute(baseDb());
  const list = ids.rows.map((r) => r.id);
  await sql`insert into ${schema}.equipment_attribute_values (equipment_id, attribute_id, value)
    select e, a, to_char(${today}::date - (e * case when a = ${s.c.attributes.recharge}::int then 7 else 13 end % 900), 'YYYY-MM-DD')
    from unnest(${list}::int[]) e cross join unnest(${[s.c.attributes.manufacturing, s.c.attributes.recharge]}::int[]) a`.execute(
    baseDb(),
  );
  onTestFinished(async () => {
    await tenantDb(s.demo.schema).deleteFrom('equipment').where('id', 'in', list).execute();
  });
  return list;
}

type Row = {
  equipment_id: number;
  cycle_code: string;
  last_done_at: string | null;
  due_date: string | null;
  notice_date: string | null;
};

/** The equipment's cycle rows and due dates, in a stable order. */
async function stateOf(schema: string, ids: number[]) {
  const db = tenantDb(schema);
  const cycles: Row[] = await db
    .selectFrom('equipment_cycles')
    .select(['equipment_id', 'cycle_code', 'last_done_at', 'due_date', 'notice_date'])
    .where('equipment_id', 'in', ids)
    .orderBy('equipment_id')
    .orderBy('cycle_code')
    .execute();
  const due = await db
    .selectFrom('equipment')
    .select(['id', 'due_date', 'due_notice_date'])
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
  return { cycles, due };
}

/** What a small tenant's save leaves: the set-based refresh of the whole list in one transaction. */
async function expectLikeInlineRefresh(s: Setup, ids: number[]) {
  const after = await stateOf(s.demo.schema, ids);
  await tenantDb(s.demo.schema)
    .transaction()
    .execute((trx) => refreshCycles(trx, { inspectionTypeId: s.c.typeId }, { prune: true }));
  expect(await stateOf(s.demo.schema, ids)).toEqual(after);
  return after;
}

async function applyPreset(s: Setup) {
  const r = await rest<SavedTypeCycles>('POST', `/web/inspection-types/${s.c.typeId}/cycles/preset/`, {
    token: s.t.group,
    body: { preset: 'nbr-12962-extinguishers' },
  });
  expect(r.status).toBe(200);
  return r.json.data!;
}

describe('saving a cycle list', () => {
  it('at most the threshold: recomputes in the request, with the statements of before', async () => {
    const s = await equipmentSetup();
    const serial = await createTag(s.demo);
    await register(s.t.company, {
      tagSerialNumber: serial,
      productId: s.c.productId,
      attributes: [{ attributeId: s.c.attributes.manufacturing, value: addMonths(today, -24) }],
    });
    const seen: string[] = [];
    const stop = observeQueries((q) => seen.push(q.sql));
    let res: Response;
    try {
      res = await testApp().request(`/web/inspection-types/${s.c.typeId}/cycles/preset/`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${s.t.group}`,
          'Content-Type': 'application/json',
          'X-Forwarded-For': '10.7.7.8',
        },
        body: JSON.stringify({ preset: 'nbr-12962-extinguishers' }),
      });
    } finally {
      stop();
    }
    const body = (await res.json()) as { data: SavedTypeCycles };
    expect(res.status).toBe(200);
    expect(body.data.refresh).toBeNull();
    expect(body.data.cycles.map((c) => c.code)).toEqual(['inspection', 'recharge', 'hydrostatic-test']);
    // auth, begin, audit header, lock the type, read its list, delete, insert, [count + prune],
    // upsert, legacy due dates, due dates, commit, read the list: the same 13 as before the job
    // existed — the count rides on the prune statement.
    expect(seen.length, seen.join('\n')).toBe(13);
    expect(seen.filter((q) => /cycle_refreshes/.test(q))).toHaveLength(1);
    const e = await rest<{ cycles: { code: string }[] }>('GET', `/web/equipments/${serial}/`, {
      token: s.t.company,
    });
    expect(e.json.data!.cycles.map((c) => c.code)).toEqual(['inspection', 'recharge', 'hydrostatic-test']);
  });

  it('above it: the job refreshes every equipment in chunks, as the request would have', {
    timeout: 120_000,
  }, async () => {
    const s = await equipmentSetup();
    const ids = await manyExtinguishers(s);
    const saved = await applyPreset(s);
    expect(saved.refresh).toMatchObject({ equipment: N });
    const j = await finished(saved.refresh!.jobId);
    expect(j).toMatchObject({ state: 'completed', progress: 100, type: 'cycle-refresh' });
    expect(j.result).toMatchObject({ inspectionTypeId: s.c.typeId, equipment: N, superseded: false });
    const after = await expectLikeInlineRefresh(s, ids);
    expect(after.cycles).toHaveLength(3 * N);
    expect(after.due.every((d) => d.due_date !== null)).toBe(true);
    const run = await tenantDb(s.demo.schema)
      .selectFrom('cycle_refreshes')
      .selectAll()
      .where('owner_key', '=', `type:${s.c.typeId}`)
      .executeTakeFirstOrThrow();
    expect(run).toMatchObject({ job_id: j.id, total: N, done: N, after_id: Math.max(...ids) });
    expect(run.finished_at).not.toBeNull();
  });

  it('a job failing mid-way is retried and resumes after its last committed chunk', {
    timeout: 120_000,
  }, async () => {
    const s = await equipmentSetup();
    const ids = await manyExtinguishers(s);
    const schema = sql.id(tenantSchemaName(s.demo.schema));
    const name = `cj_${s.c.typeId}`;
    // The chunk that would reach 120 done fails once (a sequence is not rolled back); every
    // committed cursor move is logged (a rolled-back one is not).
    await sql`create sequence ${schema}.${sql.id(`${name}_fail`)}`.execute(baseDb());
    await sql`create table ${schema}.${sql.id(`${name}_log`)} (done int, after_id int)`.execute(baseDb());
    await sql`create function ${schema}.${sql.id(`${name}_fn`)}() returns trigger language plpgsql as $$
      begin
        if new.owner_key = ${sql.lit(`type:${s.c.typeId}`)} and new.done > old.done then
          if new.done >= 120 and nextval(${sql.lit(`${tenantSchemaName(s.demo.schema)}.${name}_fail`)}) = 1 then
            raise exception 'crash in the middle of the refresh';
          end if;
          insert into ${schema}.${sql.id(`${name}_log`)} values (new.done, new.after_id);
        end if;
        return new;
      end $$`.execute(baseDb());
    await sql`create trigger ${sql.id(`${name}_tr`)} before update on ${schema}.cycle_refreshes
      for each row execute function ${schema}.${sql.id(`${name}_fn`)}()`.execute(baseDb());
    onTestFinished(async () => {
      await sql`drop trigger ${sql.id(`${name}_tr`)} on ${schema}.cycle_refreshes`.execute(baseDb());
      await sql`drop function ${schema}.${sql.id(`${name}_fn`)}()`.execute(baseDb());
      await sql`drop table ${schema}.${sql.id(`${name}_log`)}`.execute(baseDb());
      await sql`drop sequence ${schema}.${sql.id(`${name}_fail`)}`.execute(baseDb());
    });

    const saved = await applyPreset(s);
    const j = await finished(saved.refresh!.jobId);
    expect(j).toMatchObject({ state: 'completed', attempts: 2 });
    const log = await sql<{ done: number }>`select done from ${schema}.${sql.id(`${name}_log`)}`.execute(
      baseDb(),
    );
    // Each chunk committed once: 40, 80 before the failure, then 120 … 300 on the retry.
    expect(log.rows.map((r) => r.done)).toEqual([40, 80, 120, 160, 200, 240, 280, 300]);
    const after = await expectLikeInlineRefresh(s, ids);
    expect(after.cycles).toHaveLength(3 * N);
  });

  it('two quick saves end in the second list, on both doors with the same answer', {
    timeout: 120_000,
  }, async () => {
    const s = await equipmentSetup();
    const ids = await manyExtinguishers(s);
    const first = await applyPreset(s);
    const yearly = {
      code: 'yearly',
      name: 'Anual',
      norm: null,
      intervalValue: 12,
      intervalUnit: 'MONTHS' as const,
      doneBy: 'INSPECTION' as const,
      maintenanceLevel: null,
      questionId: null,
      answer: null,
      doneAttributes: [],
      startFrom: 'MANUFACTURING' as const,
      startDate: null,
      warningDays: 20,
    };
    const second = await trpcClient(s.t.group).catalogue.cycles.saveTypeCycles.mutate({
      id: s.c.typeId,
      cycles: [yearly],
    });
    expect(second.refresh).toMatchObject({ equipment: N });
    expect(second.refresh!.jobId).not.toBe(first.refresh!.jobId);
    const [a, b] = [await finished(first.refresh!.jobId), await finished(second.refresh!.jobId)];
    expect([a.state, b.state]).toEqual(['completed', 'completed']);
    expect(b.result).toMatchObject({ superseded: false, equipment: N });
    const after = await expectLikeInlineRefresh(s, ids);
    expect(new Set(after.cycles.map((c) => c.cycle_code))).toEqual(new Set(['yearly']));
    expect(after.cycles).toHaveLength(N);
    const made = await tenantDb(s.demo.schema)
      .selectFrom('equipment_attribute_values')
      .select(['equipment_id', 'value'])
      .where('attribute_id', '=', s.c.attributes.manufacturing)
      .where('equipment_id', 'in', ids)
      .execute();
    const byId = new Map(made.map((m) => [m.equipment_id, m.value]));
    for (const c of after.cycles) expect(c.due_date).toBe(addMonths(byId.get(c.equipment_id)!, 12));
  });
});
