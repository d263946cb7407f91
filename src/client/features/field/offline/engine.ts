/**
 * Working without signal (issue 20), the page's side: one engine per page that
 * - keeps the signed-in user's outbox (./store.ts) and sends it — in order, each record with its own
 *   id as `Idempotency-Key` — when the phone comes back online, every 30 s while records wait and
 *   online, right after a record is queued, and when the user asks (`syncNow`);
 * - downloads the working set page by page (`field.workingSet`) with its progress, and refreshes a
 *   downloaded set when online and it is older than CHECK_EVERY_MS (the set's `version` says whether
 *   it changed, so an unchanged set costs one small page).
 * React reads it through `useOffline()` (./use-offline.ts); nothing here renders.
 */
import type { RegisterEquipmentInput } from '../../../../shared/equipment/schemas.ts';
import type { InspectionInput, MaintenanceInput } from '../../../../shared/equipment/schemas.ts';
import { errorCode, errorParams, httpStatus, trpcClient, withIdempotencyKey } from '../../../lib/trpc.ts';
import {
  classifyFailure,
  nextSeq,
  type OutboxRecord,
  type QueueCounts,
  queueCounts,
  type RetryReason,
  resubmitted,
  runPass,
  type SendOutcome,
} from './queue-rules.ts';
import {
  clearWorkingSets,
  deleteOutbox,
  dropOlderRows,
  forgetUnusedTag,
  getSetMeta,
  outboxOf,
  putOutbox,
  putSetMeta,
  putSetRows,
  replaceOutbox,
  setKeyOf,
  type WorkingSetMeta,
} from './store.ts';

/** A downloaded set is checked against the server's version at most this often. */
export const CHECK_EVERY_MS = 30 * 60_000;
/** While records wait and the phone says it is online, a pass runs this often (flaky signal). */
export const RETRY_EVERY_MS = 30_000;
/** Items per working-set page: ~150 kB of JSON, a progress step every few hundred rows. */
export const DOWNLOAD_PAGE_SIZE = 500;

export interface OfflineUser {
  id: number;
  companyId: number | null;
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
  /** the last download's failure */
  downloadError: unknown;
  /** the outbox and set were read from the phone's storage */
  ready: boolean;
}

const EMPTY: OfflineState = {
  user: null,
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  records: [],
  counts: { waiting: 0, refused: 0 },
  syncing: false,
  stoppedBy: null,
  set: null,
  download: null,
  downloadError: null,
  ready: false,
};

let state: OfflineState = EMPTY;
const listeners = new Set<() => void>();

function setState(patch: Partial<OfflineState>): void {
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

/** A record's own id: a random UUID (v4), also on plain-http origins where `randomUUID` is missing. */
export function localId(): string {
  const b = new Uint8Array(16);
  crypto.getRandomValues(b);
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** True when an error is "no answer" (no signal, connection dropped), not the server's refusal. */
export function isNetworkFailure(err: unknown): boolean {
  return httpStatus(err) === undefined;
}

// ── the user ───────────────────────────────────────────────────────────────────────────────────

let wired = false;

function wireEvents(): void {
  if (wired || typeof window === 'undefined') return;
  wired = true;
  window.addEventListener('online', () => {
    setState({ online: true });
    void syncNow();
    void refreshSetIfStale();
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

/** Signing out: the working sets go; the outbox stays for the user's next sign-in. */
export async function forgetWorkingSets(): Promise<void> {
  await clearWorkingSets();
  setState({ set: null });
}

// ── the outbox ─────────────────────────────────────────────────────────────────────────────────

type NewRecord = Omit<OutboxRecord, 'owner' | 'seq' | 'status' | 'attempts' | 'lastAttemptAt' | 'error'>;

/** POSTs one record with its id as the `Idempotency-Key` (throws the client's error). */
/** What the server answered a record sent at once (an inspection names the order it opened). */
export interface SentRecord {
  id: number;
  serviceOrderNumber?: number | null;
}

async function post(r: OutboxRecord): Promise<SentRecord> {
  const opts = { context: withIdempotencyKey(r.id) };
  if (r.kind === 'inspect') return trpcClient.equipment.inspect.mutate(r.input as InspectionInput, opts);
  if (r.kind === 'maintain') return trpcClient.equipment.maintain.mutate(r.input as MaintenanceInput, opts);
  return trpcClient.equipment.register.mutate(r.input as RegisterEquipmentInput, opts);
}

function outcomeOf(err: unknown): SendOutcome {
  return classifyFailure({
    status: httpStatus(err),
    code: errorCode(err),
    message: err instanceof Error ? err.message : String(err),
    params: errorParams(err),
  });
}

/** Sends one record; what the answer means (./queue-rules.ts). */
async function send(r: OutboxRecord): Promise<SendOutcome> {
  try {
    await post(r);
    return { kind: 'sent' };
  } catch (err) {
    return outcomeOf(err);
  }
}

/**
 * A record submitted in the field: sent at once when the phone is online and nothing waits before
 * it ('sent'); kept in the outbox otherwise, or when the send got no answer ('queued' — under the
 * same key, so an answer lost on the way never makes it twice). A refusal is thrown as the client's
 * error, for the form to put on its fields.
 */
export async function submitRecord(record: NewRecord): Promise<SentRecord | 'queued'> {
  const user = state.user;
  if (!user) throw new Error('offline engine without a user');
  const full = complete(record, user);
  if (!navigator.onLine || state.counts.waiting > 0) {
    await enqueueRecord(full);
    if (navigator.onLine) void syncNow();
    return 'queued';
  }
  try {
    return await post(full);
  } catch (err) {
    if (outcomeOf(err).kind !== 'retry') throw err;
    await enqueueRecord(full);
    return 'queued';
  }
}

function complete(record: NewRecord, user: OfflineUser): OutboxRecord {
  return {
    ...record,
    owner: user.id,
    seq: nextSeq(state.records, Date.now()),
    status: 'waiting',
    attempts: 0,
    lastAttemptAt: null,
    error: null,
  };
}

async function enqueueRecord(r: OutboxRecord): Promise<void> {
  await putOutbox(r);
  setState({ records: [...state.records.filter((x) => x.id !== r.id), r] });
}

let passing: Promise<void> | null = null;
let again = false;

/** Sends the waiting records now (one pass at a time; a call during a pass runs one more after it). */
export function syncNow(): Promise<void> {
  if (passing) {
    again = true;
    return passing;
  }
  passing = (async () => {
    try {
      do {
        again = false;
        await onePass();
      } while (again);
    } finally {
      passing = null;
    }
  })();
  return passing;
}

async function onePass(): Promise<void> {
  const user = state.user;
  if (!user || !navigator.onLine) return;
  const records = await outboxOf(user.id);
  if (state.user !== user) return;
  if (!records.some((r) => r.status === 'waiting')) {
    setState({ records, stoppedBy: null });
    return;
  }
  setState({ records, syncing: true });
  try {
    const result = await runPass(records, send, async (next, id) => {
      if (next) await putOutbox(next);
      else {
        await deleteOutbox(id);
        // A registration the server took: its tag is no longer unused on this phone either.
        const sent = records.find((r) => r.id === id);
        if (sent?.kind === 'register') await forgetUnusedTag(setKeyOf(user.id, user.companyId), sent.serial);
      }
      if (state.user === user)
        setState({
          records: next
            ? state.records.map((r) => (r.id === id ? next : r))
            : state.records.filter((r) => r.id !== id),
        });
    });
    if (state.user === user) setState({ stoppedBy: result.stoppedBy });
    // What was sent changed the equipment; the set follows at its next check (not at every pass:
    // a company's whole set is megabytes, and the phone's own records are already known to it).
    if (result.sent > 0) void refreshSetIfStale();
  } finally {
    if (state.user === user) setState({ syncing: false });
  }
}

/**
 * "Tentar novamente" on a refused record: sent again as it is, under a new id — a refusal recorded
 * nothing on the server, and the old key would only replay the refusal.
 */
export async function retryRefused(id: string): Promise<void> {
  const old = state.records.find((r) => r.id === id);
  if (!old) return;
  const next = resubmitted(old, { id: localId(), input: old.input });
  await replaceOutbox(id, next);
  setState({ records: state.records.map((r) => (r.id === id ? next : r)) });
  if (navigator.onLine) await syncNow();
}

/** A refused record fixed in its form: the new input replaces it, in its place in the order. */
export async function replaceRefused(id: string, input: Record<string, unknown>): Promise<void> {
  const old = state.records.find((r) => r.id === id);
  if (!old) return;
  const next = resubmitted(old, { id: localId(), input });
  await replaceOutbox(id, next);
  setState({ records: state.records.map((r) => (r.id === id ? next : r)) });
  if (navigator.onLine) void syncNow();
}

/** Discards a record (after the user confirmed). */
export async function discard(id: string): Promise<void> {
  await deleteOutbox(id);
  setState({ records: state.records.filter((r) => r.id !== id) });
}

// ── the working set ────────────────────────────────────────────────────────────────────────────

let downloading: Promise<void> | null = null;

/** Downloads the user's working set again, page by page (progress in `download`). */
export function downloadWorkingSet(): Promise<void> {
  downloading ??= (async () => {
    try {
      await download();
    } finally {
      downloading = null;
    }
  })();
  return downloading;
}

async function download(): Promise<void> {
  const user = state.user;
  if (!user) return;
  const key = setKeyOf(user.id, user.companyId);
  const companyId = user.companyId ?? undefined;
  setState({ download: { done: 0, total: 0 }, downloadError: null });
  const gen = (state.set?.gen ?? 0) + 1;
  try {
    let cursor: string | undefined;
    let first: Awaited<ReturnType<typeof trpcClient.field.workingSet.query>> | null = null;
    let done = 0;
    let equipmentCount = 0;
    let unusedCount = 0;
    let bytes = 0;
    do {
      const page = await trpcClient.field.workingSet.query({
        cursor,
        pageSize: DOWNLOAD_PAGE_SIZE,
        companyId,
      });
      if (state.user !== user) return;
      first ??= page;
      bytes += JSON.stringify(page).length;
      await putSetRows(key, gen, page.equipment, page.unusedTags);
      done += page.equipment.length + page.unusedTags.length;
      equipmentCount += page.equipment.length;
      unusedCount += page.unusedTags.length;
      setState({ download: { done, total: Math.max(first.total, done) } });
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    await dropOlderRows(key, gen);
    const now = new Date().toISOString();
    const meta: WorkingSetMeta = {
      key,
      owner: user.id,
      companyId: first.companyId,
      version: first.version,
      generatedAt: first.generatedAt,
      downloadedAt: now,
      checkedAt: now,
      gen,
      total: done,
      equipmentCount,
      unusedCount,
      bytes,
      limits: first.limits,
      catalogue: first.catalogue ?? { products: [], inspectionTypes: [], companies: [] },
    };
    await putSetMeta(meta);
    if (state.user === user) setState({ set: meta, download: null });
  } catch (err) {
    if (state.user === user) setState({ download: null, downloadError: err });
    throw err;
  }
}

/**
 * When online and the downloaded set was not checked for CHECK_EVERY_MS (or `force`): asks for the
 * first page and downloads again only when its `version` changed. Never starts a first download by
 * itself (a phone downloads its set when the user prepares it).
 */
export async function refreshSetIfStale(force = false): Promise<void> {
  const user = state.user;
  const set = state.set;
  if (!user || !set || !navigator.onLine || downloading) return;
  if (!force && Date.now() - Date.parse(set.checkedAt) < CHECK_EVERY_MS) return;
  try {
    const head = await trpcClient.field.workingSet.query({
      pageSize: 10,
      companyId: user.companyId ?? undefined,
    });
    if (state.user !== user) return;
    if (head.version === set.version) {
      const meta = { ...set, checkedAt: new Date().toISOString() };
      await putSetMeta(meta);
      setState({ set: meta });
      return;
    }
    await downloadWorkingSet();
  } catch {
    // no signal after all, or the server is busy: the next check tries again
  }
}
