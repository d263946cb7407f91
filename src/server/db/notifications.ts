/**
 * One LISTEN connection per process for Postgres notifications (issue 12: the session cache is
 * invalidated by triggers on the tables a signed-in caller is read from). Started on first use;
 * `connected()` is true only while LISTEN is in place, so a cache built on it can trust that no
 * committed change goes unheard. A lost connection calls every subscriber's `onLost` (drop what
 * it cached) and reconnects with backoff (0.5 s doubling to 30 s).
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { config } from '../config.ts';
import { log } from '../logger.ts';
import { sql } from 'kysely';
import { applicationName, baseDb, onDbClose } from './database.ts';
import { notifyAfterPublished } from './write-notify.ts';

interface Subscriber {
  onNotify(payload: string): void;
  onLost(): void;
}

const subscribers = new Map<string, Set<Subscriber>>();
/** Barrier waiters: resolved when their own nonce comes back on the channel. */
const waiters = new Map<string, () => void>();
let client: pg.Client | undefined;
let listening = false;
let starting: Promise<void> | undefined;
let retryMs = 500;
let retryTimer: NodeJS.Timeout | undefined;
let closed = false;

function lost(): void {
  const wasListening = listening;
  listening = false;
  client = undefined;
  for (const set of subscribers.values()) for (const s of set) s.onLost();
  for (const done of waiters.values()) done();
  waiters.clear();
  if (closed) return;
  if (wasListening) log.warn('notification listener lost; reconnecting', { retryMs });
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    void start();
  }, retryMs);
  retryTimer.unref();
  retryMs = Math.min(retryMs * 2, 30_000);
}

function start(): Promise<void> {
  if (starting || listening || closed) return starting ?? Promise.resolve();
  const c = new pg.Client({ connectionString: config().DATABASE_URL, application_name: applicationName() });
  c.on('error', () => {
    if (client === c) lost();
  });
  c.on('end', () => {
    if (client === c) lost();
  });
  c.on('notification', (n) => {
    const payload = n.payload ?? '';
    for (const s of subscribers.get(n.channel) ?? []) s.onNotify(payload);
    const done = waiters.get(payload);
    if (done) {
      waiters.delete(payload);
      done();
    }
  });
  client = c;
  starting = (async () => {
    try {
      await c.connect();
      // The socket must not keep a finished process (a test worker, a CLI) alive.
      (c as unknown as { connection: { stream: { unref(): void } } }).connection.stream.unref();
      for (const channel of subscribers.keys()) await c.query(`listen ${pg.escapeIdentifier(channel)}`);
      if (client !== c) return;
      listening = true;
      retryMs = 500;
    } catch {
      if (client === c) {
        c.end().catch(() => {});
        lost();
      }
    } finally {
      starting = undefined;
    }
  })();
  return starting;
}

/**
 * Subscribes to a channel. Subscribe before the first `connected()` check: channels are listened
 * to when the connection (re)starts.
 */
export function onNotification(channel: string, subscriber: Subscriber): void {
  let set = subscribers.get(channel);
  if (!set) {
    set = new Set();
    subscribers.set(channel, set);
    if (listening && client) {
      // A channel added while connected: until its LISTEN is in place, it is not trusted.
      const c = client;
      listening = false;
      c.query(`listen ${pg.escapeIdentifier(channel)}`).then(
        () => {
          if (client === c) listening = true;
        },
        () => {},
      );
    }
  }
  set.add(subscriber);
}

/** True while every subscribed channel is being listened to; starts the connection if needed. */
export function connected(): boolean {
  if (!listening && !starting && !retryTimer && !closed) void start();
  return listening;
}

/**
 * Resolves once every notification committed before this call has reached the subscribers: it
 * sends one of its own on `channel` and waits for it (notifications arrive in commit order). For
 * writers outside this process's requests (tests, scripts) that need the next read to see them.
 */
export async function notificationsSettled(channel: string): Promise<void> {
  if (!connected()) return;
  const nonce = `settle:${randomUUID()}`;
  const arrived = new Promise<void>((resolve) => waiters.set(nonce, resolve));
  const db = baseDb();
  // After the writes this process published (db/write-notify.ts), so the marker lands after them.
  await notifyAfterPublished(channel, nonce).catch(() =>
    sql`select pg_notify(${channel}, ${nonce})`.execute(db),
  );
  await arrived;
}

/** Ends the connection (process shutdown, test teardown); a later use starts it again. */
export async function closeNotifications(): Promise<void> {
  closed = true;
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = undefined;
  const c = client;
  client = undefined;
  listening = false;
  for (const done of waiters.values()) done();
  waiters.clear();
  for (const set of subscribers.values()) for (const s of set) s.onLost();
  await c?.end().catch(() => {});
  closed = false;
}

onDbClose(closeNotifications);
