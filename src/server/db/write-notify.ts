/**
 * Cache invalidation that does not depend on a tenant table's trigger (issue 28). On plain
 * Postgres the `rows_changed` and `webhook_endpoints_changed` triggers NOTIFY every process's
 * LISTEN connection. On Citus a company group's tables live on a worker and their triggers run
 * there: their NOTIFY reaches the worker's listeners, never the coordinator's. So on Citus each
 * pooled connection publishes what it wrote itself, from the coordinator:
 * - it notes the company-group schemas (`cg_…`) that a writing statement (insert, update, delete,
 *   merge, truncate, copy, or a `with` holding one) names — the tenant compiler qualifies every
 *   table, so the text names them all; a trigger's own writes stay in its schema;
 * - inside a transaction it sends `pg_notify('rows_changed', schema)` for each (and
 *   `webhook_endpoints_changed` when the statement named `webhook_endpoints`) just before the
 *   COMMIT: Postgres delivers them at commit, and only if it commits — the triggers' semantics;
 *   a ROLLBACK forgets them;
 * - a statement outside a transaction (autocommit) is followed by its notifications, awaited
 *   before the caller gets its result.
 * Whether the database is a Citus one is read once per connection (queued before its first
 * statement). On plain Postgres the wrapper only reads that flag per statement.
 */
import type pg from 'pg';

type Query = (text: unknown, values?: unknown, callback?: unknown) => unknown;

const BEGIN = /^\s*(begin|start\s+transaction)\b/i;
const COMMIT = /^\s*(commit|end)\s*(transaction|work)?\s*;?\s*$/i;
const ROLLBACK = /^\s*(rollback|abort)\s*(transaction|work)?\s*;?\s*$/i;
const WRITE = /^\s*(insert|update|delete|merge|truncate|copy)\b/i;
const WITH = /^\s*with\b/i;
const WRITE_IN_WITH = /\b(insert\s+into|update\s+\S+(\s+as\s+\S+)?\s+set|delete\s+from|merge\s+into)\b/i;
const TENANT_SCHEMA = /"?\b(cg_[a-z][a-z0-9_]*)"?\./g;
const WEBHOOK_ENDPOINTS = /\bwebhook_endpoints\b(?!_)/i;
/** read-cache.ts's channel (not imported: that module imports the database's). */
const ROWS_CHANGED_CHANNEL = 'rows_changed';
export const WEBHOOK_ENDPOINTS_CHANNEL = 'webhook_endpoints_changed';

/** The notifications (channel, payload) a statement's text calls for; empty for reads. */
export function writeNotifications(text: string): [string, string][] {
  if (!WRITE.test(text) && !(WITH.test(text) && WRITE_IN_WITH.test(text))) return [];
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

/** Wraps a pooled connection's `query` (see above). */
export function publishWrites(client: pg.PoolClient): void {
  const inner = (client.query as Query).bind(client) as Query;
  let citus = false;
  let inTransaction = false;
  const pending = new Map<string, [string, string]>();
  (
    inner('select exists (select 1 from pg_catalog.pg_extension where extname = $1) as citus', [
      'citus',
    ]) as Promise<pg.QueryResult>
  ).then(
    (r) => {
      citus = r.rows[0]?.citus === true;
    },
    () => {},
  );
  const send = (list: Iterable<[string, string]>) => {
    const items = [...list];
    return (inner(NOTIFY, [items.map((i) => i[0]), items.map((i) => i[1])]) as Promise<unknown>).catch(
      () => {},
    );
  };
  const wrapped: Query = (text, values, callback) => {
    if (typeof text !== 'string' || callback !== undefined || typeof values === 'function') {
      return inner(text, values, callback);
    }
    if (BEGIN.test(text)) {
      inTransaction = true;
      pending.clear();
    } else if (COMMIT.test(text)) {
      inTransaction = false;
      if (citus && pending.size > 0) void send(pending.values());
      pending.clear();
    } else if (ROLLBACK.test(text)) {
      inTransaction = false;
      pending.clear();
    } else if (citus) {
      const notes = writeNotifications(text);
      if (notes.length > 0) {
        if (inTransaction) for (const n of notes) pending.set(n.join('\u0000'), n);
        else
          return (inner(text, values) as Promise<unknown>).then(async (r) => {
            await send(notes);
            return r;
          });
      }
    }
    return inner(text, values);
  };
  (client as unknown as { query: Query }).query = wrapped;
}
