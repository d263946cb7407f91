/**
 * The filters of the equipment reports (seed 001 §2 screens 1 and 2, §5, §7 export query), shared by
 * the inspection report (`equipment.list`), the maintenance report (`reports.maintenances`), their
 * exports (`reports.export`) and the client's URL state. Every field answers its own catalogue code
 * naming the parameter (REPORT_FILTER_INVALID, REPORT_DATE_RANGE_INVALID) on both doors, through the
 * kit's "a field rule names its code" rule (an issue with `params.code`, see kit `parseInput`).
 * Whether a day is in the future is the server's call (its São Paulo today): `PAST_ONLY_FILTERS`.
 */
import { z } from 'zod';
import { cycleCodeField } from '../cycles/schemas.ts';
import { EQUIPMENT_STATUSES, EXPIRATION_STATUSES } from '../enums.ts';
import { EXPIRATION_FILTERS } from '../equipment/status.ts';
import { idField, isoDateField } from '../fields.ts';
import { triStateFilter } from '../list.ts';

const optionalId = idField.optional();
const optionalDay = isoDateField.optional();

/** What both reports filter by (the inspection report adds company and due date, seed 001 screen 2). */
export const commonReportFilters = {
  status: z.enum(EQUIPMENT_STATUSES).optional(),
  /** default on (seed 001 screen 1: "active tags only" checked) */
  enabledTagsOnly: z.boolean().default(true),
  categoryId: optionalId,
  inspectionTypeId: optionalId,
  productId: optionalId,
  createFrom: optionalDay,
  createUpTo: optionalDay,
  /** extinguishers: a DATE attribute value on this day (see `EXTINGUISHER_DATE_FILTERS`) */
  manufacturingDate: optionalDay,
  rechargeDate: optionalDay,
  weighingDate: optionalDay,
  /** a maintenance cycle's code (issue 30): equipment with that cycle (`reports.cycles` lists them) */
  cycle: cycleCodeField.optional(),
  /** the status of that cycle today — or, without `cycle`, of any of the equipment's cycles */
  cycleStatus: z.enum(EXPIRATION_STATUSES).optional(),
  /** equipment waiting for a tag (issue 31: imported without one): yes, no or all */
  awaitingTag: triStateFilter(),
};

/**
 * The extinguisher date filters (seed 001 screen 1: "manufacturing date, recharge date, last weighing
 * date … match attribute values by equal calendar day") and the rule naming their attribute: an
 * inspection-type attribute of type DATE whose name, lower-cased and without accents
 * (`core.search_text`), contains this word — "Data de fabricação", "Data de recarga", "Data da
 * última pesagem" in the catalogue — as `extinguisherDateKind` reads them for the due date.
 */
export const EXTINGUISHER_DATE_FILTERS = {
  manufacturingDate: 'fabrica',
  rechargeDate: 'recarga',
  weighingDate: 'pesagem',
} as const;
export type ExtinguisherDateFilter = keyof typeof EXTINGUISHER_DATE_FILTERS;

export const expirationFilter = () => z.enum(EXPIRATION_FILTERS).optional();

/** From/up-to pairs: the from-day may not be after the up-to day (the from parameter is named). */
export const DATE_RANGES = [
  ['createFrom', 'createUpTo'],
  ['lastInspectionFrom', 'lastInspectionUpTo'],
  ['dueDateFrom', 'dueDateUpTo'],
  ['lastMaintenanceFrom', 'lastMaintenanceUpTo'],
] as const;

/**
 * Days that cannot be after today (seed 001 §5: registration and last inspection, from and up-to;
 * the maintenance report's last-maintenance range replaces the last-inspection one). The server
 * checks them against its own today (APP_TIME_ZONE), not the browser's.
 */
export const PAST_ONLY_FILTERS = [
  'createFrom',
  'createUpTo',
  'lastInspectionFrom',
  'lastInspectionUpTo',
  'lastMaintenanceFrom',
  'lastMaintenanceUpTo',
] as const;

/**
 * One report parameter: a value its rule refuses answers REPORT_FILTER_INVALID naming `parameter`.
 * A blank value (`?status=&categoryId=`, as the seed's export query sends unset filters, or null)
 * is no filter. Typed as the rule itself (the wrapper is a zod pipe whose output and input are
 * the rule's), so inputs stay typed for the client and REST coercion sees the rule underneath.
 */
function reportParameter<T extends z.ZodType>(parameter: string, rule: T): T {
  return z.preprocess((value, ctx) => {
    const v = value === '' || value === null ? undefined : value;
    if (!rule.safeParse(v).success)
      ctx.addIssue({
        code: 'custom',
        message: `Valor inválido no filtro ${parameter}`,
        input: value,
        params: { code: 'REPORT_FILTER_INVALID', parameter },
      });
    return v;
  }, rule) as unknown as T;
}

function checkRanges(value: Record<string, unknown>, ctx: z.RefinementCtx): void {
  for (const [from, upTo] of DATE_RANGES) {
    const a = value[from];
    const b = value[upTo];
    if (typeof a === 'string' && typeof b === 'string' && a > b)
      ctx.addIssue({
        code: 'custom',
        path: [from],
        message: `A data inicial do filtro ${from} é posterior à data final`,
        params: { code: 'REPORT_DATE_RANGE_INVALID', parameter: from },
      });
  }
}

/** A report input from its fields (page, sort and the filters): each field names its code, ranges are checked. */
export function reportSchema<S extends z.ZodRawShape>(shape: S) {
  const fields = Object.fromEntries(
    Object.entries(shape).map(([k, rule]) => [k, reportParameter(k, rule as z.ZodType)]),
  ) as unknown as S;
  return z.object(fields).superRefine(checkRanges);
}

/** A list's fields without paging: what an export of the list takes. */
export function withoutPaging<S extends z.ZodRawShape>(shape: S): Omit<S, 'page' | 'pageSize'> {
  const { page: _page, pageSize: _pageSize, ...rest } = shape;
  return rest;
}
