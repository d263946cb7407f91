/**
 * Signed-in callers of reads resolved from memory for a few seconds (issue 12): the sign-in
 * statement was one of the two or three statements of every page's calls. Revocation is honoured
 * without waiting for the entry to age:
 * - triggers on sessions, users, company groups and companies (migrations/core/0106) NOTIFY
 *   `auth_changed` on every change a caller's context is read from; each process LISTENs and drops
 *   its entries (every process within milliseconds of the commit);
 * - entries are used only while that LISTEN is in place (db/notifications.ts), and a read that
 *   raced a notification is not stored (the generation check);
 * - writes never use the cache: every non-GET request resolves its caller in the database, and
 *   clears this process's entries when it ends, so a change a request made is seen by the next
 *   request at once, whichever table it touched.
 * `SESSION_CACHE_MS=0` turns it off.
 */
import { config } from '../../config.ts';
import { connected, notificationsSettled, onNotification } from '../../db/notifications.ts';

export const AUTH_CHANGED_CHANNEL = 'auth_changed';
const MAX_ENTRIES = 10_000;

interface Entry<T> {
  value: T;
  at: number;
}

const entries = new Map<string, Entry<unknown>>();
/** Bumped by every invalidation: a read that started before one is not stored. */
let generation = 0;

export function forgetSessions(): void {
  generation++;
  entries.clear();
}

onNotification(AUTH_CHANGED_CHANNEL, { onNotify: forgetSessions, onLost: forgetSessions });

/**
 * The value `load` gives for `key` (a token's hash), from memory when a fresh entry exists and the
 * invalidation channel is live. Only found sessions are stored (`undefined` is loaded each time).
 */
export async function cachedSession<T>(
  key: string,
  load: () => Promise<T | undefined>,
): Promise<T | undefined> {
  const ttl = config().SESSION_CACHE_MS;
  if (ttl <= 0 || !connected()) return load();
  const hit = entries.get(key) as Entry<T> | undefined;
  const now = Date.now();
  if (hit && now - hit.at < ttl) return hit.value;
  const before = generation;
  const value = await load();
  if (value !== undefined && before === generation && connected()) {
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    entries.delete(key);
    entries.set(key, { value, at: now });
  }
  return value;
}

/**
 * Resolves when every auth change committed before the call has reached this process's cache:
 * for tests and scripts that change sessions or users with their own SQL and read at once.
 */
export function authChangesSettled(): Promise<void> {
  return notificationsSettled(AUTH_CHANGED_CHANNEL);
}
