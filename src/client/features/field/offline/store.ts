/**
 * The phone's own storage for working without signal (issue 20), in IndexedDB through `idb`:
 * - `sets`: one working set per user and company (its catalogue, limits, version, when downloaded,
 *   and the user's visits of the next days, issue 30 item 4);
 * - `equipment` and `unusedTags`: the set's rows, keyed by [set, serial], each stamped with the
 *   download (`gen`) that wrote it, so a new download replaces the old rows only once it finished;
 * - `outbox`: the records made on the phone and not yet accepted by the server (./queue-rules.ts);
 * - `recentTags` (issue 26 item 11): the tags opened online, each with what its offline forms need
 *   (equipment row, product, inspection type), the last RECENT_TAGS_MAX per set, oldest dropped;
 * - `downloads`: a background download under way (its cursor and first page), so it resumes.
 * Signing out clears the working sets, the recent tags and the downloads (company data); the outbox
 * is the user's unsent work and stays until it is sent or the user discards it.
 */
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { WorkingSetPage, WorkingSetVisit } from '../../../../shared/field/schemas.ts';
import type { OutboxRecord } from './queue-rules.ts';

export type WorkingSetCatalogue = NonNullable<WorkingSetPage['catalogue']>;
export type WorkingSetEquipment = WorkingSetPage['equipment'][number];
export type WorkingSetLimits = WorkingSetPage['limits'];

/** A downloaded working set. */
export interface WorkingSetMeta {
  /** `${userId}:${companyId | 'all'}` */
  key: string;
  owner: number;
  companyId: number | null;
  version: string;
  /** the server's time when the download started */
  generatedAt: Date;
  /** when it finished on the phone (ISO) */
  downloadedAt: string;
  /** when the phone last asked the server whether it changed (ISO) */
  checkedAt: string;
  gen: number;
  total: number;
  equipmentCount: number;
  unusedCount: number;
  /** the download's size as received (JSON bytes of every page) */
  bytes: number;
  limits: WorkingSetLimits;
  catalogue: WorkingSetCatalogue;
  /** the user's visits of the download's day and the next six (/my-day offline); absent in sets of before */
  visits?: WorkingSetVisit[];
}

export interface StoredEquipment {
  set: string;
  serial: string;
  gen: number;
  row: WorkingSetEquipment;
}

export interface StoredUnusedTag {
  set: string;
  serial: string;
  gen: number;
  companyId: number;
}

export type WorkingSetProduct = WorkingSetCatalogue['products'][number];
export type WorkingSetInspectionType = WorkingSetCatalogue['inspectionTypes'][number];

/** A tag opened online, kept with what its offline forms need (`field.workingSetTag`). */
export interface RecentTag {
  set: string;
  serial: string;
  /** when it was last opened online (ms), for the LRU */
  openedAt: number;
  /** the server's time of the data (ISO) */
  savedAt: string;
  row: WorkingSetEquipment;
  product: WorkingSetProduct;
  type: WorkingSetInspectionType;
}

/** A background download under way: where it is, so it resumes after the page closed or lost signal. */
export interface PartialDownload {
  key: string;
  gen: number;
  /** the next page's cursor */
  cursor: string;
  /** when it started (ms) */
  startedAt: number;
  version: string;
  generatedAt: Date;
  companyId: number | null;
  total: number;
  limits: WorkingSetLimits;
  catalogue: WorkingSetCatalogue;
  visits?: WorkingSetVisit[];
  done: number;
  equipmentCount: number;
  unusedCount: number;
  bytes: number;
}

interface OfflineDb extends DBSchema {
  sets: { key: string; value: WorkingSetMeta };
  equipment: { key: [string, string]; value: StoredEquipment; indexes: { bySet: string } };
  unusedTags: { key: [string, string]; value: StoredUnusedTag; indexes: { bySet: string } };
  outbox: { key: string; value: OutboxRecord; indexes: { byOwner: number } };
  recentTags: { key: [string, string]; value: RecentTag; indexes: { bySetOpened: [string, number] } };
  downloads: { key: string; value: PartialDownload };
}

export const OFFLINE_DB_NAME = 'equipcheck-offline';
const DB_VERSION = 2;

/**
 * How many opened tags a set keeps (least recently opened dropped first): an entry is its
 * equipment plus its product and type's forms, a few kB, so at most a few hundred kB per user.
 */
export const RECENT_TAGS_MAX = 100;

let opened: Promise<IDBPDatabase<OfflineDb>> | null = null;

/** The database (opened once per page; reopened if the browser closed it). */
export function offlineDb(): Promise<IDBPDatabase<OfflineDb>> {
  opened ??= openDB<OfflineDb>(OFFLINE_DB_NAME, DB_VERSION, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        db.createObjectStore('sets', { keyPath: 'key' });
        db.createObjectStore('equipment', { keyPath: ['set', 'serial'] }).createIndex('bySet', 'set');
        db.createObjectStore('unusedTags', { keyPath: ['set', 'serial'] }).createIndex('bySet', 'set');
        db.createObjectStore('outbox', { keyPath: 'id' }).createIndex('byOwner', 'owner');
      }
      if (oldVersion < 2) {
        db.createObjectStore('recentTags', { keyPath: ['set', 'serial'] }).createIndex('bySetOpened', [
          'set',
          'openedAt',
        ]);
        db.createObjectStore('downloads', { keyPath: 'key' });
      }
    },
    blocking() {
      // A newer version of the app wants to upgrade the database: let it.
      void opened?.then((db) => db.close());
      opened = null;
    },
    terminated() {
      opened = null;
    },
  }).catch((err: unknown) => {
    opened = null;
    throw err;
  });
  return opened;
}

/** The key of a user's working set for their current company (every company of the group: 'all'). */
export function setKeyOf(userId: number, companyId: number | null): string {
  return `${userId}:${companyId ?? 'all'}`;
}

// ── working set ────────────────────────────────────────────────────────────────────────────────

export async function getSetMeta(key: string): Promise<WorkingSetMeta | undefined> {
  return (await offlineDb()).get('sets', key);
}

export async function putSetMeta(meta: WorkingSetMeta): Promise<void> {
  await (await offlineDb()).put('sets', meta);
}

/** Writes one page's rows, stamped with the download's `gen`. */
export async function putSetRows(
  key: string,
  gen: number,
  equipment: readonly WorkingSetEquipment[],
  unusedTags: readonly { serialNumber: string; companyId: number }[],
): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction(['equipment', 'unusedTags'], 'readwrite');
  const eq = tx.objectStore('equipment');
  const un = tx.objectStore('unusedTags');
  for (const row of equipment) {
    void eq.put({ set: key, serial: row.tagSerialNumber, gen, row });
    // A tag that got equipment since the last download is no longer unused.
    void un.delete([key, row.tagSerialNumber]);
  }
  for (const t of unusedTags) {
    void un.put({ set: key, serial: t.serialNumber, gen, companyId: t.companyId });
    void eq.delete([key, t.serialNumber]);
  }
  await tx.done;
}

/** After a finished download: removes the rows an older download wrote (equipment gone, tags used). */
export async function dropOlderRows(key: string, gen: number): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction(['equipment', 'unusedTags'], 'readwrite');
  for (const store of [tx.objectStore('equipment'), tx.objectStore('unusedTags')]) {
    let cursor = await store.index('bySet').openCursor(IDBKeyRange.only(key));
    while (cursor) {
      if (cursor.value.gen !== gen) await cursor.delete();
      cursor = await cursor.continue();
    }
  }
  await tx.done;
}

export async function getCachedEquipment(key: string, serial: string): Promise<WorkingSetEquipment | null> {
  return (await (await offlineDb()).get('equipment', [key, serial]))?.row ?? null;
}

export async function getCachedUnusedTag(key: string, serial: string): Promise<StoredUnusedTag | null> {
  return (await (await offlineDb()).get('unusedTags', [key, serial])) ?? null;
}

/** A tag registered from this phone: no longer unused (its equipment comes with the next download). */
export async function forgetUnusedTag(key: string, serial: string): Promise<void> {
  await (await offlineDb()).delete('unusedTags', [key, serial]);
}

/** Signing out: every working set on this phone goes (the outbox stays, see above). */
export async function clearWorkingSets(): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction(['sets', 'equipment', 'unusedTags', 'recentTags', 'downloads'], 'readwrite');
  await Promise.all([
    tx.objectStore('sets').clear(),
    tx.objectStore('equipment').clear(),
    tx.objectStore('unusedTags').clear(),
    tx.objectStore('recentTags').clear(),
    tx.objectStore('downloads').clear(),
    tx.done,
  ]);
}

// ── tags opened online ─────────────────────────────────────────────────────────────────────────

export async function getRecentTag(key: string, serial: string): Promise<RecentTag | null> {
  return (await (await offlineDb()).get('recentTags', [key, serial])) ?? null;
}

/** Keeps an opened tag; past RECENT_TAGS_MAX for its set, the least recently opened ones go. */
export async function putRecentTag(entry: RecentTag, max = RECENT_TAGS_MAX): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction('recentTags', 'readwrite');
  await tx.store.put(entry);
  const range = IDBKeyRange.bound([entry.set, -Infinity], [entry.set, Infinity]);
  const index = tx.store.index('bySetOpened');
  let extra = (await index.count(range)) - max;
  let cursor = extra > 0 ? await index.openCursor(range) : null;
  while (cursor && extra > 0) {
    await cursor.delete();
    extra--;
    cursor = await cursor.continue();
  }
  await tx.done;
}

/** The serials a set keeps as opened tags, least recently opened first. */
export async function recentSerials(key: string): Promise<string[]> {
  const range = IDBKeyRange.bound([key, -Infinity], [key, Infinity]);
  const rows = await (await offlineDb()).getAllFromIndex('recentTags', 'bySetOpened', range);
  return rows.map((r) => r.serial);
}

// ── a background download under way ────────────────────────────────────────────────────────────

export async function getPartialDownload(key: string): Promise<PartialDownload | null> {
  return (await (await offlineDb()).get('downloads', key)) ?? null;
}

export async function putPartialDownload(d: PartialDownload): Promise<void> {
  await (await offlineDb()).put('downloads', d);
}

export async function deletePartialDownload(key: string): Promise<void> {
  await (await offlineDb()).delete('downloads', key);
}

// ── outbox ─────────────────────────────────────────────────────────────────────────────────────

export async function outboxOf(owner: number): Promise<OutboxRecord[]> {
  return (await offlineDb()).getAllFromIndex('outbox', 'byOwner', owner);
}

export async function putOutbox(record: OutboxRecord): Promise<void> {
  await (await offlineDb()).put('outbox', record);
}

export async function deleteOutbox(id: string): Promise<void> {
  await (await offlineDb()).delete('outbox', id);
}

/** Replaces one record by another in one transaction (a fixed record gets a new id). */
export async function replaceOutbox(oldId: string, record: OutboxRecord): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction('outbox', 'readwrite');
  await Promise.all([tx.store.delete(oldId), tx.store.put(record), tx.done]);
}
