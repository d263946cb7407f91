/**
 * The status rules of `src/shared/equipment/status.ts` in SQL, over the dates the equipment row
 * stores, relative to a `today` passed in (the install's calendar day, `today()` in db/days.ts). Every
 * filter is a range or a partial index on one of those dates, so filtering a large tenant by any
 * status stays an index scan (migrations/tenant/0301_equipment.ts).
 */
import { type Expression, type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type {
  EquipmentStatus,
  ExpirationFilter,
  ExpirationStatus,
} from '../../../shared/equipment/status.ts';
import type { TenantDatabase } from '../../db/schema.ts';

const ref = (alias: string, col: string) => sql.ref(`${alias}.${col}`);

/** Selectable status expressions of equipment row `e` on day `day`. */
export function statusColumns(e: string, day: string) {
  const t = sql`${day}::date`;
  const next = ref(e, 'next_inspection_date');
  const due = ref(e, 'due_date');
  const expiration = (date: RawBuilder<unknown> | ReturnType<typeof ref>, notice: ReturnType<typeof ref>) =>
    sql<ExpirationStatus>`case when ${date} is null then 'NA' when ${date} < ${t} then 'EXPIRED' when ${notice} <= ${t} then 'EXPIRING' else 'VALID' end`;
  return {
    status: sql<EquipmentStatus>`case when ${ref(e, 'last_inspection_at')} is null then 'NA' when ${ref(e, 'last_inspection_improper')} then 'IMPROPER' when ${next} < ${t} or ${due} < ${t} then 'EXPIRED' else 'VALID' end`,
    lastInspectionExpirationStatus: expiration(next, ref(e, 'inspection_notice_date')),
    lastInspectionDaysToExpire: sql<number | null>`(${next} - ${t})`,
    dueDateExpirationStatus: expiration(due, ref(e, 'due_notice_date')),
    dueDateDaysToExpire: sql<number | null>`(${due} - ${t})`,
  };
}

/** `statusColumns` as one select list, under the names every equipment answer reads them by. */
export function selectStatus(e: string, day: string) {
  const s = statusColumns(e, day);
  return [
    s.status.as('status'),
    s.lastInspectionExpirationStatus.as('last_inspection_status'),
    s.lastInspectionDaysToExpire.as('last_inspection_days'),
    s.dueDateExpirationStatus.as('due_status'),
    s.dueDateDaysToExpire.as('due_days'),
  ] as const;
}

/** WHERE for an equipment status. */
export function statusIs(e: string, status: EquipmentStatus, day: string): Expression<SqlBool> {
  const t = sql`${day}::date`;
  const inspected = sql`${ref(e, 'last_inspection_at')} is not null`;
  const improper = ref(e, 'last_inspection_improper');
  const next = ref(e, 'next_inspection_date');
  const due = ref(e, 'due_date');
  switch (status) {
    case 'NA':
      return sql<SqlBool>`${ref(e, 'last_inspection_at')} is null`;
    case 'IMPROPER':
      return sql<SqlBool>`(${inspected} and ${improper})`;
    case 'EXPIRED':
      return sql<SqlBool>`(${inspected} and not ${improper} and (${next} < ${t} or ${due} < ${t}))`;
    case 'VALID':
      return sql<SqlBool>`(${inspected} and not ${improper} and (${next} is null or ${next} >= ${t}) and (${due} is null or ${due} >= ${t}))`;
  }
}

/**
 * WHERE for an expiration filter on a date and the day its notice starts (`date - noticeDays`):
 * EXPIRED_OR_EXPIRING is simply "the notice has started".
 */
export function expirationIs(
  e: string,
  which: 'inspection' | 'due',
  filter: ExpirationFilter,
  day: string,
): Expression<SqlBool> {
  const t = sql`${day}::date`;
  const date = ref(e, which === 'inspection' ? 'next_inspection_date' : 'due_date');
  const notice = ref(e, which === 'inspection' ? 'inspection_notice_date' : 'due_notice_date');
  switch (filter) {
    case 'NA':
      return sql<SqlBool>`${date} is null`;
    case 'EXPIRED':
      return sql<SqlBool>`${date} < ${t}`;
    case 'EXPIRING':
      return sql<SqlBool>`(${date} >= ${t} and ${notice} <= ${t})`;
    case 'VALID':
      return sql<SqlBool>`${notice} > ${t}`;
    case 'EXPIRED_OR_EXPIRING':
      return sql<SqlBool>`${notice} <= ${t}`;
  }
}

/** The stored dates of an equipment, from its last inspection day, due date and product. */
export function storedDates(input: {
  lastInspectionDay: string | null;
  dueDate: string | null;
  scheduleDays: number;
  inspectionNoticeDays: number | null;
  dueNoticeDays: number | null;
}) {
  const add = (d: string, n: number) => {
    const [y, m, dd] = d.split('-').map(Number) as [number, number, number];
    return new Date(Date.UTC(y, m - 1, dd + n)).toISOString().slice(0, 10);
  };
  const next = input.lastInspectionDay ? add(input.lastInspectionDay, input.scheduleDays) : null;
  return {
    next_inspection_date: next,
    inspection_notice_date: next ? add(next, -(input.inspectionNoticeDays ?? 0)) : null,
    due_date: input.dueDate,
    due_notice_date: input.dueDate ? add(input.dueDate, -(input.dueNoticeDays ?? 0)) : null,
  };
}

/**
 * After a product's schedule, notice days or expiration flag change: its equipment's next
 * inspection, notice and due dates follow (one UPDATE over the product's index; rows already right
 * are not rewritten). A product without an expiration date keeps no due dates. Call inside the
 * product update's transaction. Written with the query builder so the tenant schema applies.
 */
export async function recomputeProductDates(db: Kysely<TenantDatabase>, productId: number): Promise<void> {
  const next = sql<string | null>`e.last_inspection_day + p.inspection_schedule`;
  const notice = sql<
    string | null
  >`e.last_inspection_day + p.inspection_schedule - coalesce(p.days_notification_next_inspection_date, 0)`;
  const due = sql<string | null>`case when p.is_due_date then e.due_date end`;
  const dueNotice = sql<
    string | null
  >`case when p.is_due_date then e.due_date - coalesce(p.days_notification_due_date, 0) end`;
  await db
    .updateTable('equipment as e')
    .from('products as p')
    .set({
      next_inspection_date: next,
      inspection_notice_date: notice,
      due_date: due,
      due_notice_date: dueNotice,
      due_date_manual: sql<boolean>`e.due_date_manual and p.is_due_date`,
    })
    .whereRef('p.id', '=', 'e.product_id')
    .where('p.id', '=', productId)
    .where(
      sql<SqlBool>`(e.next_inspection_date, e.inspection_notice_date, e.due_date, e.due_notice_date) is distinct from (${next}, ${notice}, ${due}, ${dueNotice})`,
    )
    .execute();
}
