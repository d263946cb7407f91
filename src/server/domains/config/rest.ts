import type { RestApp } from '../../rest.ts';

/** REST shim (`/web/*`) routes of the config domain. */
export function registerConfigRest(_app: RestApp): void {}
