import type { ErrorCode } from '../shared/errors.ts';
import { pingDb } from './db/database.ts';
import { pendingMigrations } from './db/migrate.ts';
import { isDatabaseUnavailable } from './db/pg-errors.ts';
import { log } from './logger.ts';
import { redis } from './redis.ts';

/** How long one dependency may take to answer before the probe calls it down. */
const PROBE_TIMEOUT_MS = 3000;

export interface Readiness {
  ready: boolean;
  /** The first failed check's code (503), when not ready. */
  code?: ErrorCode;
  checks: {
    postgres: 'ok' | 'unavailable';
    redis: 'ok' | 'unavailable';
    migrations: 'current' | 'pending' | 'unknown';
  };
  /** schemas with migrations not run yet (at most a few, for the operator) */
  pending?: { schema: string; pending: string[] }[];
}

function withTimeout<T>(p: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not answer in ${PROBE_TIMEOUT_MS} ms`)),
      PROBE_TIMEOUT_MS,
    );
    timer.unref();
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

let draining = false;

/** SIGTERM: from now on /ready says 503 and every answer closes its connection. */
export function startDraining(): void {
  draining = true;
}

export function isDraining(): boolean {
  return draining;
}

// The migrations this process's code needs do not change while it runs, and a migrated database
// stays migrated: once current, later probes only ping Postgres and Redis.
let migrationsCurrent = false;

/**
 * Readiness (`GET /ready`): Postgres answers, Redis answers, and every migration of the folders has
 * run in `core` and in each company group's schema. `/health` stays liveness.
 */
export async function checkReadiness(): Promise<Readiness> {
  if (draining)
    return {
      ready: false,
      code: 'SERVER_SHUTTING_DOWN',
      checks: { postgres: 'ok', redis: 'ok', migrations: migrationsCurrent ? 'current' : 'unknown' },
    };
  const [pg, rd] = await Promise.allSettled([
    withTimeout(pingDb(), 'PostgreSQL'),
    withTimeout(redis().ping(), 'Redis'),
  ]);
  const checks: Readiness['checks'] = {
    postgres: pg.status === 'fulfilled' ? 'ok' : 'unavailable',
    redis: rd.status === 'fulfilled' ? 'ok' : 'unavailable',
    migrations: migrationsCurrent ? 'current' : 'unknown',
  };
  let pending: Readiness['pending'];
  if (checks.postgres === 'ok' && !migrationsCurrent) {
    try {
      pending = await withTimeout(pendingMigrations(), 'the migration check');
      migrationsCurrent = pending.length === 0;
      checks.migrations = migrationsCurrent ? 'current' : 'pending';
    } catch (e) {
      // A database that fails mid-check is not ready either; say why in the log only.
      if (isDatabaseUnavailable(e)) checks.postgres = 'unavailable';
      else log.warn('readiness: migration check failed', { error: String(e) });
    }
  }
  let code: ErrorCode | undefined;
  if (checks.postgres !== 'ok') code = 'DATABASE_UNAVAILABLE';
  else if (checks.migrations !== 'current') code = 'DATABASE_NOT_MIGRATED';
  else if (checks.redis !== 'ok') code = 'REDIS_UNAVAILABLE';
  return code
    ? { ready: false, code, checks, ...(pending?.length ? { pending: pending.slice(0, 5) } : {}) }
    : { ready: true, checks };
}
