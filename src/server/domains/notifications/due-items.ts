/**
 * The equipment a due-date notification is about (issue 18 item 2), in SQL: on `day`, its next
 * inspection or its due date is in the product's notice window or past — the stored notice dates
 * (`inspection_notice_date`, `due_notice_date`, kept from the product's
 * `daysNotificationNextInspectionDate` / `daysNotificationDueDate`) are on or before the day — on an
 * active tag. The WHERE is the inspection report's own builder (scope, active tags, company) plus
 * `least(notice dates) <= day`, which is its two EXPIRED_OR_EXPIRING filters joined by "or": the
 * digest's and the bell's counts are the report's totals for the links of
 * `src/shared/notifications/links.ts`. Every read walks the partial indexes of tenant migration 0801
 * in (notice day, id) order: the first items and a capped count cost a few index pages whatever the
 * tenant's size; only the digest's per-company counts read all of a company's due rows (in SQL).
 */
import { type Expression, type SqlBool, sql } from 'kysely';
import type { DueDateState, DueItem } from '../../../shared/notifications/schemas.ts';
import type { TenantDb } from '../../db/database.ts';
import type { Scope } from '../../kit/scope.ts';
import { equipmentReportWhere } from '../equipment/index.ts';
import { expirationIs, statusColumns } from '../equipment/index.ts';

/** Every company of the tenant (the job has no caller: the schema is the group). */
export const WHOLE_TENANT: Scope = { provider: true, groupId: null, companyId: null };

/** The day the notice of equipment `e` starts: the earlier of its two notice dates (least skips a null). */
export function noticeStart(e = 'e') {
  return sql<string>`least(${sql.ref(`${e}.inspection_notice_date`)}, ${sql.ref(`${e}.due_notice_date`)})`;
}

/** WHERE over `equipment as e`: due on `day`, in `scope`, of `companyId` when given. */
export function dueWhere(
  db: TenantDb,
  scope: Scope,
  companyId: number | undefined,
  day: string,
): Expression<SqlBool> {
  const report = equipmentReportWhere(
    db,
    scope,
    { enabledTagsOnly: true, companyId },
    { day, status: 'inspection' },
  );
  return sql<SqlBool>`(${report} and ${noticeStart()} <= ${day}::date)`;
}

export interface DueCounts {
  /** equipment with either date due */
  equipment: number;
  inspectionsExpired: number;
  inspectionsExpiring: number;
  dueDatesExpired: number;
  dueDatesExpiring: number;
}

/** One company's counts on `day` (one statement over its due rows). */
export async function dueCounts(db: TenantDb, companyId: number, day: string): Promise<DueCounts> {
  const n = (c: Expression<SqlBool>) => sql<string>`count(*) filter (where ${c})`;
  const r = await db
    .selectFrom('equipment as e')
    .where(dueWhere(db, WHOLE_TENANT, companyId, day))
    .select([
      sql<string>`count(*)`.as('equipment'),
      n(expirationIs('e', 'inspection', 'EXPIRED', day)).as('inspectionsExpired'),
      n(expirationIs('e', 'inspection', 'EXPIRING', day)).as('inspectionsExpiring'),
      n(expirationIs('e', 'due', 'EXPIRED', day)).as('dueDatesExpired'),
      n(expirationIs('e', 'due', 'EXPIRING', day)).as('dueDatesExpiring'),
    ])
    .executeTakeFirstOrThrow();
  return {
    equipment: Number(r.equipment),
    inspectionsExpired: Number(r.inspectionsExpired),
    inspectionsExpiring: Number(r.inspectionsExpiring),
    dueDatesExpired: Number(r.dueDatesExpired),
    dueDatesExpiring: Number(r.dueDatesExpiring),
  };
}

export interface FirstDue {
  items: DueItem[];
  /** the due equipment counted up to `countUpTo` (0 without a count) */
  counted: number;
}

function dateState(date: string | null, status: string, days: number | null): DueDateState | null {
  if (date === null || days === null || (status !== 'EXPIRED' && status !== 'EXPIRING')) return null;
  return { date, status, daysToExpire: Number(days) };
}

/**
 * The first `limit` due equipment (the longest in their notice window first, then by id) with what
 * the bell and the mail show, and — with `countUpTo` — how many there are, counted up to that
 * number: one statement.
 */
export async function firstDue(
  db: TenantDb,
  where: Expression<SqlBool>,
  day: string,
  opts: { limit: number; countUpTo?: number },
): Promise<FirstDue> {
  const upTo = Math.max(opts.countUpTo ?? 0, opts.limit);
  const due = db
    .selectFrom('equipment as e')
    .where(where)
    .select(['e.id', noticeStart().as('since')])
    .orderBy(noticeStart())
    .orderBy('e.id')
    .limit(upTo);
  // Named `capped` as every capped count is (tests/integration/platform/query-budget.test.ts).
  const first = db
    .selectFrom(due.as('capped'))
    .select(['capped.id', 'capped.since', sql<string>`count(*) over ()`.as('counted')])
    .orderBy('capped.since')
    .orderBy('capped.id')
    .limit(opts.limit);
  const s = statusColumns('e', day);
  const rows = await db
    .selectFrom(first.as('x'))
    .innerJoin('equipment as e', 'e.id', 'x.id')
    .innerJoin('tags as t', 't.id', 'e.tag_id')
    .innerJoin('products as p', 'p.id', 'e.product_id')
    .select([
      'e.id',
      'e.company_id',
      'e.extra_label',
      'e.next_inspection_date',
      'e.due_date',
      't.serial_number',
      'p.name',
      'p.sku',
      'x.counted',
      s.lastInspectionExpirationStatus.as('inspectionStatus'),
      s.lastInspectionDaysToExpire.as('inspectionDays'),
      s.dueDateExpirationStatus.as('dueStatus'),
      s.dueDateDaysToExpire.as('dueDays'),
    ])
    .orderBy('x.since')
    .orderBy('x.id')
    .execute();
  return {
    counted: opts.countUpTo === undefined ? 0 : Number(rows[0]?.counted ?? 0),
    items: rows.map((r) => ({
      equipmentId: r.id,
      companyId: Number(r.company_id),
      tagSerialNumber: r.serial_number,
      productName: r.name,
      productSku: r.sku,
      extraLabel: r.extra_label,
      nextInspection: dateState(r.next_inspection_date, r.inspectionStatus, r.inspectionDays),
      dueDate: dateState(r.due_date, r.dueStatus, r.dueDays),
    })),
  };
}
