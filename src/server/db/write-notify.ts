/**
 * Cache invalidation published by the connection that wrote (issues 28 and 32). The product's
 * caches drop a company group's entries on `rows_changed` (and the webhook subscriptions on
 * `webhook_endpoints_changed`) with the group's schema. A pooled connection publishes them itself:
 * - it notes the company-group schemas (`cg_…`) that a writing statement (insert, update, delete,
 *   merge, truncate, copy, or a `with` holding one) names — the tenant compiler qualifies every
 *   table, so the text names them all; a trigger's own writes stay in its schema;
 * - once the transaction's COMMIT has succeeded (or an autocommit statement has), it hands them to
 *   one connection of the process kept for notifying (`synchronous_commit=off`: an invalidation
 *   does not wait for the disk), without the caller waiting; a ROLLBACK forgets them.
 * Why not the tables' triggers: Postgres 15 serialises the commits of all transactions that have
 *   NOTIFYed with one cluster-wide lock held through the commit's WAL flush, so a NOTIFY in every
 *   write put every company group's writes in one queue (core migration 1521, which makes the
 *   triggers leave a company group's NOTIFY to a connection that says it publishes its writes:
 *   `equipcheck.publishes_writes=on`, set by db/database.ts at connect). And on Citus a group's
 *   tables live on a worker, whose NOTIFY never reaches the coordinator's listeners.
 * Core tables keep notifying from their triggers (their writes are rare and their schema is not in
 * the statement's text reliably).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import { schemasOf } from './read-tags.ts';

type Query = (text: unknown, values?: unknown, callback?: unknown) => unknown;

const BEGIN = /^\s*(begin|start\s+transaction)\b/i;
const COMMIT = /^\s*(commit|end)\s*(transaction|work)?\s*;?\s*$/i;
const ROLLBACK = /^\s*(rollback|abort)\s*(transaction|work)?\s*;?\s*$/i;
const WRITE = /^\s*(insert|update|delete|merge|truncate|copy)\b/i;
const WITH = /^\s*with\b/i;
const WRITE_IN_WITH = /\b(insert\s+into|update\s+\S+(\s+as\s+\S+)?\s+set|delete\s+from|merge\s+into)\b/i;
/** A company group's schema named by a qualified table (schema-recycle.ts reads it too). */
export const TENANT_SCHEMA = /"?\b(cg_[a-z][a-z0-9_]*)"?\./g;
const WEBHOOK_ENDPOINTS = /\bwebhook_endpoints\b(?!_)/i;
/** read-cache.ts's channel (not imported: that module imports the database's). */
const ROWS_CHANGED_CHANNEL = 'rows_changed';
export const WEBHOOK_ENDPOINTS_CHANNEL = 'webhook_endpoints_changed';

/** The notifications (channel, payload) a statement's text calls for; empty for reads. */
export function writeNotifications(text: string): [string, string][] {
  if (!isWrite(text)) return [];
  const schemas = new Set([...text.matchAll(TENANT_SCHEMA)].map((m) => m[1]!));
  const out: [string, string][] = [];
  const webhooks = WEBHOOK_ENDPOINTS.test(text);
  for (const s of schemas) {
    out.push([ROWS_CHANGED_CHANNEL, s]);
    if (webhooks) out.push([WEBHOOK_ENDPOINTS_CHANNEL, s]);
  }
  return out;
}

const NOTIFY = 'select pg_notify(c, p) from unnest($1::text[], $2::text[]) as n(c, p)';

/** The process's notifying connection, what it has still to send and who waits for that. */
const notifier: {
  connect: (() => pg.Client) | null;
  client: Promise<pg.Client> | null;
  queue: Map<string, [string, string]>;
  waiting: { resolve: () => void; reject: (e: unknown) => void }[];
  sending: boolean;
} = { connect: null, client: null, queue: new Map(), waiting: [], sending: false };

/** How `publishWrites` opens its notifying connection (db/database.ts: the pool's settings). */
export function notifyWith(connect: () => pg.Client): void {
  notifier.connect = connect;
}

/**
 * Closes the notifying connection when the pool closes, once what is queued has been sent (a
 * script that writes and exits still invalidates the servers' caches); waits 2 s at most.
 */
export async function closeNotifier(): Promise<void> {
  const until = Date.now() + 2000;
  while ((notifier.sending || notifier.queue.size > 0) && notifier.connect && Date.now() < until)
    await new Promise((r) => setTimeout(r, 5));
  const c = notifier.client;
  notifier.client = null;
  notifier.connect = null;
  notifier.queue.clear();
  for (const w of notifier.waiting.splice(0)) w.reject(new Error('notifier closed'));
  if (c) await c.then((client) => client.end()).catch(() => {});
}

/**
 * Sends what is queued, one statement at a time, in the order it was queued (so a marker queued
 * after a write's notifications arrives after them). A failed send is dropped — the caches expire
 * on their own — and its waiters hear of it.
 */
function flushNotifications(): void {
  if (notifier.sending || notifier.queue.size === 0) return;
  const connect = notifier.connect;
  if (!connect) return;
  notifier.sending = true;
  const items = [...notifier.queue.values()];
  const waiting = notifier.waiting.splice(0);
  notifier.queue.clear();
  notifier.client ??= (async () => {
    const c = connect();
    c.on('error', () => {
      notifier.client = null;
    });
    await c.connect();
    return c;
  })();
  notifier.client
    .then((c) => c.query(NOTIFY, [items.map((i) => i[0]), items.map((i) => i[1])]))
    .then(
      () => {
        for (const w of waiting) w.resolve();
      },
      (e) => {
        notifier.client = null;
        for (const w of waiting) w.reject(e);
      },
    )
    .finally(() => {
      notifier.sending = false;
      flushNotifications();
    });
}

function publish(list: Iterable<[string, string]>): void {
  for (const n of list) notifier.queue.set(n.join('\u0000'), n);
  flushNotifications();
}

/**
 * NOTIFYs `channel` with `payload` after every write this process has published so far; resolves
 * once sent (db/notifications.ts `notificationsSettled`). Rejects when no notifier is set up or
 * the send failed.
 */
export function notifyAfterPublished(channel: string, payload: string): Promise<void> {
  if (!notifier.connect) return Promise.reject(new Error('no notifier'));
  return new Promise<void>((resolve, reject) => {
    notifier.waiting.push({ resolve, reject });
    publish([[channel, payload]]);
  });
}

/**
 * The schemas (`core` or a company group's) the writing statements of a piece of work named: what
 * a write request drops from this process's caches when it ends (app.ts), instead of every
 * tenant's entries. The same rule decides what the notifications above carry.
 */
const requestWrites = new AsyncLocalStorage<Set<string>>();

/** Runs `fn`, adding to `into` the schemas every writing statement it runs names. */
export function collectWrites<T>(into: Set<string>, fn: () => Promise<T>): Promise<T> {
  return requestWrites.run(into, fn);
}

function isWrite(text: string): boolean {
  return WRITE.test(text) || (WITH.test(text) && WRITE_IN_WITH.test(text));
}

/** Wraps a pooled connection's `query` (see above). */
export function publishWrites(client: pg.PoolClient): void {
  const inner = (client.query as Query).bind(client) as Query;
  let inTransaction = false;
  const pending = new Map<string, [string, string]>();
  const wrapped: Query = (text, values, callback) => {
    if (typeof text !== 'string' || callback !== undefined || typeof values === 'function') {
      return inner(text, values, callback);
    }
    const collecting = requestWrites.getStore();
    if (collecting && isWrite(text)) for (const schema of schemasOf(text)) collecting.add(schema);
    if (BEGIN.test(text)) {
      inTransaction = true;
      pending.clear();
    } else if (COMMIT.test(text)) {
      inTransaction = false;
      if (pending.size > 0) {
        const committed = [...pending.values()];
        pending.clear();
        return (inner(text, values) as Promise<unknown>).then((r) => {
          publish(committed);
          return r;
        });
      }
    } else if (ROLLBACK.test(text)) {
      inTransaction = false;
      pending.clear();
    } else {
      const notes = writeNotifications(text);
      if (notes.length > 0) {
        if (inTransaction) for (const n of notes) pending.set(n.join('\u0000'), n);
        else
          return (inner(text, values) as Promise<unknown>).then((r) => {
            publish(notes);
            return r;
          });
      }
    }
    return inner(text, values);
  };
  (client as unknown as { query: Query }).query = wrapped;
}
