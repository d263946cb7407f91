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
 *   one that wrote to `core` (where every table a caller is read from lives) clears this process's
 *   entries when it ends, so a change a request made is seen by the next request at once
 *   (app.ts, db/write-notify.ts `collectWrites`).
 * `SESSION_CACHE_MS=0` turns it off.
 */
import { config } from '../../config.ts';
import { notifiedCache } from '../../db/notified-cache.ts';

export const AUTH_CHANGED_CHANNEL = 'auth_changed';

const sessions = notifiedCache<unknown>({
  channel: AUTH_CHANGED_CHANNEL,
  ttlMs: () => config().SESSION_CACHE_MS,
  maxEntries: 10_000,
  // Any change to what a caller is read from drops every session.
  tagOf: () => undefined,
});

export function forgetSessions(): void {
  sessions.forget();
}

/**
 * The value `load` gives for `key` (a token's hash), from memory when a fresh entry exists and the
 * invalidation channel is live. Only found sessions are stored (`undefined` is loaded each time).
 */
export function cachedSession<T>(key: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
  return sessions.get(key, load, { store: (v) => v !== undefined }) as Promise<T | undefined>;
}

/**
 * Resolves when every auth change committed before the call has reached this process's cache:
 * for tests and scripts that change sessions or users with their own SQL and read at once.
 */
export function authChangesSettled(): Promise<void> {
  return sessions.settled();
}
