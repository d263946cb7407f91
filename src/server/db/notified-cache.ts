/**
 * A per-process cache whose entries a Postgres notification drops (issue 12): the session cache and
 * the read cache are two of these. Entries are used only while the process LISTENs on the channel
 * (db/notifications.ts) — a lost connection empties the cache and reads go to the database until it
 * is back — and a value whose load raced an invalidation is not stored (the generation check).
 * Each entry carries tags; `tagOf(payload)` names the tag a notification drops (undefined: every
 * entry).
 */
import { connected, notificationsSettled, onNotification } from './notifications.ts';

interface Entry<V> {
  value: V;
  at: number;
  tags: ReadonlySet<string>;
}

export interface NotifiedCache<V> {
  /**
   * `load`'s value for `key`, from memory when fresh; `store(value)` false keeps it out; `tags`
   * (asked only when storing) are what notifications drop it by.
   */
  get(
    key: string,
    load: () => Promise<V>,
    opts?: { tags?: () => ReadonlySet<string>; store?: (v: V) => boolean },
  ): Promise<V>;
  /** Drops the entries tagged `tag`, or every entry. */
  forget(tag?: string): void;
  /** Resolves once every notification committed before the call has been applied here. */
  settled(): Promise<void>;
}

export function notifiedCache<V>(options: {
  channel: string;
  /** How long an entry serves, read on every call (0 = off). */
  ttlMs: () => number;
  maxEntries: number;
  /** The tag a notification's payload drops; undefined drops everything. */
  tagOf: (payload: string) => string | undefined;
}): NotifiedCache<V> {
  const entries = new Map<string, Entry<V>>();
  let generation = 0;
  const forget = (tag?: string) => {
    generation++;
    if (tag === undefined) {
      entries.clear();
      return;
    }
    for (const [key, e] of entries) if (e.tags.has(tag)) entries.delete(key);
  };
  onNotification(options.channel, {
    onNotify: (payload) => forget(options.tagOf(payload)),
    onLost: () => forget(),
  });
  const noTags: ReadonlySet<string> = new Set();
  return {
    async get(key, load, opts = {}) {
      const ttl = options.ttlMs();
      if (ttl <= 0 || !connected()) return load();
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && now - hit.at < ttl) return hit.value;
      const before = generation;
      const value = await load();
      if (before === generation && connected() && (opts.store?.(value) ?? true)) {
        if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value as string);
        entries.delete(key);
        entries.set(key, { value, at: now, tags: opts.tags?.() ?? noTags });
      }
      return value;
    },
    forget,
    settled: () => notificationsSettled(options.channel),
  };
}
