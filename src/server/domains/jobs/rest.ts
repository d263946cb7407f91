import type { RestApp } from '../../rest.ts';

/** REST shim (`/web/*`) routes of the jobs domain. */
export function registerJobsRest(_app: RestApp): void {}
