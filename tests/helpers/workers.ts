/**
 * How many test files run at once, each worker against an environment of its own (its own
 * database, Redis prefix and files; for the browser tests its own server and worker too) — the
 * files of one worker run one after the other, as the suites were written for. On a 2-core
 * machine vitest's default is one worker: one file's waits on Postgres or on the browser then
 * overlap nothing. The global setups prepare one environment per worker; tests/helpers/setup-env.ts
 * picks the worker's (VITEST_POOL_ID counts the workers from 1). Citus runs keep one.
 */
export const INTEGRATION_WORKERS = process.env.CITUS_TEST === '1' ? 1 : 2;
export const E2E_WORKERS = 2;

/** This worker's item of a per-worker list the global setup provided. */
export function ofThisWorker<T>(items: readonly T[]): T {
  return items[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % items.length]!;
}
