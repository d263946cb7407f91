/**
 * A saved cycle list's equipment (issue 30, the cycles job). The save (catalogue) publishes
 * `cyclesChanged` in its transaction; here, in that transaction:
 * - at most `CYCLE_REFRESH_INLINE_MAX` equipment (default 2,000, ~0.5 s): recomputed at once, with
 *   the statements of before (`refreshSmallList`); the answer's `refresh` is null;
 * - more: the list's `cycle_refreshes` row (tenant 1371) is taken over by a new `cycle-refresh` job
 *   (its core.jobs row written in the transaction, queued after the commit), and the answer's
 *   `refresh` names the job and the equipment count.
 * The job walks the list's equipment in id order, `CYCLE_REFRESH_CHUNK` at a time, each chunk one
 * short transaction that locks the row, checks the job still owns it, recomputes the chunk with the
 * set-based rule (`refreshCycles`, which reads the list as it is now) and moves the row's cursor:
 * a crash or retry resumes after the last committed chunk, a second run of a finished job does
 * nothing, and a later save of the same list takes the row over, so the older job stops at its next
 * chunk and the newer one (from the first equipment again) leaves every equipment on the latest list.
 */
import { z } from 'zod';
import type { CycleRefresh } from '../../../shared/cycles/schemas.ts';
import { idField } from '../../../shared/fields.ts';
import { config } from '../../config.ts';
import { afterCommit } from '../../db/after-commit.ts';
import { type TenantDb, tenantDb, withCore } from '../../db/database.ts';
import { defineJob } from '../../jobs/define.ts';
import { jobGroup } from '../../jobs/job-group.ts';
import { insertJobRow, queueJobRow } from '../../jobs/queue.ts';
import { writeTenantAuditHeader } from '../../kit/audit-header.ts';
import { log } from '../../logger.ts';
import type { Ctx, Trx } from './common.ts';
import {
  type CycleOwner,
  countEquipment,
  listEquipmentIds,
  refreshCycles,
  refreshKey,
  refreshSmallList,
} from './cycles-sql.ts';

const ownerSchema = z.union([
  z.object({ inspectionTypeId: idField }).strict(),
  z.object({ productId: idField }).strict(),
]);

export const cycleRefreshParamsSchema = z.object({ owner: ownerSchema });

/**
 * The `cyclesChanged` subscription: recomputes a small list's equipment in the save's transaction,
 * or hands a large one to the job (answering it).
 */
export async function refreshOrQueue(
  trx: Trx,
  ctx: Ctx,
  owner: CycleOwner,
  max = config().CYCLE_REFRESH_INLINE_MAX,
): Promise<CycleRefresh | undefined> {
  const equipment = await refreshSmallList(trx, owner, max);
  if (equipment <= max) return undefined;
  const params = cycleRefreshParamsSchema.parse({ owner });
  const jobOwner = {
    companyGroupId: ctx.auth.companyGroup.id,
    companyId: null,
    requestedBy: ctx.auth.user.id,
  };
  const jobId = await insertJobRow(cycleRefreshJob.type, params, jobOwner, withCore(trx));
  await trx
    .insertInto('cycle_refreshes')
    .values({ owner_key: refreshKey(owner), job_id: jobId, total: equipment })
    .onConflict((oc) =>
      oc.column('owner_key').doUpdateSet({
        job_id: jobId,
        total: equipment,
        done: 0,
        after_id: 0,
        started_at: new Date(),
        finished_at: null,
      }),
    )
    .execute();
  // Queued once the list and the row are visible; if Redis misses it the requeue sweep puts it on.
  afterCommit(trx, () => {
    queueJobRow(cycleRefreshJob, jobId, params, jobOwner).catch((err) =>
      log.warn('cycle refresh left queued', { jobId, error: String(err) }),
    );
  });
  return { jobId, equipment };
}

type Step = { state: 'superseded' | 'finished' } | { state: 'chunk'; done: number };

/** One chunk in its own transaction: see the file's comment. */
async function refreshChunk(db: TenantDb, owner: CycleOwner, jobId: string, chunk: number): Promise<Step> {
  return db.transaction().execute(async (trx) => {
    await writeTenantAuditHeader(trx, { system: `cycle-refresh ${jobId}` });
    const run = await trx
      .selectFrom('cycle_refreshes')
      .select(['job_id', 'after_id', 'done', 'finished_at'])
      .where('owner_key', '=', refreshKey(owner))
      .forUpdate()
      .executeTakeFirst();
    if (!run || run.job_id !== jobId) return { state: 'superseded' };
    if (run.finished_at) return { state: 'finished' };
    const ids = await listEquipmentIds(trx, owner, run.after_id, chunk);
    const row = trx.updateTable('cycle_refreshes').where('owner_key', '=', refreshKey(owner));
    if (ids.length === 0) {
      await row.set({ finished_at: new Date() }).execute();
      return { state: 'finished' };
    }
    await refreshCycles(trx, { equipmentIds: ids }, { prune: true });
    const done = run.done + ids.length;
    await row.set({ after_id: ids[ids.length - 1]!, done }).execute();
    return { state: 'chunk', done };
  });
}

/** Runs (or resumes) the job `jobId`'s refresh of `owner`'s equipment; answers what it did. */
export async function runCycleRefresh(
  db: TenantDb,
  owner: CycleOwner,
  jobId: string,
  progress: (percent: number) => Promise<void>,
  chunk = config().CYCLE_REFRESH_CHUNK,
): Promise<{ equipment: number; superseded: boolean }> {
  const total = Math.max(1, await countEquipment(db, owner));
  let done = 0;
  for (;;) {
    const step = await refreshChunk(db, owner, jobId, chunk);
    if (step.state !== 'chunk') {
      if (step.state === 'finished') await progress(100);
      return { equipment: done, superseded: step.state === 'superseded' };
    }
    done = step.done;
    await progress(Math.min(99, Math.floor((done / total) * 100)));
  }
}

export const cycleRefreshJob = defineJob({
  type: 'cycle-refresh',
  params: cycleRefreshParamsSchema,
  // Its own queue, one at a time per worker: a large tenant's refresh never holds up exports or mail.
  queue: 'cycles',
  concurrency: 1,
  attempts: 5,
  async process({ params, meta, progress }) {
    const group = await jobGroup(meta, 'a cycle refresh');
    const r = await runCycleRefresh(tenantDb(group.schema), params.owner, meta.jobId, progress);
    return { summary: { ...params.owner, ...r } };
  },
});

export const equipmentJobs = [cycleRefreshJob];
