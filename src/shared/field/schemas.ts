/**
 * The offline working set (issue 20): what a phone keeps to inspect, maintain and register equipment
 * without signal — the company's products, inspection types with their questions (custom answers
 * included), maintenance questions and attributes, its equipment and its unused enabled tags.
 * `field.workingSet` (GET /web/field/working-set/) answers it in pages: the first page (no cursor)
 * carries the catalogue and `total`; every page carries up to `pageSize` items — equipment first
 * (by id), then unused tags (by id) — and `nextCursor` until the end (null). `version` names the
 * state of the set: the client refreshes when online and downloads again when it changed.
 * Each equipment carries its maintenance cycles (issue 30: the offline maintenance form ticks the
 * ones it fulfils) and the first page the caller's own visits of the next days (/my-day offline).
 */
import { z } from 'zod';
import { equipmentCycleSchema } from '../cycles/schemas.ts';
import { EQUIPMENT_STATUSES } from '../enums.ts';
import { fieldQuestionSchema } from '../equipment/schemas.ts';
import { idField } from '../fields.ts';
import { visitEquipmentSchema, visitSchema } from '../visits/schemas.ts';

export const WORKING_SET_PAGE_SIZE = { min: 10, max: 2000, default: 1000 } as const;

export const workingSetInputSchema = z.object({
  /** `nextCursor` of the previous page; left out for the first page */
  cursor: z.string().min(1).max(500).optional(),
  pageSize: z
    .number()
    .int()
    .min(WORKING_SET_PAGE_SIZE.min)
    .max(WORKING_SET_PAGE_SIZE.max)
    .default(WORKING_SET_PAGE_SIZE.default),
  /**
   * Company admins and operators always get their own company (another id: 404 NOT_FOUND); group
   * and provider admins may name one company of the group, else they get every company of it.
   */
  companyId: idField.optional(),
});
export type WorkingSetInput = z.input<typeof workingSetInputSchema>;

const customAnswerSchema = fieldQuestionSchema.shape.customAnswers.element;

export const workingSetProductSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  isDvExclusive: z.boolean(),
  isDueDate: z.boolean(),
  hasImage: z.boolean(),
  categoryName: z.string(),
  inspectionTypeId: z.number().int(),
  inspectionTypeName: z.string(),
  /** the due date defaults from the attributes (ABNT NBR 12962) */
  isExtinguisher: z.boolean(),
  /** new equipment may be registered on it (enabled, with its type and category); else only existing equipment uses it */
  registrable: z.boolean(),
  /** the product's enabled maintenance parts */
  parts: z.array(z.object({ id: z.number().int(), name: z.string(), unit: z.string() })),
});

export const workingSetInspectionTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** the enabled inspection questions in order, with their enabled custom answers */
  questions: z.array(
    z.object({
      id: z.number().int(),
      question: z.string(),
      type: z.enum(['YES_NO_NA', 'TEXT', 'CUSTOM']),
      customAnswers: z.array(customAnswerSchema),
    }),
  ),
  /** the enabled maintenance questions in order */
  maintenanceQuestions: z.array(
    z.object({ id: z.number().int(), question: z.string(), type: z.enum(['YES_NO_NA', 'TEXT', 'CUSTOM']) }),
  ),
  /** the enabled attributes in order */
  attributes: z.array(
    z.object({ id: z.number().int(), attribute: z.string(), type: z.enum(['TEXT', 'DATE']) }),
  ),
});

export const workingSetCatalogueSchema = z.object({
  products: z.array(workingSetProductSchema),
  inspectionTypes: z.array(workingSetInspectionTypeSchema),
  companies: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

export const workingSetEquipmentSchema = z.object({
  id: z.number().int(),
  tagSerialNumber: z.string(),
  enabledTag: z.boolean(),
  companyId: z.number().int(),
  productId: z.number().int(),
  extraLabel: z.string().nullable(),
  extraCode: z.string().nullable(),
  status: z.enum(EQUIPMENT_STATUSES),
  dueDate: z.string().nullable(),
  nextInspectionDate: z.string().nullable(),
  lastInspectionAt: z.date().nullable(),
  /** the equipment's current attribute values */
  attributes: z.array(z.object({ attributeId: z.number().int(), value: z.string() })),
  /** its maintenance cycles in list order, statuses as of the server's day (issue 30) */
  cycles: z.array(equipmentCycleSchema),
});

/** The working set carries the caller's visits of today and the next days: this many days (APP_TIME_ZONE). */
export const WORKING_SET_VISIT_DAYS = 7;
/** At most this many equipment per visit, in tag order (as /my-day reads them online). */
export const WORKING_SET_VISIT_EQUIPMENT_MAX = 1000;

/**
 * One of the caller's visits with its equipment as `visits.get` answers them (open: due by its day,
 * closed: still missing then), in tag order, each with its reference location and those cycles.
 */
export const workingSetVisitSchema = visitSchema.extend({ equipment: z.array(visitEquipmentSchema) });
export type WorkingSetVisit = z.infer<typeof workingSetVisitSchema>;

export const workingSetPageSchema = z.object({
  /** changes whenever anything in the set may have changed (compare to refresh) */
  version: z.string(),
  /** when the download started (the same on every page of one download) */
  generatedAt: z.date(),
  /** the company of the set; null for a group's or provider's whole-group set */
  companyId: z.number().int().nullable(),
  /** equipment + unused tags in the set (for the progress bar) */
  total: z.number().int(),
  /** the server's rules the offline client must respect */
  limits: z.object({
    offlineMaxAgeDays: z.number().int(),
    clockSkewMinutes: z.number().int(),
    presenceMaxDistanceM: z.number(),
    presenceMaxSubmitDelayMinutes: z.number(),
  }),
  /** on the first page only */
  catalogue: workingSetCatalogueSchema.nullable(),
  /**
   * On the first page only: the caller's visits (as technician) of the set's companies from today
   * through WORKING_SET_VISIT_DAYS − 1 days ahead (APP_TIME_ZONE), by day and id.
   */
  visits: z.array(workingSetVisitSchema).nullable(),
  equipment: z.array(workingSetEquipmentSchema),
  /** serials of enabled tags without equipment, where registering offline is allowed */
  unusedTags: z.array(z.object({ serialNumber: z.string(), companyId: z.number().int() })),
  nextCursor: z.string().nullable(),
});
export type WorkingSetPage = z.infer<typeof workingSetPageSchema>;

/**
 * One tag's part of the working set (`field.workingSetTag`, GET /web/field/working-set/tags/{tag}/):
 * what the phone keeps, automatically, for a tag opened online — its equipment and the catalogue
 * pieces its offline inspect and maintain forms need.
 */
export const workingSetTagSchema = z.object({
  /** when the server read it */
  generatedAt: z.date(),
  equipment: workingSetEquipmentSchema,
  product: workingSetProductSchema,
  inspectionType: workingSetInspectionTypeSchema,
});
export type WorkingSetTag = z.infer<typeof workingSetTagSchema>;
