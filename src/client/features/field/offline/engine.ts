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
 * React reads it through `useOffline()` (./use-offline.ts); nothing here renders.
 */
import type { RegisterEquipmentInput } from '../../../../shared/equipment/schemas.ts';
import type { InspectionInput, MaintenanceInput } from '../../../../shared/equipment/schemas.ts';
import type { Role } from '../../../../shared/roles.ts';
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
import { backgroundPreparation, hasRoomFor, isPhone, localDay } from './prepare-rules.ts';
import {
  clearWorkingSets,
  deleteOutbox,
  deletePartialDownload,
  dropOlderRows,
  forgetUnusedTag,
  getPartialDownload,
  getSetMeta,
  outboxOf,
  type PartialDownload,
  putOutbox,
  putPartialDownload,
  putRecentTag,
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

const EMPTY: OfflineState = {
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

/** Signing out: the working sets go; the outbox stays for the user's next sign-in. */
export async function forgetWorkingSets(): Promise<void> {
  stopBackground = true;
  forgetPreparedDays();
  await clearWorkingSets();
  setState({ set: null, background: null });
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
let background: Promise<void> | null = null;
let stopBackground = false;

/**
 * "Preparar" / "Atualizar": downloads the user's working set again, whole, page by page (progress
 * in `download`). A background preparation under way stops first; its half is not reused.
 */
export function downloadWorkingSet(): Promise<void> {
  downloading ??= (async () => {
    try {
      if (background) {
        stopBackground = true;
        await background;
      }
      await download(false);
    } finally {
      downloading = null;
    }
  })();
  return downloading;
}

type FirstPage = Pick<
  PartialDownload,
  'version' | 'generatedAt' | 'companyId' | 'total' | 'limits' | 'catalogue'
>;

/** Lets the page breathe between background pages (rendering, taps): the next idle moment. */
function idle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 1000 });
    else setTimeout(resolve, 0);
  });
}

/**
 * One download. `quiet` (the background preparation): progress in `background`, the place reached
 * saved after every page so it resumes (`downloads` store), a pause for the page between pages,
 * stopped by the button or a sign-out, and given up when the phone's storage has no room for it.
 */
async function download(quiet: boolean): Promise<void> {
  const user = state.user;
  if (!user) return;
  const key = setKeyOf(user.id, user.companyId);
  const companyId = user.companyId ?? undefined;
  const partial = quiet ? await getPartialDownload(key) : null;
  if (!quiet) await deletePartialDownload(key);
  const progress = (p: DownloadProgress) => setState(quiet ? { background: p } : { download: p });
  if (quiet) setState({ background: { done: partial?.done ?? 0, total: partial?.total ?? 0 } });
  else setState({ download: { done: 0, total: 0 }, downloadError: null });
  const gen = partial?.gen ?? (state.set?.gen ?? 0) + 1;
  const startedAt = partial?.startedAt ?? Date.now();
  try {
    let cursor: string | undefined = partial?.cursor;
    let first: FirstPage | null = partial;
    let done = partial?.done ?? 0;
    let equipmentCount = partial?.equipmentCount ?? 0;
    let unusedCount = partial?.unusedCount ?? 0;
    let bytes = partial?.bytes ?? 0;
    do {
      if (quiet && (stopBackground || state.user !== user)) return;
      const page = await trpcClient.field.workingSet.query({
        cursor,
        pageSize: DOWNLOAD_PAGE_SIZE,
        companyId,
      });
      if (state.user !== user) return;
      if (!first) {
        first = {
          version: page.version,
          generatedAt: page.generatedAt,
          companyId: page.companyId,
          total: page.total,
          limits: page.limits,
          catalogue: page.catalogue ?? { products: [], inspectionTypes: [], companies: [] },
        };
        if (quiet && !hasRoomFor(page.total, await storageEstimate())) return;
      }
      bytes += JSON.stringify(page).length;
      await putSetRows(key, gen, page.equipment, page.unusedTags);
      done += page.equipment.length + page.unusedTags.length;
      equipmentCount += page.equipment.length;
      unusedCount += page.unusedTags.length;
      progress({ done, total: Math.max(first.total, done) });
      cursor = page.nextCursor ?? undefined;
      if (quiet && cursor) {
        await putPartialDownload({
          ...first,
          key,
          gen,
          cursor,
          startedAt,
          done,
          equipmentCount,
          unusedCount,
          bytes,
        });
        await idle();
      }
    } while (cursor);
    if (quiet && (stopBackground || state.user !== user)) return;
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
      catalogue: first.catalogue,
    };
    await putSetMeta(meta);
    await deletePartialDownload(key);
    if (state.user === user)
      setState(quiet ? { set: meta, background: null } : { set: meta, download: null });
  } catch (err) {
    if (quiet) return; // no signal or a busy server: the place reached is kept, resumed later
    if (state.user === user) setState({ download: null, downloadError: err });
    throw err;
  } finally {
    if (quiet && state.user === user) setState({ background: null });
  }
}

async function storageEstimate(): Promise<StorageEstimate | null> {
  try {
    return (await navigator.storage?.estimate?.()) ?? null;
  } catch {
    return null;
  }
}

// ── by itself: tags opened online, the set prepared in the background (issue 26 item 11) ───────

const INSTALLED_KEY = 'equipcheck.offline.installed';
const PREPARED_KEY = 'equipcheck.offline.prepared.';

function markInstalled(): void {
  try {
    localStorage.setItem(INSTALLED_KEY, '1');
  } catch {
    // private mode: the standalone display still says it
  }
}

function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Sign-out: the next sign-in may prepare again (its set was cleared with the rest). */
function forgetPreparedDays(): void {
  try {
    for (const k of Object.keys(localStorage)) if (k.startsWith(PREPARED_KEY)) localStorage.removeItem(k);
  } catch {
    // nothing kept
  }
}

/** What the device says of itself (./prepare-rules.ts decides). */
function device() {
  const nav = navigator as Navigator & {
    userAgentData?: { mobile?: boolean };
    connection?: { saveData?: boolean };
  };
  const media = (q: string) => typeof matchMedia === 'function' && matchMedia(q).matches;
  return {
    phone: isPhone({
      uaMobile: nav.userAgentData?.mobile,
      coarsePointer: media('(pointer: coarse)'),
      shortSide: Math.min(screen.width, screen.height),
    }),
    installed: readStored(INSTALLED_KEY) === '1' || media('(display-mode: standalone)'),
    saveData: nav.connection?.saveData === true,
  };
}

/**
 * Prepares the user's working set quietly when ./prepare-rules.ts says so (installed app, a field
 * user on a phone; once a day per sign-in), or resumes one left half-way. Runs on sign-in (and on
 * every start of the page), when the app is installed and when the phone comes back online.
 */
export async function prepareInBackground(): Promise<void> {
  const user = state.user;
  if (!user || !navigator.onLine || downloading || background || !state.ready) return;
  const key = setKeyOf(user.id, user.companyId);
  const partial = await getPartialDownload(key);
  if (state.user !== user || downloading || background) return;
  const today = localDay(new Date());
  const d = device();
  const decision = backgroundPreparation({
    role: user.role ?? null,
    ...d,
    hasSet: state.set !== null,
    hasPartial: partial !== null,
    lastDay: readStored(PREPARED_KEY + key),
    today,
  });
  if (decision === 'none') return;
  if (decision === 'start')
    try {
      localStorage.setItem(PREPARED_KEY + key, today);
    } catch {
      // once a page then
    }
  stopBackground = false;
  background = (async () => {
    try {
      await download(true);
    } finally {
      background = null;
      stopBackground = false;
    }
  })();
  return background;
}

/** Fresh answers of a tag's equipment already kept (by the `equipment.get` answer's time). */
const kept = new Map<string, number>();

/**
 * A tag opened online (its equipment answered): its part of the working set is kept on the phone
 * (`field.workingSetTag`), so it opens and records without signal even if the set was never
 * prepared. Once per fresh `equipment.get` answer (`stamp`); failures are quiet (the page works).
 */
export async function rememberOpenedTag(serial: string, stamp: number): Promise<void> {
  const user = state.user;
  if (!user || !navigator.onLine) return;
  const key = setKeyOf(user.id, user.companyId);
  const id = `${key}|${serial}`;
  if (kept.get(id) === stamp) return;
  kept.set(id, stamp);
  try {
    const tag = await trpcClient.field.workingSetTag.query({ tag: serial });
    if (state.user !== user) return;
    await putRecentTag({
      set: key,
      serial: tag.equipment.tagSerialNumber,
      openedAt: Date.now(),
      savedAt: tag.generatedAt.toISOString(),
      row: tag.equipment,
      product: tag.product,
      type: tag.inspectionType,
    });
    if (state.user === user) setState({ recentGen: state.recentGen + 1 });
  } catch {
    kept.delete(id);
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
  if (!user || !set || !navigator.onLine || downloading || background) return;
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
