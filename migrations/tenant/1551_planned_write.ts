import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * `planned_write(statement, params)`: runs a field write's one statement (kit/write-plan.ts) with its
 * parameters, answering its `ok`. On Citus it is a distributed function colocated with the
 * group's tables (db/citus.ts `delegateWrites`), so `select planned_write(…)` is delegated whole to
 * the worker that holds the schema: its parts run there, none is a round trip from the coordinator
 * (issue 32 item 1). Plain Postgres does not call it (the statement runs prepared, as it is).
 *
 * The parameters are the text forms the driver would have sent; each `$n` of the statement becomes
 * `quote_nullable(params[n])`, an untyped literal that Postgres types from its place as it types a
 * parameter. The statement is split at its `$n` once, so a value holding `$1` is never replaced.
 */
export async function up(db: Kysely<unknown>, schema: string): Promise<void> {
  const s = sql.id(schema);
  await sql`create or replace function ${s}.planned_write(statement text, params text[]) returns boolean
    language plpgsql set search_path = ${s} as ${sql.lit(`declare
      parts text[] := regexp_split_to_array(statement, '\\$[0-9]+');
      refs text[] := array(select m[1] from regexp_matches(statement, '\\$([0-9]+)', 'g') m);
      query text := parts[1];
      ok boolean;
    begin
      for i in 1 .. coalesce(array_length(refs, 1), 0) loop
        query := query || quote_nullable(params[refs[i]::int]) || parts[i + 1];
      end loop;
      execute query into ok;
      return ok;
    end`)}`.execute(db);
}
