import type { RestApp } from '../../rest.ts';

/** REST shim (`/web/*`) routes of the catalogue domain. */
export function registerCatalogueRest(_app: RestApp): void {}
