// biome-ignore-all lint/suspicious/noExplicitAny: migrations see the schema as it was then, untyped
import { type Kysely, sql } from 'kysely';

/**
 * Due-date notifications (issue 18 item 2): the equipment whose next inspection or due date is in
 * its notice window or past is `least(inspection_notice_date, due_notice_date) <= day` (least
 * skips a null) — the two report filters EXPIRED_OR_EXPIRING in one range. Ordered by that day and
 * the id, per company (the digest, a company user's bell) and per group (a group admin's bell): the
 * first items and a capped count are a few index pages however large the tenant. Partial: equipment
 * without either date (never inspected, no due date) is not in them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const notice = sql`least(inspection_notice_date, due_notice_date)`;
  await db.schema
    .createIndex('equipment_company_due_notice_idx')
    .on('equipment')
    .expression(sql`company_id, ${notice}, id`)
    .where(sql<boolean>`${notice} is not null`)
    .execute();
  await db.schema
    .createIndex('equipment_due_notice_order_idx')
    .on('equipment')
    .expression(sql`${notice}, id`)
    .where(sql<boolean>`${notice} is not null`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('equipment_due_notice_order_idx').ifExists().execute();
  await db.schema.dropIndex('equipment_company_due_notice_idx').ifExists().execute();
}
