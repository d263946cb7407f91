import type { RestApp } from '../../rest.ts';

/** REST shim (`/web/*`) routes of the qr domain. */
export function registerQrRest(_app: RestApp): void {}
