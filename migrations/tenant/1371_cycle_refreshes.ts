// biome-ignore-all lint/suspicious/noExplicitAny: migrations see the schema as it was then, untyped
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * `cycle_refreshes` (issue 30, the cycles job): one row per cycle list (`type:<id>` or
 * `product:<id>`) whose equipment a `cycle-refresh` job is recomputing. The row names the job that
 * owns it (a later save of the same list takes the row over, and the older job stops at its next
 * chunk) and its cursor (`after_id`: equipment ids up to it are done), written in each chunk's
 * transaction, so a crashed or retried job resumes where it stopped without redoing a chunk.
 */
export async function up(db: Kysely<any>, schema: string): Promise<void> {
  const s = sql.id(schema);
  await sql`create table ${s}.cycle_refreshes (
      owner_key text primary key,
      job_id text not null,
      total integer not null default 0,
      done integer not null default 0,
      after_id integer not null default 0,
      started_at timestamptz not null default now(),
      finished_at timestamptz
    )`.execute(db);
}

export async function down(db: Kysely<any>, schema: string): Promise<void> {
  await sql`drop table if exists ${sql.id(schema)}.cycle_refreshes`.execute(db);
}
