/**
 * The dashboard (issue 15). Each call resolves its scope first (`dashboardScope`: the tenant schema,
 * the company or the whole group, today), then reads.
 */
import { type CompiledQuery, type SqlBool, sql } from 'kysely';
import type { z } from 'zod';
import type {
  DashboardSummary,
  dashboardRangeSchema,
  dashboardScopeSchema,
  EmployeeInspections,
  EquipmentStatusCounts,
  InspectionTypeInspections,
  MonthlyInspections,
  ProductAnswer,
  ProductInspections,
  RecentActivity,
} from '../../../shared/dashboard/schemas.ts';
import { DASHBOARD_RECENT_DAYS, RECENT_ACTIVITY_MAX } from '../../../shared/dashboard/schemas.ts';
import { dashboardMonths, daysBefore } from '../../../shared/dashboard/months.ts';
import type { TenantContext } from '../../context.ts';
import { baseDb, coreDb, type TenantDb, tenantDb } from '../../db/database.ts';
import { cachedRead } from '../../db/read-cache.ts';
import type { EquipmentStatus } from '../../../shared/equipment/status.ts';
import { dayStart, today } from '../../db/days.ts';
import { AppError } from '../../errors.ts';
import { scopeOf } from '../../kit/scope.ts';
import { statusColumns } from '../equipment/index.ts';

type ScopeInput = z.output<typeof dashboardScopeSchema>;
type RangeInput = z.output<typeof dashboardRangeSchema>;

/** Where a dashboard call reads: one tenant schema, one company of it or all, on one day. */
export interface DashboardScope {
  db: TenantDb;
  groupId: number;
  /** null: every company of the group */
  companyId: number | null;
  /** today where the product is used (APP_TIME_ZONE) */
  day: string;
}

/**
 * The caller's dashboard scope. Company admins and operators read their own company (naming another
 * is 404 NOT_FOUND, as a record of another company is); group admins any company of their group;
 * the provider admin any group (`companyGroupId`, default the session's) and any of its companies.
 */
export async function dashboardScope(ctx: TenantContext, input: ScopeInput): Promise<DashboardScope> {
  const scope = scopeOf(ctx.auth);
  const session = ctx.auth.companyGroup;
  let db = ctx.auth.tenant;
  let groupId = session.id;
  if (input.companyGroupId !== undefined && input.companyGroupId !== session.id) {
    if (!scope.provider) throw new AppError('NOT_FOUND');
    const group = await coreDb()
      .selectFrom('company_groups')
      .select(['id', 'schema_name'])
      .where('id', '=', input.companyGroupId)
      .executeTakeFirst();
    if (!group) throw new AppError('NOT_FOUND');
    db = tenantDb(group.schema_name);
    groupId = group.id;
  }
  let companyId: number | null = null;
  if (scope.companyId !== null) {
    if (input.companyId !== undefined && input.companyId !== scope.companyId) throw new AppError('NOT_FOUND');
    companyId = scope.companyId;
  } else if (input.companyId !== undefined) {
    const company = await coreDb()
      .selectFrom('companies')
      .select('id')
      .where('id', '=', input.companyId)
      .where('company_group_id', '=', groupId)
      .executeTakeFirst();
    if (!company) throw new AppError('NOT_FOUND');
    companyId = company.id;
  }
  return { db, groupId, companyId, day: today() };
}

/** The range's days: 400 REPORT_DATE_IN_FUTURE for a day after today (the report refuses them too). */
export function rangeDays(input: RangeInput, day: string): { from: string; upTo: string } {
  const upTo = input.dateEnd ?? day;
  if (input.dateStart > day)
    throw new AppError('REPORT_DATE_IN_FUTURE', { params: { parameter: 'dateStart' } });
  if (upTo > day) throw new AppError('REPORT_DATE_IN_FUTURE', { params: { parameter: 'dateEnd' } });
  return { from: input.dateStart, upTo };
}

export const companyIs = (col: string, companyId: number | null) =>
  companyId === null ? sql<SqlBool>`true` : sql<SqlBool>`${sql.ref(col)} = ${companyId}`;

/** Rows of a compiled read, kept by the read cache while nothing it reads changes (db/read-cache.ts). */
export async function rows<T>(query: { compile(): CompiledQuery<T> }): Promise<T[]> {
  const compiled = query.compile();
  return cachedRead(compiled, async () => (await baseDb().executeQuery(compiled)).rows);
}

/**
 * The summary: all-time totals from the counters (`dashboard_totals`), the last 7 days and the
 * newest instant through the (company, created_at) indexes — a week of rows, not the tenant's.
 * Users are the group's (or company's) accounts, removed ones left out.
 */
export async function summary(ctx: TenantContext, input: ScopeInput): Promise<DashboardSummary> {
  const sc = await dashboardScope(ctx, input);
  const since = dayStart(daysBefore(sc.day, DASHBOARD_RECENT_DAYS - 1));
  const db = sc.db;
  const totals = (col: 'equipment' | 'inspections') =>
    db
      .selectFrom('dashboard_totals as d')
      .select(sql<number>`coalesce(sum(${sql.ref(`d.${col}`)}), 0)::int`.as('n'))
      .where(companyIs('d.company_id', sc.companyId));
  const since7 = sql<SqlBool>`r.created_at >= ${since}`;
  const recentEquipment = db
    .selectFrom('equipment as r')
    .select(sql<number>`count(*)::int`.as('n'))
    .where(since7)
    .where(companyIs('r.company_id', sc.companyId));
  const recentInspections = db
    .selectFrom('inspections as r')
    .select(sql<number>`count(*)::int`.as('n'))
    .where(since7)
    .where(companyIs('r.company_id', sc.companyId));
  const newestEquipment = db
    .selectFrom('equipment as r')
    .select(sql<Date | null>`max(r.created_at)`.as('n'))
    .where(companyIs('r.company_id', sc.companyId));
  const newestInspection = db
    .selectFrom('inspections as r')
    .select(sql<Date | null>`max(r.created_at)`.as('n'))
    .where(companyIs('r.company_id', sc.companyId));
  const tenantRead = db.selectNoFrom((eb) => [
    eb.selectFrom(totals('equipment').as('x')).select('x.n').as('equipmentTotal'),
    eb.selectFrom(recentEquipment.as('x')).select('x.n').as('equipmentRecent'),
    eb.selectFrom(newestEquipment.as('x')).select('x.n').as('equipmentLast'),
    eb.selectFrom(totals('inspections').as('x')).select('x.n').as('inspectionsTotal'),
    eb.selectFrom(recentInspections.as('x')).select('x.n').as('inspectionsRecent'),
    eb.selectFrom(newestInspection.as('x')).select('x.n').as('inspectionsLast'),
  ]);
  const usersRead = coreDb()
    .selectFrom('users as u')
    .select([
      sql<number>`count(*)::int`.as('total'),
      sql<number>`(count(*) filter (where u.created_at >= ${since}))::int`.as('recent'),
      sql<Date | null>`max(u.created_at)`.as('last'),
    ])
    .where('u.company_group_id', '=', sc.groupId)
    .where('u.status', '<>', 'DELETED')
    .where(companyIs('u.company_id', sc.companyId));
  const [[t], [u]] = await Promise.all([rows(tenantRead), rows(usersRead)]);
  const card = (total: unknown, recentN: unknown, last: unknown) => ({
    allTimeTotal: Number(total ?? 0),
    last7DaysTotal: Number(recentN ?? 0),
    lastCreateTime: last ? new Date(last as Date) : null,
  });
  return {
    users: card(u?.total, u?.recent, u?.last),
    equipments: card(t?.equipmentTotal, t?.equipmentRecent, t?.equipmentLast),
    inspections: card(t?.inspectionsTotal, t?.inspectionsRecent, t?.inspectionsLast),
  };
}

/** The 24 months from `dashboard_inspected_days` (equipment by last-inspection day). */
export async function monthlyInspections(ctx: TenantContext, input: ScopeInput): Promise<MonthlyInspections> {
  const sc = await dashboardScope(ctx, input);
  const months = dashboardMonths(sc.day);
  const found = await rows(
    sc.db
      .selectFrom('dashboard_inspected_days as d')
      .select([sql<string>`to_char(d.day, 'YYYY-MM')`.as('ym'), sql<number>`sum(d.equipment)::int`.as('n')])
      .where('d.day', '>=', months[0]!.from)
      .where('d.day', '<=', sc.day)
      .where(companyIs('d.company_id', sc.companyId))
      .groupBy(sql`1`),
  );
  const by = new Map(found.map((r) => [r.ym, r.n]));
  return months.map((m) => ({ yearMonth: m.yearMonth, value: by.get(m.yearMonth) ?? 0 }));
}

/** Statuses from `dashboard_equipment_states`: OK rows expire before today (EXPIRED) or not (VALID). */
export async function equipmentStatus(ctx: TenantContext, input: ScopeInput): Promise<EquipmentStatusCounts> {
  const sc = await dashboardScope(ctx, input);
  const found = await rows(
    sc.db
      .selectFrom('dashboard_equipment_states as d')
      .select([
        sql<EquipmentStatus>`case when d.state <> 'OK' then d.state when d.expires_on < ${sc.day}::date then 'EXPIRED' else 'VALID' end`.as(
          'status',
        ),
        sql<number>`sum(d.equipment)::int`.as('n'),
      ])
      .where(companyIs('d.company_id', sc.companyId))
      .groupBy(sql`1`),
  );
  const out = { EXPIRED: 0, IMPROPER: 0, VALID: 0, NA: 0 };
  for (const r of found) out[r.status] = r.n;
  return out;
}

/**
 * The equipment whose last inspection fell in the range, read through `equipment_dashboard_idx`
 * (company, last-inspection day, and every column the range charts group by): index-only.
 */
function inRange(sc: DashboardScope, from: string, upTo: string) {
  return sc.db
    .selectFrom('equipment as e')
    .where('e.last_inspection_day', '>=', from)
    .where('e.last_inspection_day', '<=', upTo)
    .where(companyIs('e.company_id', sc.companyId));
}

export async function employeeInspections(
  ctx: TenantContext,
  input: RangeInput,
): Promise<EmployeeInspections> {
  const sc = await dashboardScope(ctx, input);
  const { from, upTo } = rangeDays(input, sc.day);
  const found = await rows(
    inRange(sc, from, upTo)
      .select(['e.last_inspection_user_name as label', sql<number>`count(*)::int`.as('qtt')])
      .where('e.last_inspection_user_name', 'is not', null)
      .groupBy('e.last_inspection_user_name')
      .orderBy('qtt', 'desc')
      .orderBy('e.last_inspection_user_name'),
  );
  return found.map((r) => ({ label: r.label ?? '', qtt: r.qtt }));
}

export async function inspectionTypeInspections(
  ctx: TenantContext,
  input: RangeInput,
): Promise<InspectionTypeInspections> {
  const sc = await dashboardScope(ctx, input);
  const { from, upTo } = rangeDays(input, sc.day);
  const perProduct = inRange(sc, from, upTo)
    .select(['e.product_id', sql<number>`count(*)`.as('n')])
    .groupBy('e.product_id');
  return rows(
    sc.db
      .selectFrom(perProduct.as('x'))
      .innerJoin('products as p', 'p.id', 'x.product_id')
      .innerJoin('inspection_types as it', 'it.id', 'p.inspection_type_id')
      .innerJoin('categories as c', 'c.id', 'it.category_id')
      .select([
        'it.id as inspectionTypeId',
        'it.name as label',
        'c.name as categoryName',
        sql<number>`sum(x.n)::int`.as('qtt'),
      ])
      .groupBy(['it.id', 'it.name', 'c.name'])
      .orderBy('qtt', 'desc')
      .orderBy('it.name')
      .orderBy('it.id'),
  );
}

export async function productInspections(ctx: TenantContext, input: RangeInput): Promise<ProductInspections> {
  const sc = await dashboardScope(ctx, input);
  const { from, upTo } = rangeDays(input, sc.day);
  // The report's own status expression (status-sql.ts), so a segment is exactly a status filter.
  const status = statusColumns('e', sc.day).status;
  const perProduct = inRange(sc, from, upTo)
    .select([
      'e.product_id',
      sql<ProductAnswer>`case ${status} when 'IMPROPER' then 'NO' when 'EXPIRED' then 'EXPIRED' else 'YES' end`.as(
        'answer',
      ),
      sql<number>`count(*)`.as('n'),
    ])
    .groupBy(['e.product_id', sql`2`]);
  return rows(
    sc.db
      .selectFrom(perProduct.as('x'))
      .innerJoin('products as p', 'p.id', 'x.product_id')
      .select([
        'p.id as productId',
        'p.name',
        'p.sku',
        'x.answer',
        sql<number>`x.n::int`.as('qtt'),
        sql<number>`sum(x.n) over (partition by p.id)`.as('productTotal'),
      ])
      .orderBy('productTotal', 'desc')
      .orderBy('p.name')
      .orderBy('p.id')
      .orderBy('x.answer'),
  );
}

export async function recentActivity(ctx: TenantContext, input: ScopeInput): Promise<RecentActivity> {
  const sc = await dashboardScope(ctx, input);
  const since = dayStart(daysBefore(sc.day, DASHBOARD_RECENT_DAYS - 1));
  const since7 = sql<SqlBool>`r.created_at >= ${since}`;
  const inspectionsQ = sc.db
    .selectFrom('inspections as r')
    .select(['r.id', 'r.equipment_id', 'r.user_name', 'r.created_at', 'r.improper'])
    .where(since7)
    .where(companyIs('r.company_id', sc.companyId))
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(RECENT_ACTIVITY_MAX)
    .execute();
  const maintenancesQ = sc.db
    .selectFrom('maintenances as r')
    .select(['r.id', 'r.equipment_id', 'r.user_name', 'r.created_at', sql<boolean>`false`.as('improper')])
    .where(since7)
    .where(companyIs('r.company_id', sc.companyId))
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(RECENT_ACTIVITY_MAX)
    .execute();
  const [inspections, maintenances] = await Promise.all([inspectionsQ, maintenancesQ]);
  const merged = [
    ...inspections.map((r) => ({ ...r, kind: 'INSPECTION' as const })),
    ...maintenances.map((r) => ({ ...r, kind: 'MAINTENANCE' as const })),
  ]
    .sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || b.id - a.id)
    .slice(0, RECENT_ACTIVITY_MAX);
  if (merged.length === 0) return [];
  const equipment = await sc.db
    .selectFrom('equipment as e')
    .innerJoin('tags as t', 't.id', 'e.tag_id')
    .innerJoin('products as p', 'p.id', 'e.product_id')
    .select(['e.id', 't.serial_number', 'p.name', 'e.extra_label'])
    .where('e.id', 'in', [...new Set(merged.map((r) => r.equipment_id))])
    .execute();
  const byId = new Map(equipment.map((e) => [e.id, e]));
  return merged.flatMap((r) => {
    const e = byId.get(r.equipment_id);
    if (!e) return [];
    return [
      {
        kind: r.kind,
        id: r.id,
        createdAt: r.created_at,
        userName: r.user_name,
        tagSerialNumber: e.serial_number,
        productName: e.name,
        extraLabel: e.extra_label,
        improper: r.improper,
      },
    ];
  });
}
