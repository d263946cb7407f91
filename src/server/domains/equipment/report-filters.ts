/**
 * The one WHERE and sort map of the equipment reports (seed 001 §2 screens 1 and 2, §7 export
 * query): the inspection report (`equipment.list`), the maintenance report (`reports.maintenances`)
 * and their exports all build their rows here, so a file holds exactly the rows on screen. Every
 * condition reads the equipment row's stored dates through an index (status-sql.ts, migrations
 * 0301 and 0305); none joins a table per row.
 */
import { type Expression, type SqlBool, sql } from 'kysely';
import type { ExpirationStatus } from '../../../shared/enums.ts';
import type { TriState } from '../../../shared/list.ts';
import type { EquipmentStatus, ExpirationFilter } from '../../../shared/equipment/status.ts';
import {
  EXTINGUISHER_DATE_FILTERS,
  type ExtinguisherDateFilter,
  PAST_ONLY_FILTERS,
} from '../../../shared/reports/filters.ts';
import { dayStart, futureDays, nextDayStart } from '../../db/days.ts';
import { documentSearchCondition } from '../../db/search.ts';
import { AppError } from '../../errors.ts';
import { type Scope, scopeWhere } from '../../kit/scope.ts';
import type { Db } from './common.ts';
import { expirationIs, statusColumns, statusIs } from './status-sql.ts';

/** The filters of either report (each report's schema allows its own subset). */
export interface EquipmentReportFilters {
  query?: string;
  status?: EquipmentStatus;
  enabledTagsOnly: boolean;
  categoryId?: number;
  inspectionTypeId?: number;
  productId?: number;
  companyId?: number;
  createFrom?: string;
  createUpTo?: string;
  lastInspectionFrom?: string;
  lastInspectionUpTo?: string;
  lastInspectionExpirationStatus?: ExpirationFilter;
  lastInspectionBy?: string;
  dueDateFrom?: string;
  dueDateUpTo?: string;
  dueDateExpirationStatus?: ExpirationFilter;
  lastMaintenanceFrom?: string;
  lastMaintenanceUpTo?: string;
  /** the never-scanned report (issue 20) */
  notScannedSince?: string;
  manufacturingDate?: string;
  rechargeDate?: string;
  weighingDate?: string;
  /** a maintenance cycle's code, and its status today (without the code: any of the equipment's cycles) */
  cycle?: string;
  cycleStatus?: ExpirationStatus;
  /** equipment waiting for a tag (tenant 1401: `tag_id` null; equipment_awaiting_tag_idx) */
  awaitingTag?: TriState;
}

/**
 * Which status a report shows and filters by: the equipment's (inspection report) or its
 * maintenance status (maintenance report: NA while never maintained, else the equipment's — as
 * `toEquipmentDto` answers `maintenanceStatus`).
 */
export type ReportStatusKind = 'inspection' | 'maintenance';

export interface ReportSpec {
  /** the calendar day statuses and "future" are relative to (`today()` when asked) */
  day: string;
  status: ReportStatusKind;
}

/** Days after `day` on registration, last inspection or last maintenance: 400 naming the first. */
export function refuseFutureFilterDays(input: EquipmentReportFilters, day: string): void {
  const [first] = futureDays(input as unknown as Record<string, unknown>, PAST_ONLY_FILTERS, day);
  if (first) throw new AppError('REPORT_DATE_IN_FUTURE', { params: { parameter: first } });
}

/** The maintenance status of equipment row `e`: NA until its first maintenance. */
export function maintenanceStatusColumn(e: string, day: string) {
  return sql<EquipmentStatus>`case when ${sql.ref(`${e}.last_maintenance_at`)} is null then 'NA' else ${statusColumns(e, day).status} end`;
}

/** WHERE for a maintenance status (NA: never maintained, or never inspected). */
function maintenanceStatusIs(e: string, status: EquipmentStatus, day: string): Expression<SqlBool> {
  const maintained = sql.ref(`${e}.last_maintenance_at`);
  if (status === 'NA') return sql<SqlBool>`(${maintained} is null or ${statusIs(e, 'NA', day)})`;
  return sql<SqlBool>`(${maintained} is not null and ${statusIs(e, status, day)})`;
}

/**
 * An extinguisher date filter: the equipment holds a value of `day` for a DATE attribute named by
 * the filter's word (`EXTINGUISHER_DATE_FILTERS`; DATE values are stored as YYYY-MM-DD, checked on
 * write, so the same calendar day is the same text). Served by the (attribute_id, value) index.
 */
function attributeDayIs(db: Db, filter: ExtinguisherDateFilter, day: string): Expression<SqlBool> {
  const attributes = db
    .selectFrom('inspection_type_attributes as a')
    .select('a.id')
    .where('a.type', '=', 'DATE')
    .where(sql`core.search_text(a.attribute)`, 'like', `%${EXTINGUISHER_DATE_FILTERS[filter]}%`);
  return sql<SqlBool>`e.id in (${db
    .selectFrom('equipment_attribute_values as v')
    .select('v.equipment_id')
    .where('v.attribute_id', 'in', attributes)
    .where('v.value', '=', day)})`;
}

/**
 * A cycle filter (issue 30): the equipment has a row of cycle `code` in `equipment_cycles` in
 * `status` on `day` — the SQL of `cycleStatusOf` (NA: no due date; EXPIRED: due before the day;
 * EXPIRING: due from the day on, warning day reached; VALID: the rest). With the code, an EXISTS on
 * `(cycle_code, due_date, equipment_id)` / `(cycle_code, notice_date, equipment_id)`; without it,
 * on the primary key per equipment (any of its cycles).
 */
function cycleIs(
  db: Db,
  code: string | undefined,
  status: ExpirationStatus | undefined,
  day: string,
): Expression<SqlBool> {
  const due = sql.ref('ec.due_date');
  const notice = sql.ref('ec.notice_date');
  const d = sql`${day}::date`;
  const byStatus: Record<ExpirationStatus, Expression<SqlBool>> = {
    NA: sql<SqlBool>`${due} is null`,
    EXPIRED: sql<SqlBool>`${due} < ${d}`,
    EXPIRING: sql<SqlBool>`${due} >= ${d} and ${notice} <= ${d}`,
    VALID: sql<SqlBool>`${due} >= ${d} and (${notice} is null or ${notice} > ${d})`,
  };
  return sql<SqlBool>`exists (${db
    .selectFrom('equipment_cycles as ec')
    .select(sql`1`.as('one'))
    .where(sql<SqlBool>`ec.equipment_id = e.id`)
    .$if(code !== undefined, (q) => q.where('ec.cycle_code', '=', code!))
    .$if(status !== undefined, (q) => q.where(byStatus[status!]))})`;
}

/**
 * The WHERE of a report over `equipment as e` for the caller's `scope` (company roles see their
 * company only, whatever `companyId` says). Refuses future registration/inspection/maintenance days
 * first, so no report, export or download can skip that rule.
 */
export function equipmentReportWhere(
  db: Db,
  scope: Scope,
  input: EquipmentReportFilters,
  spec: ReportSpec,
): Expression<SqlBool> {
  refuseFutureFilterDays(input, spec.day);
  const { day } = spec;
  const conditions: Expression<SqlBool>[] = [scopeWhere(scope, { company: sql.ref('e.company_id') })];
  const where = (c: Expression<SqlBool> | null | undefined | false) => {
    if (c) conditions.push(c);
  };
  if (input.status)
    where(
      spec.status === 'maintenance'
        ? maintenanceStatusIs('e', input.status, day)
        : statusIs('e', input.status, day),
    );
  // An anti-join against the few disabled tags (tags_disabled_idx), not a join with every tag.
  // `false` is a literal: as a parameter, a generic plan can neither use the partial index nor
  // know that disabled tags are few, so the page was planned again on every call (issue 32).
  where(
    input.enabledTagsOnly &&
      sql<SqlBool>`not exists (${db
        .selectFrom('tags as t')
        .select('t.id')
        .whereRef('t.id', '=', sql.ref('e.tag_id'))
        .where('t.enabled', '=', sql.lit(false))})`,
  );
  where(
    input.awaitingTag !== undefined &&
      input.awaitingTag !== 'all' &&
      sql<SqlBool>`e.tag_id is ${input.awaitingTag === 'yes' ? sql`null` : sql`not null`}`,
  );
  where(input.companyId !== undefined && sql<SqlBool>`e.company_id = ${input.companyId}`);
  where(input.productId !== undefined && sql<SqlBool>`e.product_id = ${input.productId}`);
  // `= any(array(…))`, not `in (…)`: the planner then walks the newest equipment and keeps the
  // subcategory's or category's (a broad one is thousands of rows), instead of fetching all of
  // them to sort (categoryId over 100,000 equipment: 50 ms → 0.5 ms).
  where(
    input.inspectionTypeId !== undefined &&
      sql<SqlBool>`e.product_id = any(array(${db.selectFrom('products as p').select('p.id').where('p.inspection_type_id', '=', input.inspectionTypeId)}))`,
  );
  where(
    input.categoryId !== undefined &&
      sql<SqlBool>`e.product_id = any(array(${db
        .selectFrom('products as p')
        .innerJoin('inspection_types as it', 'it.id', 'p.inspection_type_id')
        .select('p.id')
        .where('it.category_id', '=', input.categoryId)}))`,
  );
  where(!!input.createFrom && sql<SqlBool>`e.created_at >= ${dayStart(input.createFrom)}`);
  where(!!input.createUpTo && sql<SqlBool>`e.created_at < ${nextDayStart(input.createUpTo)}`);
  where(
    !!input.lastInspectionFrom && sql<SqlBool>`e.last_inspection_day >= ${input.lastInspectionFrom}::date`,
  );
  where(
    !!input.lastInspectionUpTo && sql<SqlBool>`e.last_inspection_day <= ${input.lastInspectionUpTo}::date`,
  );
  where(
    !!input.lastInspectionExpirationStatus &&
      expirationIs('e', 'inspection', input.lastInspectionExpirationStatus, day),
  );
  where(!!input.lastInspectionBy && sql<SqlBool>`e.last_inspection_user_name = ${input.lastInspectionBy}`);
  where(!!input.dueDateFrom && sql<SqlBool>`e.due_date >= ${input.dueDateFrom}::date`);
  where(!!input.dueDateUpTo && sql<SqlBool>`e.due_date <= ${input.dueDateUpTo}::date`);
  where(!!input.dueDateExpirationStatus && expirationIs('e', 'due', input.dueDateExpirationStatus, day));
  // The last maintenance is an instant: a range of instants over equipment_last_maintenance_idx.
  where(
    !!input.lastMaintenanceFrom &&
      sql<SqlBool>`e.last_maintenance_at >= ${dayStart(input.lastMaintenanceFrom)}`,
  );
  where(
    !!input.lastMaintenanceUpTo &&
      sql<SqlBool>`e.last_maintenance_at < ${nextDayStart(input.lastMaintenanceUpTo)}`,
  );
  // Never scanned since the day (issue 20): the newest SCAN/NFC inspection's instant, kept on the
  // row (`last_scanned_at`, equipment_last_scanned_idx), is before the day starts, or there is none.
  where(
    !!input.notScannedSince &&
      sql<SqlBool>`(e.last_scanned_at is null or e.last_scanned_at < ${dayStart(input.notScannedSince)})`,
  );
  for (const filter of Object.keys(EXTINGUISHER_DATE_FILTERS) as ExtinguisherDateFilter[]) {
    const value = input[filter];
    if (value) where(attributeDayIs(db, filter, value));
  }
  where((!!input.cycle || !!input.cycleStatus) && cycleIs(db, input.cycle, input.cycleStatus, day));
  where(documentSearchCondition(input.query, sql.ref('e.search')));
  return sql<SqlBool>`${sql.join(conditions, sql` and `)}`;
}

/** Every report's sort keys → expressions over `equipment as e` (each report's schema allows its own). */
export function equipmentReportSorts(db: Db, spec: ReportSpec): Record<string, Expression<unknown>> {
  const ref = sql.ref;
  return {
    createdAt: ref('e.created_at'),
    dueDate: ref('e.due_date'),
    lastInspection: ref('e.last_inspection_at'),
    nextInspection: ref('e.next_inspection_date'),
    lastMaintenance: ref('e.last_maintenance_at'),
    // The product's normalised name, stored on the equipment and indexed (tenant migration 0306).
    product: ref('e.product_sort'),
    extraLabel: sql`core.search_text(e.extra_label)`,
    tagSerialNumber: sql`(${db
      .selectFrom('tags as t')
      .select('t.serial_number')
      .whereRef('t.id', '=', sql.ref('e.tag_id'))})`,
    status:
      spec.status === 'maintenance'
        ? maintenanceStatusColumn('e', spec.day)
        : statusColumns('e', spec.day).status,
  };
}

/** The report's rows as a query over `equipment as e` (nothing selected yet). */
export function equipmentReportBase(db: Db, scope: Scope, input: EquipmentReportFilters, spec: ReportSpec) {
  return db.selectFrom('equipment as e').where(equipmentReportWhere(db, scope, input, spec));
}
