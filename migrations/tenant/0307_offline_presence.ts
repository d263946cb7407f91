// biome-ignore-all lint/suspicious/noExplicitAny: migrations see the schema as it was then, untyped
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Inspections without signal, and proof that the inspector was there (issue 20).
 *
 * - Records (inspections, maintenances) get `performed_at` — when the record was made (submitted
 *   on the device; an offline record arrives later) — backfilled from `created_at`, which stays the
 *   arrival time; `identified_by` (SCAN, NFC, TYPED; null: not told, as every older record) and
 *   `scanned_at`. Histories are ordered by `performed_at`.
 * - Equipment gets its reference location (`reference_latitude`/`_longitude`, `reference_source`
 *   MEDIAN or ADMIN, `reference_samples`: how many located inspections the median was taken over,
 *   up to 5 — kept by the inspection's transaction until then), and `last_scanned_at` — the
 *   performed time of its newest SCAN/NFC inspection — so the never-scanned report
 *   (`notScannedSince`) is a range-or-null condition on one indexed column.
 * - The offline working set pages equipment and unused tags of a company by id
 *   (`equipment_company_id_idx`, `tags_spare_idx`) and stamps its version with the newest
 *   `updated_at` of each (`equipment_company_updated_idx`, `tags_company_updated_idx`).
 */
/** as `REFERENCE_SAMPLES` in src/server/domains/equipment/presence.ts */
const REFERENCE_SAMPLES = 5;

export async function up(db: Kysely<any>, schema: string): Promise<void> {
  const s = sql.id(schema);
  for (const table of ['inspections', 'maintenances']) {
    const t = sql.table(`${schema}.${table}`);
    await sql`alter table ${t} add column performed_at timestamptz,
      add column identified_by text check (identified_by in ('SCAN', 'NFC', 'TYPED')),
      add column scanned_at timestamptz`.execute(db);
    await sql`update ${t} set performed_at = created_at`.execute(db);
    await sql`alter table ${t} alter column performed_at set not null,
      alter column performed_at set default now()`.execute(db);
    await db.schema
      .createIndex(`${table}_equipment_performed_idx`)
      .on(table)
      .columns(['equipment_id', 'performed_at desc', 'id desc'])
      .execute();
  }

  await sql`alter table ${s}.equipment add column reference_latitude double precision,
    add column reference_longitude double precision,
    add column reference_source text check (reference_source in ('MEDIAN', 'ADMIN')),
    add column reference_samples smallint not null default 0,
    add column last_scanned_at timestamptz`.execute(db);
  // The reference of equipment inspected already: the median of its first located inspections.
  await sql`update ${s}.equipment e
    set reference_latitude = m.lat, reference_longitude = m.lng, reference_source = 'MEDIAN', reference_samples = m.n
    from (
      select equipment_id,
             percentile_cont(0.5) within group (order by latitude) as lat,
             percentile_cont(0.5) within group (order by longitude) as lng,
             count(*) as n
      from (
        select equipment_id, latitude, longitude,
               row_number() over (partition by equipment_id order by performed_at, id) as k
        from ${s}.inspections
        where latitude is not null and longitude is not null
      ) f
      where k <= ${sql.lit(REFERENCE_SAMPLES)}
      group by equipment_id
    ) m
    where m.equipment_id = e.id`.execute(db);

  const index = (name: string, table: string) => db.schema.createIndex(name).on(table);
  await index('equipment_last_scanned_idx', 'equipment').columns(['last_scanned_at', 'id']).execute();
  await index('equipment_company_id_idx', 'equipment').columns(['company_id', 'id']).execute();
  await index('equipment_company_updated_idx', 'equipment').columns(['company_id', 'updated_at']).execute();
  await index('tags_spare_idx', 'tags')
    .columns(['company_id', 'id'])
    .where(sql<boolean>`enabled and activated_at is null`)
    .execute();
  await index('tags_company_updated_idx', 'tags').columns(['company_id', 'updated_at']).execute();
}

export async function down(db: Kysely<any>, schema: string): Promise<void> {
  const s = sql.id(schema);
  for (const i of [
    'tags_company_updated_idx',
    'tags_spare_idx',
    'equipment_company_updated_idx',
    'equipment_company_id_idx',
    'equipment_last_scanned_idx',
    'maintenances_equipment_performed_idx',
    'inspections_equipment_performed_idx',
  ])
    await db.schema.dropIndex(i).ifExists().execute();
  await sql`alter table ${s}.equipment drop column if exists reference_latitude,
    drop column if exists reference_longitude, drop column if exists reference_source,
    drop column if exists reference_samples, drop column if exists last_scanned_at`.execute(db);
  for (const table of ['inspections', 'maintenances'])
    await sql`alter table ${sql.table(`${schema}.${table}`)} drop column if exists performed_at,
      drop column if exists identified_by, drop column if exists scanned_at`.execute(db);
}
