import { type Kysely, sql } from 'kysely';

/**
 * Unfinished jobs by age: the worker's requeue sweep reads the oldest `queued`/`active` rows (a job
 * whose enqueue met a Redis outage, or whose BullMQ job a Redis restart lost) without a scan.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists jobs_unfinished_idx on core.jobs (created_at) where state in ('queued', 'active')`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists core.jobs_unfinished_idx`.execute(db);
}
