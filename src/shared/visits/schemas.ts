/**
 * Visit plans and visits (issue 30 item 3). A plan is a company's recurring visit (every N weeks or
 * months from its first date, an optional time window, a technician); its visits are generated up
 * to the plan's horizon, one per (plan, planned day). A visit lists the equipment of the company
 * whose cycles fall due by its date, computed when asked. Days are `YYYY-MM-DD` (APP_TIME_ZONE);
 * times of day `HH:MM`.
 */
import { z } from 'zod';
import { equipmentCycleSchema } from '../cycles/schemas.ts';
import { idField, isoDateField, requiredText } from '../fields.ts';
import { listSchema, pageSchema, triStateFilter } from '../list.ts';

export const VISIT_INTERVAL_UNITS = ['WEEKS', 'MONTHS'] as const;
export type VisitIntervalUnit = (typeof VISIT_INTERVAL_UNITS)[number];
/** SCHEDULED and LATE are read from the day (a visit not closed whose date has passed is LATE). */
export const VISIT_STATUSES = ['SCHEDULED', 'LATE', 'DONE', 'PARTIAL'] as const;
export type VisitStatus = (typeof VISIT_STATUSES)[number];

export const VISIT_HORIZON_DEFAULT = 60;
export const VISIT_HORIZON_MAX = 366;
export const VISIT_INTERVAL_MAX = 120;

/** A time of day `HH:MM` (24 h). */
export const timeOfDayField = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM');

const planFields = {
  companyId: idField,
  name: requiredText(120),
  intervalValue: z.number().int().min(1).max(VISIT_INTERVAL_MAX),
  intervalUnit: z.enum(VISIT_INTERVAL_UNITS),
  firstDate: isoDateField,
  startTime: timeOfDayField.nullish().transform((v) => v ?? null),
  endTime: timeOfDayField.nullish().transform((v) => v ?? null),
  technicianId: idField,
  active: z.boolean().default(true),
  /** how many days ahead visits are generated */
  horizonDays: z.number().int().min(1).max(VISIT_HORIZON_MAX).default(VISIT_HORIZON_DEFAULT),
};

export const createVisitPlanSchema = z.object(planFields);
export type CreateVisitPlan = z.output<typeof createVisitPlanSchema>;
/** PUT replaces the plan's fields (the company stays the plan's). */
export const updateVisitPlanSchema = z.object({ id: idField, ...planFields, companyId: idField.optional() });
export type UpdateVisitPlan = z.output<typeof updateVisitPlanSchema>;

export const visitPlanSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string(),
  name: z.string(),
  intervalValue: z.number().int(),
  intervalUnit: z.enum(VISIT_INTERVAL_UNITS),
  firstDate: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  technicianId: z.number().int(),
  technicianName: z.string().nullable(),
  active: z.boolean(),
  horizonDays: z.number().int(),
  /** visits are generated from this day on (the creation day, or the day the schedule last changed) */
  generateFrom: z.string(),
  updatedAt: z.date(),
});
export type VisitPlan = z.infer<typeof visitPlanSchema>;

export const visitPlanListSchema = listSchema({
  sort: ['name', 'firstDate', 'updateDate'],
  filters: { companyId: idField.optional(), active: triStateFilter() },
});
export const visitPlanPageSchema = pageSchema(visitPlanSchema);

export const visitSchema = z.object({
  id: z.number().int(),
  planId: z.number().int(),
  planName: z.string(),
  companyId: z.number().int(),
  companyName: z.string(),
  /** the day the plan generated it (never changes: the generation's key) */
  plannedDate: z.string(),
  /** the day it takes place (rescheduled or not) */
  date: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  technicianId: z.number().int(),
  technicianName: z.string().nullable(),
  status: z.enum(VISIT_STATUSES),
  closedAt: z.date().nullable(),
  closedBy: z.number().int().nullable(),
  /** equipment still due when it was closed (null while open) */
  missingCount: z.number().int().nullable(),
  /**
   * How many equipment it lists: while open, the company's equipment with a cycle due by its day,
   * as of now; once closed, the equipment still missing then (the calendar's "N equip.").
   */
  equipmentCount: z.number().int(),
});
export type Visit = z.infer<typeof visitSchema>;

export const visitListSchema = listSchema({
  sort: ['date', 'technician', 'company'],
  filters: {
    from: isoDateField.optional(),
    to: isoDateField.optional(),
    technicianId: idField.optional(),
    companyId: idField.optional(),
    planId: idField.optional(),
    status: z.enum(VISIT_STATUSES).optional(),
  },
});
export const visitPageSchema = pageSchema(visitSchema);

/** One equipment of a visit with its cycles due by the visit's date (or, once closed, still missing). */
export const visitEquipmentSchema = z.object({
  id: z.number().int(),
  tagSerialNumber: z.string(),
  productName: z.string(),
  extraLabel: z.string().nullable(),
  /** the equipment's reference location (degrees), null when it has none */
  location: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  cycles: z.array(equipmentCycleSchema),
});
export type VisitEquipment = z.infer<typeof visitEquipmentSchema>;

/** GET /web/visits/{id}: the visit and a page of its equipment (`page`, `pageSize`, `query`). */
export const visitGetSchema = listSchema({ sort: ['dueDate', 'tag'] }).extend({ id: idField });
export const visitDetailSchema = visitSchema.extend({
  /**
   * Open: the company's equipment with a cycle due by the visit's date (expired included), as of
   * now. Closed: the equipment that was still due when it was closed (PARTIAL's missing list).
   */
  equipment: pageSchema(visitEquipmentSchema),
});
export type VisitDetail = z.infer<typeof visitDetailSchema>;

/**
 * PUT /web/visits/{id}: reschedule (`date`), reassign (`technicianId`), close (`close: true`). The
 * admin roles do any of it; the visit's own technician only closes it.
 */
export const updateVisitSchema = z.object({
  id: idField,
  date: isoDateField.optional(),
  technicianId: idField.optional(),
  close: z.boolean().optional(),
});
export type UpdateVisit = z.output<typeof updateVisitSchema>;

/** The generation job's params: only these groups (default every group); `day` pins today (tests). */
export const visitGenerationParamsSchema = z.object({
  companyGroupIds: z.array(idField).max(1000).optional(),
  day: isoDateField.optional(),
});
export type VisitGenerationParams = z.infer<typeof visitGenerationParamsSchema>;
