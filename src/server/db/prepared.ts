/**
 * Prepared statements for what Kysely sends (issue 12). Postgres plans every unnamed statement
 * again; the sign-in resolution's four-table join spent 0.16 ms planning for 0.04 ms of work, and
 * under load that planning was the server's ceiling. Each pooled connection now sends a statement
 * it sees under a name derived from its text, so Postgres parses and plans it once per connection
 * (and switches to a generic plan only when that costs no more, its own rule).
 *
 * Bounded: at most PREPARED_PER_CONNECTION texts per connection (lists build many filter
 * combinations), the rest run unnamed. Only plain DML is named (DDL, SET, transactions stay
 * unnamed). A prepared `select *` whose table gained a column while the process runs fails once
 * with 0A000 "cached plan must not change result type": that text is then run unnamed for the
 * connection's life, and the call answers normally.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';

export const PREPARED_PER_CONNECTION = 200;
const DML = /^\s*(select|insert|update|delete|with)\b/i;
/**
 * `ON CONFLICT (col) WHERE <predicate>` infers a partial unique index from the predicate; under a
 * generic plan (after five runs) a parameter in it is unknown and Postgres refuses the statement
 * ("no unique or exclusion constraint matching"). Such statements stay unnamed.
 */
const NEVER_NAMED = /\bon conflict\b/i;

type Query = (text: unknown, values?: unknown, callback?: unknown) => unknown;

export function prepareStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as Query;
  const names = new Map<string, string>();
  const unnamed = new Set<string>();
  const named: Query = (text, values, callback) => {
    if (
      typeof text !== 'string' ||
      !Array.isArray(values) ||
      callback !== undefined ||
      unnamed.has(text) ||
      !DML.test(text) ||
      NEVER_NAMED.test(text)
    )
      return query(text, values, callback);
    let name = names.get(text);
    if (!name) {
      if (names.size >= PREPARED_PER_CONNECTION) return query(text, values);
      name = `k${createHash('sha1').update(text).digest('base64url').slice(0, 24)}`;
      names.set(text, name);
    }
    return (query({ name, text, values }) as Promise<pg.QueryResult>).catch((e: { code?: string }) => {
      if (e?.code !== '0A000') throw e;
      unnamed.add(text);
      return query(text, values);
    });
  };
  (client as unknown as { query: Query }).query = named;
}
