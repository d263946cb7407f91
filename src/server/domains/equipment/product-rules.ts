/**
 * What equipment takes from its product: whether it consumes a tag, whether it has a due date, and
 * the schedule and notice days its stored dates follow. Registration, edits and inspections read
 * these with one column list and apply them with one function.
 */
import type { Db } from './common.ts';
import { storedDates } from './status-sql.ts';

/** Products ⋈ their inspection type and category (the names tell an extinguisher; each can be disabled). */
export function productsWithType(db: Db) {
  return db
    .selectFrom('products as p')
    .innerJoin('inspection_types as it', 'it.id', 'p.inspection_type_id')
    .innerJoin('categories as c', 'c.id', 'it.category_id');
}

/** The product's rules for its equipment, over `p`. */
export const productRuleColumns = [
  'p.is_dv_exclusive',
  'p.is_due_date',
  'p.inspection_schedule',
  'p.days_notification_next_inspection_date',
  'p.days_notification_due_date',
  'p.inspection_type_id',
] as const;

/** The stored dates of equipment of `product` (read with `productRuleColumns`). */
export function productDates(
  product: {
    inspection_schedule: number;
    days_notification_next_inspection_date: number | null;
    days_notification_due_date: number | null;
  },
  lastInspectionDay: string | null,
  dueDate: string | null,
) {
  return storedDates({
    lastInspectionDay,
    dueDate,
    scheduleDays: product.inspection_schedule,
    inspectionNoticeDays: product.days_notification_next_inspection_date,
    dueNoticeDays: product.days_notification_due_date,
  });
}
