import type { RestApp } from '../../rest.ts';

/** REST shim (`/web/*`) routes of the organisations domain. */
export function registerOrganisationsRest(_app: RestApp): void {}
