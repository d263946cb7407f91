/**
 * The working set's side of the offline engine (issue 20, issue 26 item 11): downloads the set page
 * by page (`field.workingSet`) with its progress, refreshes a downloaded set when online and it is
 * older than CHECK_EVERY_MS (the set's `version` says whether it changed, so an unchanged set costs
 * one small page), keeps every tag opened online with its forms (`field.workingSetTag`), and
 * prepares the set by itself, quietly and resumably, when ./prepare-rules.ts says so.
 */
import { trpcClient } from '../../../lib/trpc.ts';
import { backgroundPreparation, hasRoomFor, isPhone, localDay } from './prepare-rules.ts';
import { type DownloadProgress, setState, state } from './state.ts';
import {
  clearWorkingSets,
  deletePartialDownload,
  dropOlderRows,
  getPartialDownload,
  type PartialDownload,
  putPartialDownload,
  putRecentTag,
  putSetMeta,
  putSetRows,
  setKeyOf,
  type WorkingSetMeta,
} from './store.ts';

/** A downloaded set is checked against the server's version at most this often. */
export const CHECK_EVERY_MS = 30 * 60_000;
/** Items per working-set page: ~150 kB of JSON, a progress step every few hundred rows. */
export const DOWNLOAD_PAGE_SIZE = 500;

/** Signing out: the working sets go (and a preparation under way stops); the outbox stays. */
export async function forgetWorkingSets(): Promise<void> {
  stopBackground = true;
  forgetPreparedDays();
  await clearWorkingSets();
  setState({ set: null, background: null });
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
  'version' | 'generatedAt' | 'companyId' | 'total' | 'limits' | 'catalogue' | 'visits'
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
          visits: page.visits ?? [],
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
      visits: first.visits ?? [],
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

/** The app was installed: from now on the set may be prepared by itself. */
export function markInstalled(): void {
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
