// biome-ignore-all lint/suspicious/noExplicitAny: migrations see the schema as it was then, untyped
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Equipment waiting for a tag (issue 31 item 1): an imported row without a tag serial is equipment
 * all the same — listed, reported, counted — and gets its tag at the first scan (`claimTag`) or in
 * bulk (`assignTags`). `tag_id` becomes nullable; its unique constraint stays (Postgres lets many
 * rows hold null). The counters of 0303 count tags, not equipment, and those of 0601 count
 * equipment whatever its tag: neither reads `tag_id`, so nothing changes there.
 *
 * - A partial index finds a company's tagless equipment by control number (the claim's picker),
 *   another its spare tags in serial order (the bulk assignment pre-fills them).
 * - Snapshots: a CREATED snapshot of tagless equipment has no serial (`tag_serial` nullable), and
 *   binding a tag to it is a kind of its own, TAG_ASSIGNED.
 */
export async function up(db: Kysely<any>, schema: string): Promise<void> {
  const s = sql.id(schema);
  await sql`alter table ${s}.equipment alter column tag_id drop not null`.execute(db);
  await sql`create index equipment_awaiting_tag_idx on ${s}.equipment (company_id, extra_code, id)
    where tag_id is null`.execute(db);
  // The bulk assignment's "next unused tags of the company, in serial order".
  await sql`create index tags_spare_serial_idx on ${s}.tags (company_id, serial_number)
    where enabled and activated_at is null`.execute(db);
  await sql`alter table ${s}.equipment_snapshots alter column tag_serial drop not null`.execute(db);
  await sql`alter table ${s}.equipment_snapshots drop constraint if exists equipment_snapshots_kind_check`.execute(
    db,
  );
  await sql`alter table ${s}.equipment_snapshots add constraint equipment_snapshots_kind_check
    check (kind in ('CREATED', 'UPDATED', 'TAG_REPLACED', 'TAG_ASSIGNED'))`.execute(db);
}

export async function down(db: Kysely<any>, schema: string): Promise<void> {
  const s = sql.id(schema);
  await sql`delete from ${s}.equipment_snapshots where kind = 'TAG_ASSIGNED' or tag_serial is null`.execute(
    db,
  );
  await sql`alter table ${s}.equipment_snapshots drop constraint if exists equipment_snapshots_kind_check`.execute(
    db,
  );
  await sql`alter table ${s}.equipment_snapshots add constraint equipment_snapshots_kind_check
    check (kind in ('CREATED', 'UPDATED', 'TAG_REPLACED'))`.execute(db);
  await sql`alter table ${s}.equipment_snapshots alter column tag_serial set not null`.execute(db);
  await sql`drop index if exists ${s}.tags_spare_serial_idx`.execute(db);
  await sql`drop index if exists ${s}.equipment_awaiting_tag_idx`.execute(db);
  // Equipment still waiting for a tag cannot survive a NOT NULL tag: the down fails on it, by design.
  await sql`alter table ${s}.equipment alter column tag_id set not null`.execute(db);
}
