/**
 * The offline engine's state (issue 20): the signed-in user, the outbox's records, the working set
 * and what is under way. One per page; `useOffline()` (./use-offline.ts) reads it, the engine's
 * parts (./outbox.ts, ./working-set.ts, ./engine.ts) change it through `setState`.
 */
import type { Role } from '../../../../shared/roles.ts';
import { type OutboxRecord, type QueueCounts, queueCounts, type RetryReason } from './queue-rules.ts';
import type { WorkingSetMeta } from './store.ts';

export interface OfflineUser {
  id: number;
  companyId: number | null;
  role?: Role | null;
}

export interface DownloadProgress {
  done: number;
  total: number;
}

export interface OfflineState {
  user: OfflineUser | null;
  online: boolean;
  /** the user's records not yet accepted, in no particular order (see queueOrder/sendOrder) */
  records: OutboxRecord[];
  counts: QueueCounts;
  syncing: boolean;
  /** why the last pass stopped before the end (null: it reached it, or none ran yet) */
  stoppedBy: RetryReason | null;
  /** the working set of the user's current company, once downloaded */
  set: WorkingSetMeta | null;
  /** a download under way */
  download: DownloadProgress | null;
  /** a quiet background preparation under way (nothing waits for it) */
  background: DownloadProgress | null;
  /** moves when a tag opened online was kept (the cached tag is looked up again) */
  recentGen: number;
  /** the last download's failure */
  downloadError: unknown;
  /** the outbox and set were read from the phone's storage */
  ready: boolean;
}

export const EMPTY: OfflineState = {
  user: null,
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  records: [],
  counts: { waiting: 0, refused: 0 },
  syncing: false,
  stoppedBy: null,
  set: null,
  download: null,
  background: null,
  recentGen: 0,
  downloadError: null,
  ready: false,
};

/** The state now (a live binding: always the latest). */
export let state: OfflineState = EMPTY;
const listeners = new Set<() => void>();

export function setState(patch: Partial<OfflineState>): void {
  state = { ...state, ...patch };
  if (patch.records) state.counts = queueCounts(state.records);
  for (const l of listeners) l();
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getState(): OfflineState {
  return state;
}
