import type { Readable } from 'node:stream';
import { type SqlBool, sql } from 'kysely';
import type { JobListInput, JobView } from '../../../shared/jobs.ts';
import type { Page } from '../../../shared/list.ts';
import type { AuthContext } from '../../context.ts';
import type { JobRow } from '../../db/core-tables.ts';
import { coreDb } from '../../db/database.ts';
import { connected, onNotification } from '../../db/notifications.ts';
import { ROWS_CHANGED_CHANNEL } from '../../db/read-cache.ts';
import { AppError } from '../../errors.ts';
import { signPath } from '../../files/signed-links.ts';
import { fetchPage, mapPage } from '../../kit/list.ts';
import type { SignedInContext } from '../../kit/operation.ts';
import { scopeOf, scopeWhere } from '../../kit/scope.ts';
import { fileStore } from '../../files/store.ts';

type JobWithNames = Omit<JobRow, 'attempts'> & {
  requester_name: string | null;
  company_name: string | null;
};

export function downloadPath(id: string): string {
  return `/web/jobs/${id}/download`;
}

function toView(r: JobWithNames): JobView {
  const ready = r.state === 'completed' && !!r.result_key;
  return {
    id: r.id,
    type: r.type,
    state: r.state,
    progress: r.progress,
    error: r.error,
    params: r.params ?? {},
    companyGroupId: r.company_group_id,
    companyId: r.company_id,
    companyName: r.company_name,
    requestedBy: r.requested_by ? { id: r.requested_by, name: r.requester_name ?? '' } : null,
    createdAt: r.created_at,
    startedAt: r.started_at,
    finishedAt: r.finished_at,
    expiresAt: r.expires_at,
    result: ready
      ? {
          name: r.result_name ?? 'download',
          contentType: r.result_content_type ?? 'application/octet-stream',
          size: r.result_size ?? 0,
        }
      : null,
    summary: r.state === 'completed' ? (r.result ?? null) : null,
    downloadUrl: ready ? signPath(downloadPath(r.id)) : null,
  };
}

const JOB_COLUMNS = [
  'j.id',
  'j.type',
  'j.state',
  'j.progress',
  'j.error',
  'j.params',
  'j.company_group_id',
  'j.company_id',
  'j.requested_by',
  'j.created_at',
  'j.started_at',
  'j.finished_at',
  'j.expires_at',
  'j.result_key',
  'j.result_name',
  'j.result_content_type',
  'j.result_size',
  'j.result',
  'u.name as requester_name',
  'c.name as company_name',
] as const;

function jobsFrom() {
  return coreDb()
    .selectFrom('jobs as j')
    .leftJoin('users as u', 'u.id', 'j.requested_by')
    .leftJoin('companies as c', 'c.id', 'j.company_id');
}

function baseQuery() {
  return jobsFrom().select(JOB_COLUMNS);
}

/**
 * Who sees which jobs (kit scope): the provider admin all; a group admin the jobs of their group;
 * a company admin or operator the group's jobs of their own company, plus the ones they asked for.
 */
function visibleTo(auth: AuthContext) {
  const scope = scopeOf(auth);
  const group = scopeWhere(scope, { group: sql.ref('j.company_group_id') });
  if (scope.companyId === null) return group;
  return sql<SqlBool>`(${group} and (j.company_id = ${scope.companyId} or j.requested_by = ${auth.user.id}))`;
}

export async function listJobs({ auth }: SignedInContext, input: JobListInput): Promise<Page<JobView>> {
  let base = jobsFrom().where(visibleTo(auth));
  if (input.state) base = base.where('j.state', '=', input.state);
  if (input.type) base = base.where('j.type', '=', input.type);
  const page = await fetchPage(base, input, {
    search: [sql.ref('j.type'), sql.ref('u.name')],
    sorts: {
      created_at: sql.ref('j.created_at'),
      finished_at: sql.ref('j.finished_at'),
      type: sql.ref('j.type'),
      state: sql.ref('j.state'),
    },
    tiebreak: sql.ref('j.id'),
    select: (q) => q.select(JOB_COLUMNS),
  });
  return mapPage(page, (r) => toView(r as JobWithNames));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A job the caller may see; 404 for others' jobs and for ids that name no job. */
export async function getJob({ auth }: { auth: AuthContext }, { id }: { id: string }): Promise<JobView> {
  if (!UUID.test(id)) throw new AppError('NOT_FOUND');
  const row = await baseQuery().where('j.id', '=', id).where(visibleTo(auth)).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  return toView(row as JobWithNames);
}

/** A job by id, without the caller check: for signed links and waits after a checked enqueue. */
export async function getJobUnchecked(id: string): Promise<JobView | null> {
  const row = await baseQuery().where('j.id', '=', id).executeTakeFirst();
  return row ? toView(row as JobWithNames) : null;
}

export interface OpenedFile {
  stream: Readable;
  name: string;
  contentType: string;
  size: number | null;
}

/** The result file of a finished job, for streaming. Not ready → 409, failed → 409, expired → 410. */
export async function openJobResult(id: string): Promise<OpenedFile> {
  const row = await coreDb().selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  if (row.state === 'failed') throw new AppError('JOB_FAILED');
  if (row.state !== 'completed') throw new AppError('JOB_NOT_READY');
  if (!row.result_key) throw new AppError('JOB_RESULT_EXPIRED');
  const stream = await fileStore().get(row.result_key);
  if (!stream) throw new AppError('JOB_RESULT_EXPIRED');
  return {
    stream,
    name: row.result_name ?? 'download',
    contentType: row.result_content_type ?? 'application/octet-stream',
    size: row.result_size,
  };
}

/** Polls core.jobs until the job finishes or `timeoutMs` passes (then answers its current state). */
export async function waitForJob(
  id: string,
  timeoutMs: number,
  signal?: AbortSignal,
  /** the back-off poll's steps; the wait also wakes at once on a committed `core` change */
  poll = { firstMs: 100, maxMs: 1000 },
): Promise<JobView> {
  const until = Date.now() + timeoutMs;
  let delay = poll.firstMs;
  for (;;) {
    // Armed before the read, so a completion committed between the read and the wait still wakes it.
    const change = nextCoreChange();
    const job = await getJobUnchecked(id).catch((err: unknown) => {
      change.cancel();
      throw err;
    });
    if (!job) {
      change.cancel();
      throw new AppError('NOT_FOUND');
    }
    if (job.state === 'completed' || job.state === 'failed' || Date.now() >= until || signal?.aborted) {
      change.cancel();
      return job;
    }
    // Without LISTEN in place (starting, or lost) the poll is the only signal: keep its steps short.
    const step = change.trusted ? delay : Math.min(delay, 250);
    await change.within(Math.min(step, Math.max(until - Date.now(), 0)));
    delay = Math.min(delay * 1.5, poll.maxMs);
  }
}

/**
 * Wakes a download's wait as soon as a `core` table changes (the job row's completion is one), so a
 * document that renders in 50 ms is not answered at the next step of a 1 s back-off poll (issue 26:
 * a record's XLSX took 4.3 s against 1.25 s for its PDF, mostly waiting here).
 */
const coreWaiters = new Set<() => void>();
/** The waits now between two reads of their job (tests wait for their own to be there). */
const sleeping = new Set<() => void>();
export const jobWaitsInFlight = (): number => sleeping.size;
let listeningForCore = false;
function nextCoreChange(): { trusted: boolean; within(ms: number): Promise<void>; cancel(): void } {
  if (!listeningForCore) {
    listeningForCore = true;
    const wakeAll = () => {
      for (const wake of [...coreWaiters]) wake();
    };
    onNotification(ROWS_CHANGED_CHANNEL, {
      onNotify: (schema) => schema === 'core' && wakeAll(),
      onLost: wakeAll,
    });
  }
  const trusted = connected();
  let changed = false;
  let resolveWait: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;
  const wake = () => {
    changed = true;
    coreWaiters.delete(wake);
    sleeping.delete(wake);
    if (timer) clearTimeout(timer);
    resolveWait?.();
  };
  coreWaiters.add(wake);
  return {
    trusted,
    within: (ms) =>
      changed
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            resolveWait = resolve;
            sleeping.add(wake);
            timer = setTimeout(wake, ms);
          }),
    cancel: () => {
      coreWaiters.delete(wake);
      sleeping.delete(wake);
      if (timer) clearTimeout(timer);
    },
  };
}

/**
 * Retention: deletes result files of jobs past `expires_at` and clears their key (the row stays,
 * so the job center still shows the history). Safe to run from several workers at once.
 */
export async function sweepExpiredResults(now = new Date(), batch = 200): Promise<number> {
  let removed = 0;
  for (;;) {
    const rows = await coreDb()
      .selectFrom('jobs')
      .select(['id', 'result_key'])
      .where('expires_at', '<', now)
      .where('result_key', 'is not', null)
      .limit(batch)
      .execute();
    if (rows.length === 0) return removed;
    for (const r of rows) {
      await fileStore().delete(r.result_key!);
      await coreDb()
        .updateTable('jobs')
        .set({ result_key: null })
        .where('id', '=', r.id)
        .where('result_key', '=', r.result_key)
        .execute();
      removed++;
    }
    if (rows.length < batch) return removed;
  }
}
