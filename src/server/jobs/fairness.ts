/**
 * Fair sharing of the workers between tenants (issue 10, item 7), on BullMQ without its Pro
 * "groups": two pieces.
 *
 * 1. **Priority by backlog.** A job's BullMQ priority is 1 + the number of its tenant's unfinished
 *    jobs when it is queued, so a tenant with nothing waiting goes ahead of a tenant with a backlog
 *    (BullMQ runs lower numbers first, FIFO within a number).
 * 2. **A cap on running jobs per tenant and queue**, across every worker process: a worker that picks
 *    a job whose tenant already runs TENANT_MAX_ACTIVE_JOBS on that queue hands it back (delayed by
 *    a moment, priority kept), leaving the slot to another tenant. Running jobs hold leases in a
 *    Redis sorted set, renewed while they run, so a crashed worker's slot frees itself.
 */
import { sql } from 'kysely';
import { config } from '../config.ts';
import { coreDb } from '../db/database.ts';
import { redisCommand, redisKey } from '../redis.ts';

/** BullMQ's largest priority. */
export const MAX_PRIORITY = 2_097_151;

/** 1 + the tenant's queued or running jobs (counted on a partial index); undefined without a tenant. */
export async function priorityFor(
  companyGroupId: number | null,
  exceptJobId?: string,
): Promise<number | undefined> {
  if (companyGroupId === null) return undefined;
  let q = coreDb()
    .selectFrom('jobs')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('company_group_id', '=', companyGroupId)
    .where('state', 'in', ['queued', 'active']);
  if (exceptJobId) q = q.where('id', '!=', exceptJobId);
  const { n } = await q.executeTakeFirstOrThrow();
  return Math.min(1 + n, MAX_PRIORITY);
}

const ACQUIRE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZSCORE', KEYS[1], ARGV[4]) or redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[3]) then
  redis.call('ZADD', KEYS[1], tonumber(ARGV[1]) + tonumber(ARGV[2]), ARGV[4])
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
return 0
`;

const slotsKey = (queue: string, companyGroupId: number) => redisKey('tenant-slots', queue, companyGroupId);

export interface TenantSlot {
  release(): Promise<void>;
}

/**
 * Takes one of the tenant's running slots on `queue` for `jobId`, or answers null when the tenant
 * already has its share running. The lease lasts `leaseMs` and is renewed every third of it.
 */
export async function acquireTenantSlot(
  queue: string,
  companyGroupId: number,
  jobId: string,
  leaseMs = config().WORKER_LOCK_MS,
): Promise<TenantSlot | null> {
  const key = slotsKey(queue, companyGroupId);
  const take = () =>
    redisCommand((r) => r.eval(ACQUIRE, 1, key, Date.now(), leaseMs, config().TENANT_MAX_ACTIVE_JOBS, jobId));
  if ((await take()) !== 1) return null;
  const renew = setInterval(() => void take().catch(() => undefined), Math.max(500, Math.floor(leaseMs / 3)));
  renew.unref();
  return {
    release: async () => {
      clearInterval(renew);
      await redisCommand((r) => r.zrem(key, jobId)).catch(() => undefined);
    },
  };
}

/** Jobs of the tenant running on `queue` right now (tests and the figures). */
export async function runningFor(queue: string, companyGroupId: number): Promise<number> {
  const key = slotsKey(queue, companyGroupId);
  return redisCommand((r) => r.zcount(key, Date.now(), '+inf'));
}
