/**
 * Working without signal (issue 20), the page's side: one engine per page that
 * - keeps the signed-in user's outbox (./store.ts) and sends it — in order, each record with its own
 *   id as `Idempotency-Key` — when the phone comes back online, every 30 s while records wait and
 *   online, right after a record is queued, and when the user asks (`syncNow`);
 * - downloads the working set page by page (`field.workingSet`) with its progress, and refreshes a
 *   downloaded set when online and it is older than CHECK_EVERY_MS (the set's `version` says whether
 *   it changed, so an unchanged set costs one small page);
 * - keeps every tag opened online, with its forms (`field.workingSetTag`, the last RECENT_TAGS_MAX),
 *   and prepares the set by itself, quietly and resumably, when the app is installed or a field
 *   user signs in on a phone (./prepare-rules.ts; issue 26 item 11). The button downloads it whole.
 * React reads it through `useOffline()` (./use-offline.ts); nothing here renders. Its parts: the
 * state (./state.ts), the outbox (./outbox.ts), the working set (./working-set.ts); this file wires
 * them to the user and the browser's events, and is what the pages import.
 */
import { syncNow } from './outbox.ts';
import { type OfflineUser, EMPTY, setState, state } from './state.ts';
import { getSetMeta, outboxOf, setKeyOf } from './store.ts';
import { markInstalled, prepareInBackground, refreshSetIfStale } from './working-set.ts';

export {
  discard,
  isNetworkFailure,
  localId,
  type NewRecord,
  replaceRefused,
  retryRefused,
  type SentRecord,
  submitRecord,
  syncNow,
} from './outbox.ts';
export {
  type DownloadProgress,
  getState,
  type OfflineState,
  type OfflineUser,
  subscribe,
} from './state.ts';
export {
  CHECK_EVERY_MS,
  DOWNLOAD_PAGE_SIZE,
  downloadWorkingSet,
  forgetWorkingSets,
  prepareInBackground,
  refreshSetIfStale,
  rememberOpenedTag,
} from './working-set.ts';

/** While records wait and the phone says it is online, a pass runs this often (flaky signal). */
export const RETRY_EVERY_MS = 30_000;

// ── the user ───────────────────────────────────────────────────────────────────────────────────

let wired = false;

function wireEvents(): void {
  if (wired || typeof window === 'undefined') return;
  wired = true;
  window.addEventListener('online', () => {
    setState({ online: true });
    void syncNow();
    void refreshSetIfStale();
    void prepareInBackground();
  });
  window.addEventListener('appinstalled', () => {
    markInstalled();
    void prepareInBackground();
  });
  window.addEventListener('offline', () => setState({ online: false }));
  setInterval(() => {
    if (state.user && navigator.onLine && state.counts.waiting > 0 && !state.syncing) void syncNow();
  }, RETRY_EVERY_MS);
}

/** The signed-in user changed (or signed out: null). Loads their outbox and set, then syncs. */
export async function setUser(user: OfflineUser | null): Promise<void> {
  wireEvents();
  if (user?.id === state.user?.id && user?.companyId === state.user?.companyId) return;
  setState({ ...EMPTY, online: navigator.onLine, user });
  if (!user) return;
  await reload();
  void syncNow();
  void refreshSetIfStale();
  void prepareInBackground();
}

/** Reads the user's outbox and set from the phone. */
async function reload(): Promise<void> {
  const user = state.user;
  if (!user) return;
  const [records, set] = await Promise.all([
    outboxOf(user.id),
    getSetMeta(setKeyOf(user.id, user.companyId)),
  ]);
  if (state.user !== user) return;
  setState({ records, set: set ?? null, ready: true });
}
