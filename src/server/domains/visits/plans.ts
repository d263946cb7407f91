/**
 * Visit plans (issue 30 item 3): list, read, create and edit. A save generates the plan's visits
 * in its own transaction (a new plan shows its visits at once); an edit that changes the schedule
 * (interval, unit, first date) or deactivates the plan removes its open, untouched visits from
 * today on before generating again, and moves `generate_from` to today so past days are never
 * back-filled as late visits. Visits rescheduled or reassigned by hand (`manual`) and closed ones
 * are kept.
 */
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Page } from '../../../shared/list.ts';
import type {
  CreateVisitPlan,
  UpdateVisitPlan,
  VisitPlan,
  visitPlanListSchema,
} from '../../../shared/visits/schemas.ts';
import { companyNameOf } from '../../db/company-name.ts';
import { withCore } from '../../db/database.ts';
import { today } from '../../db/days.ts';
import { AppError } from '../../errors.ts';
import { fetchPage, mapPage, triStateIs } from '../../kit/list.ts';
import { scopeOf, scopeWhere } from '../../kit/scope.ts';
import { type Ctx, type Db, inTenantTx } from './common.ts';
import { generateVisits } from './generate.ts';
import { requireCompany, requireTechnician } from './people.ts';

type ListInput = z.output<typeof visitPlanListSchema>;

function planColumns() {
  return [
    'vp.id',
    'vp.company_id',
    companyNameOf(sql.ref('vp.company_id')).as('company_name'),
    'vp.name',
    'vp.interval_value',
    'vp.interval_unit',
    'vp.first_date',
    'vp.start_time',
    'vp.end_time',
    'vp.technician_id',
    'vp.technician_name',
    'vp.active',
    'vp.horizon_days',
    'vp.generate_from',
    'vp.updated_at',
  ] as const;
}

interface PlanRow {
  id: number;
  company_id: number;
  company_name: string | null;
  name: string;
  interval_value: number;
  interval_unit: VisitPlan['intervalUnit'];
  first_date: string;
  start_time: string | null;
  end_time: string | null;
  technician_id: number;
  technician_name: string | null;
  active: boolean;
  horizon_days: number;
  generate_from: string;
  updated_at: Date;
}

function toPlan(r: PlanRow): VisitPlan {
  return {
    id: r.id,
    companyId: Number(r.company_id),
    companyName: r.company_name ?? '',
    name: r.name,
    intervalValue: r.interval_value,
    intervalUnit: r.interval_unit,
    firstDate: r.first_date,
    startTime: r.start_time,
    endTime: r.end_time,
    technicianId: Number(r.technician_id),
    technicianName: r.technician_name,
    active: r.active,
    horizonDays: r.horizon_days,
    generateFrom: r.generate_from,
    updatedAt: r.updated_at,
  };
}

const SORTS = {
  name: sql`core.search_text(vp.name)`,
  firstDate: sql.ref('vp.first_date'),
  updateDate: sql.ref('vp.updated_at'),
};

export async function listVisitPlans(ctx: Ctx, input: ListInput): Promise<Page<VisitPlan>> {
  let base = ctx.auth.tenant
    .selectFrom('visit_plans as vp')
    .where(scopeWhere(scopeOf(ctx.auth), { company: sql.ref('vp.company_id') }))
    .where(triStateIs(sql.ref('vp.active'), input.active));
  if (input.companyId) base = base.where('vp.company_id', '=', input.companyId);
  const page = await fetchPage(base, input, {
    searchDocument: sql.ref('vp.search'),
    sorts: SORTS,
    tiebreak: sql.ref('vp.id'),
    select: (q) => q.select(planColumns()),
  });
  return mapPage(page, (r) => toPlan(r as PlanRow));
}

/** A plan of the caller's scope, else 404 VISIT_PLAN_NOT_FOUND. */
async function planInScope(ctx: Ctx, db: Db, id: number, lock = false): Promise<PlanRow> {
  let q = db
    .selectFrom('visit_plans as vp')
    .select(planColumns())
    .where('vp.id', '=', id)
    .where(scopeWhere(scopeOf(ctx.auth), { company: sql.ref('vp.company_id') }));
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw new AppError('VISIT_PLAN_NOT_FOUND');
  return row as PlanRow;
}

export async function getVisitPlan(ctx: Ctx, { id }: { id: number }): Promise<VisitPlan> {
  return toPlan(await planInScope(ctx, ctx.auth.tenant, id));
}

function checkWindow(input: { startTime: string | null; endTime: string | null }) {
  if (input.startTime && input.endTime && input.endTime <= input.startTime)
    throw new AppError('VISIT_TIME_WINDOW_INVALID');
}

export async function createVisitPlan(ctx: Ctx, input: CreateVisitPlan): Promise<VisitPlan> {
  checkWindow(input);
  const day = today();
  const id = await inTenantTx(ctx, async (trx) => {
    const core = withCore(trx);
    await requireCompany(core, ctx, input.companyId);
    const tech = await requireTechnician(core, ctx, input.companyId, input.technicianId);
    const row = await trx
      .insertInto('visit_plans')
      .values({
        company_id: input.companyId,
        name: input.name,
        interval_value: input.intervalValue,
        interval_unit: input.intervalUnit,
        first_date: input.firstDate,
        start_time: input.startTime,
        end_time: input.endTime,
        technician_id: tech.id,
        technician_name: tech.name,
        active: input.active,
        horizon_days: input.horizonDays,
        generate_from: day,
        created_by: ctx.auth.user.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (input.active) await generateVisits(trx, day, row.id);
    return row.id;
  });
  return getVisitPlan(ctx, { id });
}

export async function updateVisitPlan(ctx: Ctx, input: UpdateVisitPlan): Promise<VisitPlan> {
  checkWindow(input);
  const day = today();
  await inTenantTx(ctx, async (trx) => {
    const before = await planInScope(ctx, trx, input.id, true);
    const companyId = Number(before.company_id);
    if (input.companyId !== undefined && input.companyId !== companyId)
      throw new AppError('VISIT_COMPANY_NOT_FOUND');
    const tech = await requireTechnician(withCore(trx), ctx, companyId, input.technicianId);
    const scheduleChanged =
      before.interval_value !== input.intervalValue ||
      before.interval_unit !== input.intervalUnit ||
      before.first_date !== input.firstDate ||
      (!before.active && input.active);
    await trx
      .updateTable('visit_plans')
      .set({
        name: input.name,
        interval_value: input.intervalValue,
        interval_unit: input.intervalUnit,
        first_date: input.firstDate,
        start_time: input.startTime,
        end_time: input.endTime,
        technician_id: tech.id,
        technician_name: tech.name,
        active: input.active,
        horizon_days: input.horizonDays,
        ...(scheduleChanged ? { generate_from: day } : {}),
        updated_at: sql`now()`,
      })
      .where('id', '=', input.id)
      .execute();
    // The plan's open visits nobody touched, from today on: follow the plan.
    if (scheduleChanged || !input.active || input.horizonDays < before.horizon_days) {
      await trx
        .deleteFrom('visits')
        .where('plan_id', '=', input.id)
        .where('closed_at', 'is', null)
        .where('manual', '=', false)
        .where('planned_date', '>=', day)
        .execute();
    } else if (Number(before.technician_id) !== tech.id) {
      await trx
        .updateTable('visits')
        .set({ technician_id: tech.id, technician_name: tech.name, updated_at: sql`now()` })
        .where('plan_id', '=', input.id)
        .where('closed_at', 'is', null)
        .where('manual', '=', false)
        .where('date', '>=', day)
        .execute();
    }
    if (input.active) await generateVisits(trx, day, input.id);
  });
  return getVisitPlan(ctx, { id: input.id });
}
