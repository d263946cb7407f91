/**
 * Maintenance cycles by norm (issue 30 item 1): an inspection type has any number of cycles, a
 * product may replace the type's list with its own (`ownCycles`). Each equipment keeps each cycle's
 * last done day and due date (`equipment_cycles`); statuses are computed from them and today, like
 * the equipment's due date (`src/shared/equipment/status.ts`). The rules are in `./rules.ts`.
 */
import { z } from 'zod';
import { EXPIRATION_STATUSES } from '../enums.ts';
import { FIELD_MESSAGES } from '../field-messages.ts';
import { idField, isoDateField, optionalText, requiredText } from '../fields.ts';

/** A cycle's stable slug, unique per inspection type (or per product for its own list). */
export const CYCLE_CODE_PATTERN = /^[a-z0-9][a-z0-9-]{0,39}$/;
export const cycleCodeField = z
  .string()
  .trim()
  .toLowerCase()
  .regex(CYCLE_CODE_PATTERN, FIELD_MESSAGES.VALUE_INVALID);

export const CYCLE_INTERVAL_UNITS = ['DAYS', 'MONTHS'] as const;
export type CycleIntervalUnit = (typeof CYCLE_INTERVAL_UNITS)[number];
/**
 * What counts as done: any inspection; a maintenance that names the cycle (a maintenance of level
 * N naming a cycle also fulfils the list's MAINTENANCE cycles of lower levels: NBR 12962's third
 * level includes the second); an inspection whose answer to `questionId` is `answer`.
 */
export const CYCLE_DONE_BY = ['INSPECTION', 'MAINTENANCE', 'ANSWER'] as const;
export type CycleDoneBy = (typeof CYCLE_DONE_BY)[number];
/**
 * The day the interval counts from while the cycle was never done: none (LAST_DONE: no due date
 * until it is done once), the equipment's manufacturing date attribute (MANUFACTURING), a fixed
 * day (FIXED, `startDate`). Once done, it always counts from the last done day.
 */
export const CYCLE_STARTS = ['LAST_DONE', 'MANUFACTURING', 'FIXED'] as const;
export type CycleStart = (typeof CYCLE_STARTS)[number];
export const MAX_CYCLES = 20;
export const MAX_DONE_ATTRIBUTES = 5;

/** One cycle as stored and edited. */
export const cycleFieldsSchema = z
  .object({
    code: cycleCodeField,
    name: requiredText(120),
    norm: optionalText(120),
    intervalValue: z.number().int().min(1).max(1200),
    intervalUnit: z.enum(CYCLE_INTERVAL_UNITS),
    doneBy: z.enum(CYCLE_DONE_BY),
    /** MAINTENANCE: the NBR 12962 level (1, 2, 3) it stands for; null = no level */
    maintenanceLevel: z.number().int().min(1).max(3).nullable().default(null),
    /** ANSWER: an inspection question of the type and the answer (YES, NO, NA or a custom answer's id) */
    questionId: idField.nullable().default(null),
    answer: optionalText(60).default(null),
    /**
     * DATE attributes whose value also counts as done (a word of the attribute's name, accent- and
     * case-insensitive: "recarga" for "Data da recarga"): how NBR 12962's recharge and retest dates
     * typed on the equipment become cycles.
     */
    doneAttributes: z.array(requiredText(40)).max(MAX_DONE_ATTRIBUTES).default([]),
    startFrom: z.enum(CYCLE_STARTS).default('LAST_DONE'),
    startDate: isoDateField.nullable().default(null),
    /** days before the due date the warning starts; null: the product's notice days for its due date */
    warningDays: z.number().int().min(0).max(3650).nullable().default(null),
  })
  .superRefine((c, ctx) => {
    if (c.doneBy === 'ANSWER' && (c.questionId === null || c.answer === null))
      ctx.addIssue({ code: 'custom', path: ['questionId'], message: FIELD_MESSAGES.REQUIRED });
    if (c.startFrom === 'FIXED' && c.startDate === null)
      ctx.addIssue({ code: 'custom', path: ['startDate'], message: FIELD_MESSAGES.REQUIRED });
  });
export type CycleFields = z.output<typeof cycleFieldsSchema>;
export type CycleFieldsInput = z.input<typeof cycleFieldsSchema>;

/** A cycle as read back. */
export const cycleSchema = z.object({
  code: z.string(),
  name: z.string(),
  norm: z.string().nullable(),
  intervalValue: z.number().int(),
  intervalUnit: z.enum(CYCLE_INTERVAL_UNITS),
  doneBy: z.enum(CYCLE_DONE_BY),
  maintenanceLevel: z.number().int().nullable(),
  questionId: z.number().int().nullable(),
  answer: z.string().nullable(),
  doneAttributes: z.array(z.string()),
  startFrom: z.enum(CYCLE_STARTS),
  startDate: z.string().nullable(),
  warningDays: z.number().int().nullable(),
});
export type Cycle = z.infer<typeof cycleSchema>;

const cycleList = z.array(cycleFieldsSchema).max(MAX_CYCLES);

/** PUT /web/inspection-types/{id}/cycles/: the whole list (replaces it). */
export const saveTypeCyclesSchema = z.object({ id: idField, cycles: cycleList });
/** PUT /web/products/{id}/cycles/: `ownCycles` false goes back to the type's list (and `cycles` is ignored). */
export const saveProductCyclesSchema = z.object({
  id: idField,
  ownCycles: z.boolean(),
  cycles: cycleList.default([]),
});
export const productCyclesSchema = z.object({
  ownCycles: z.boolean(),
  /** the product's list when it has its own, else the type's */
  cycles: z.array(cycleSchema),
});

/**
 * A save whose equipment are recomputed by the `cycle-refresh` job (more than the server's
 * threshold, 2,000 by default): the job (the job centre's id; `jobs.get` shows its progress) and
 * how many equipment the list had. Null: they were recomputed in the save.
 */
export const cycleRefreshSchema = z
  .object({ jobId: z.string(), equipment: z.number().int() })
  .nullable()
  .describe('The job recomputing the equipment, or null when the save recomputed them.');
export type CycleRefresh = NonNullable<z.infer<typeof cycleRefreshSchema>>;

/** The answer of a type's save or preset: its list, and the equipment refresh left running. */
export const savedTypeCyclesSchema = z.object({ cycles: z.array(cycleSchema), refresh: cycleRefreshSchema });
export type SavedTypeCycles = z.infer<typeof savedTypeCyclesSchema>;
/** The answer of a product's save: as its GET, and the equipment refresh left running. */
export const savedProductCyclesSchema = productCyclesSchema.extend({ refresh: cycleRefreshSchema });

/** Texts in the three languages (the stored name is the language the preset was applied in). */
export const localTextSchema = z.object({ pt: z.string(), en: z.string(), es: z.string() });
export type LocalText = z.infer<typeof localTextSchema>;

export const CYCLE_PRESET_IDS = [
  'nbr-12962-extinguishers',
  'nbr-12779-hoses',
  'nbr-10898-emergency-lighting',
  'nbr-13714-hydrants',
  'nbr-17240-alarms',
  'nbr-13714-pumps',
] as const;
export type CyclePresetId = (typeof CYCLE_PRESET_IDS)[number];

export const presetCycleSchema = cycleSchema.omit({ name: true }).extend({ name: localTextSchema });
export const cyclePresetSchema = z.object({
  id: z.enum(CYCLE_PRESET_IDS),
  norm: z.string(),
  name: localTextSchema,
  /** where each interval was checked (docs/decisions.md) */
  source: z.string(),
  cycles: z.array(presetCycleSchema),
});
export type CyclePreset = z.infer<typeof cyclePresetSchema>;

/** POST /web/inspection-types/{id}/cycles/preset: the preset's cycles replace those of the same code, others stay. */
export const applyCyclePresetSchema = z.object({
  id: idField,
  preset: z.enum(CYCLE_PRESET_IDS),
  language: z.enum(['pt', 'en', 'es']).default('pt'),
});

/** A cycle's state on one equipment (GET /web/equipments/{tag}/ `cycles`). */
export const equipmentCycleSchema = z.object({
  code: z.string(),
  name: z.string(),
  norm: z.string().nullable(),
  /** what counts as done (the maintenance form offers the MAINTENANCE ones) */
  doneBy: z.enum(CYCLE_DONE_BY),
  lastDoneAt: z.string().nullable(),
  dueDate: z.string().nullable(),
  status: z.enum(EXPIRATION_STATUSES),
  daysToExpire: z.number().int().nullable(),
});
export type EquipmentCycle = z.infer<typeof equipmentCycleSchema>;

/** A cycle on the public tag card (issue 30 item 2): no last-done day, nothing about who did it. */
export const publicCycleSchema = equipmentCycleSchema.pick({
  code: true,
  name: true,
  norm: true,
  dueDate: true,
  status: true,
  daysToExpire: true,
});
export type PublicCycle = z.infer<typeof publicCycleSchema>;

/** `cycles` of POST /web/equipments/{tag}/maintenances: the codes the maintenance fulfils. */
export const maintenanceCyclesField = z.array(cycleCodeField).max(MAX_CYCLES).default([]);
