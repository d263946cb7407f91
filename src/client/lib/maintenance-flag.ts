/**
 * Raised by the first call answered 503 MAINTENANCE_MODE (lib/trpc.ts, the session restore, a
 * sign-in); the root then shows the maintenance page (components/layout/maintenance.tsx).
 */
import * as React from 'react';

let flagged = false;
const listeners = new Set<() => void>();

function setFlag(value: boolean): void {
  if (flagged === value) return;
  flagged = value;
  for (const l of listeners) l();
}

export const MAINTENANCE_CODE = 'MAINTENANCE_MODE';

/** Called when a call is answered 503 MAINTENANCE_MODE. */
export function markMaintenance(): void {
  setFlag(true);
}

/** Leaves the maintenance page (e.g. back to the sign-in, where the provider admin may enter). */
export function clearMaintenance(): void {
  setFlag(false);
}

/** True once a call was refused for maintenance (until it is over or cleared). */
export function useMaintenanceFlag(): boolean {
  return React.useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => flagged,
  );
}
