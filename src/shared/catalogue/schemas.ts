/** Zod inputs of the catalogue, shared by the client forms and the server procedures. */
import { z } from 'zod';
import { FIELD_MESSAGES } from '../field-messages.ts';
import { byId, idField, isoDateField, optionalText, requiredText } from '../fields.ts';
import { listSchema, triStateFilter } from '../list.ts';
import {
  ATTRIBUTE_TYPES,
  CUSTOM_ANSWER_TYPES,
  DEFAULTS,
  INSPECTION_QUESTION_TYPES,
  MAINTENANCE_QUESTION_TYPES,
  PART_UNITS,
  PERIODICITIES,
} from './enums.ts';
import { listRowErrors } from './list-rules.ts';

const id = idField;
/** Required names (the client maps any message but NON_NEGATIVE to its "required" text). */
const name = (max: number) => requiredText(max, 'REQUIRED');
/** Text of a list row: may be blank here (the list rule reports EMPTY at the row), never a NUL byte. */
const rowText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((v) => !v.includes('\u0000'), FIELD_MESSAGES.INVALID_CHARACTER);
/** A calendar date (`YYYY-MM-DD`, a real day) or nothing. */
const isoDate = isoDateField.nullish().transform((v) => v ?? null);

/**
 * An editable list (seed 001 §5): every text filled in and all distinct, otherwise the issue
 * points at the row (`<index>.<field>`, message EMPTY or DUPLICATE) so a form can mark it.
 */
function distinctList<T extends z.ZodType<Record<string, unknown>>>(row: T, field: string, max = 200) {
  return z
    .array(row)
    .max(max)
    .superRefine((rows, ctx) => {
      const errors = listRowErrors(rows.map((r) => String((r as Record<string, unknown>)[field] ?? '')));
      errors.forEach((e, i) => {
        if (e) ctx.addIssue({ code: 'custom', path: [i, field], message: e });
      });
      const seen = new Set<number>();
      rows.forEach((r, i) => {
        const rid = (r as { id?: number }).id;
        if (rid === undefined) return;
        if (seen.has(rid)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: 'DUPLICATE_ID' });
        seen.add(rid);
      });
    });
}

const rowEnabled = z.boolean().default(DEFAULTS.newRowEnabled);

// ── categories ───────────────────────────────────────────────────────────────
export const categoryFieldsSchema = z.object({
  name: name(120),
  enabled: z.boolean().default(DEFAULTS.newItemEnabled),
});
export const categoryAttributeRowSchema = z.object({
  id: id.optional(),
  name: rowText(120),
  enabled: rowEnabled,
});
export const categoryAttributeListSchema = distinctList(categoryAttributeRowSchema, 'name');
/** Category + both attribute lists, saved at once. */
export const saveCategorySchema = categoryFieldsSchema.extend({
  id: id.optional(),
  inspectionAttributes: categoryAttributeListSchema.optional(),
  maintenanceAttributes: categoryAttributeListSchema.optional(),
});
export type CategoryFieldsInput = z.input<typeof categoryFieldsSchema>;
export type CategoryFields = z.infer<typeof categoryFieldsSchema>;
export type CategoryAttributeRow = z.infer<typeof categoryAttributeRowSchema>;
export type SaveCategoryInput = z.infer<typeof saveCategorySchema>;

// ── inspection types (subcategories) ─────────────────────────────────────────
export const inspectionTypeFieldsSchema = z.object({
  name: name(120),
  categoryId: id,
  enabled: z.boolean().default(DEFAULTS.newItemEnabled),
});
export const customAnswerRowSchema = z.object({
  id: id.optional(),
  answer: rowText(120),
  type: z.enum(CUSTOM_ANSWER_TYPES).default(DEFAULTS.customAnswerType),
  enabled: rowEnabled,
});
/** The 5-answer cap is checked by the service on the merged list (CUSTOM_ANSWERS_LIMIT). */
export const customAnswerListSchema = distinctList(customAnswerRowSchema, 'answer', 50);
export const inspectionQuestionRowSchema = z.object({
  id: id.optional(),
  question: rowText(500),
  type: z.enum(INSPECTION_QUESTION_TYPES).default(DEFAULTS.questionType),
  enabled: rowEnabled,
  /** a negative answer opens (or joins) a MAINTENANCE service order of the equipment's company (issue 14) */
  opensServiceOrder: z.boolean().default(false),
  /** Only with the combined save; the REST list PUT ignores it. */
  customAnswers: customAnswerListSchema.optional(),
});
export const inspectionQuestionListSchema = distinctList(inspectionQuestionRowSchema, 'question');
export const maintenanceQuestionRowSchema = z.object({
  id: id.optional(),
  question: rowText(500),
  type: z.enum(MAINTENANCE_QUESTION_TYPES).default(DEFAULTS.questionType as 'YES_NO_NA'),
  enabled: rowEnabled,
});
export const maintenanceQuestionListSchema = distinctList(maintenanceQuestionRowSchema, 'question');
export const inspectionTypeAttributeRowSchema = z.object({
  id: id.optional(),
  attribute: rowText(120),
  type: z.enum(ATTRIBUTE_TYPES).default(DEFAULTS.attributeType),
  enabled: rowEnabled,
});
export const inspectionTypeAttributeListSchema = distinctList(inspectionTypeAttributeRowSchema, 'attribute');
/** Type fields + its three lists + custom answers per question: one transaction on the server. */
export const saveInspectionTypeSchema = inspectionTypeFieldsSchema.extend({
  id: id.optional(),
  inspectionQuestions: inspectionQuestionListSchema.optional(),
  maintenanceQuestions: maintenanceQuestionListSchema.optional(),
  attributes: inspectionTypeAttributeListSchema.optional(),
});
export type InspectionTypeFieldsInput = z.input<typeof inspectionTypeFieldsSchema>;
export type InspectionTypeFields = z.infer<typeof inspectionTypeFieldsSchema>;
export type InspectionQuestionRow = z.infer<typeof inspectionQuestionRowSchema>;
export type MaintenanceQuestionRow = z.infer<typeof maintenanceQuestionRowSchema>;
export type InspectionTypeAttributeRow = z.infer<typeof inspectionTypeAttributeRowSchema>;
export type CustomAnswerRow = z.infer<typeof customAnswerRowSchema>;
export type SaveInspectionTypeInput = z.infer<typeof saveInspectionTypeSchema>;

// ── products ─────────────────────────────────────────────────────────────────
export const maintenancePartRowSchema = z.object({
  id: id.optional(),
  name: rowText(120),
  unit: z.enum(PART_UNITS).default(DEFAULTS.partUnit),
  enabled: rowEnabled,
});
export const maintenancePartListSchema = distinctList(maintenancePartRowSchema, 'name');
const notificationDays = z.number().int('INTEGER').min(0, 'NON_NEGATIVE').max(3650);

const productFieldsShape = z.object({
  sku: name(60),
  name: name(200),
  enabled: z.boolean().default(DEFAULTS.newItemEnabled),
  shortDescription: optionalText(1000),
  /** Only the provider admin may set it; the server refuses it from anyone else. */
  isDvExclusive: z.boolean().optional(),
  isDueDate: z.boolean().default(false),
  inspectionSchedule: z.literal(PERIODICITIES),
  /** Days before the due date to notify: required only when the product has an expiration date. */
  daysNotificationDueDate: notificationDays.nullish().transform((v) => v ?? null),
  daysNotificationNextInspectionDate: notificationDays,
  manufacturingNumber: optionalText(120),
  manufacturer: optionalText(200),
  categoryId: id,
  inspectionTypeId: id,
  retestDate: isoDate,
  rechargeDate: isoDate,
  weightDate: isoDate,
});
/** Seed 001 §5: the days before the due date are required only when the product has one. */
function dueDateRule(
  p: { isDueDate: boolean; daysNotificationDueDate: number | null },
  ctx: z.RefinementCtx,
) {
  if (p.isDueDate && p.daysNotificationDueDate === null) {
    ctx.addIssue({ code: 'custom', path: ['daysNotificationDueDate'], message: 'REQUIRED' });
  }
}
export const productFieldsSchema = productFieldsShape.superRefine(dueDateRule);
export const saveProductSchema = z.object({
  id: id.optional(),
  product: productFieldsSchema,
  maintenanceParts: maintenancePartListSchema.optional(),
});
export type ProductFieldsInput = z.input<typeof productFieldsSchema>;
export type ProductFields = z.infer<typeof productFieldsSchema>;
export type MaintenancePartRow = z.infer<typeof maintenancePartRowSchema>;
export type SaveProductInput = z.infer<typeof saveProductSchema>;

// ── lists ────────────────────────────────────────────────────────────────────
export const listCategoriesSchema = listSchema({
  sort: ['name', 'enabled', 'updateDate'],
  filters: { enabled: triStateFilter() },
});
export const listInspectionTypesSchema = listSchema({
  sort: ['name', 'categoryName', 'updateDate', 'enabled'],
  filters: { enabled: triStateFilter(), categoryId: id.optional() },
});
export const listProductsSchema = listSchema({
  sort: ['sku', 'name', 'isDvExclusive', 'updateDate', 'enabled'],
  filters: { enabled: triStateFilter(), categoryId: id.optional(), inspectionTypeId: id.optional() },
});
export type ListCategoriesInput = z.input<typeof listCategoriesSchema>;
export type ListInspectionTypesInput = z.input<typeof listInspectionTypesSchema>;
export type ListProductsInput = z.input<typeof listProductsSchema>;
/** The same, as parsed (defaults applied): what the services get. */
export type ListCategoriesParams = z.output<typeof listCategoriesSchema>;
export type ListInspectionTypesParams = z.output<typeof listInspectionTypesSchema>;
export type ListProductsParams = z.output<typeof listProductsSchema>;

// ── calls: ids come from the REST path or the tRPC input ─────────────────────
export const CATEGORY_ATTRIBUTE_KINDS = ['inspection', 'maintenance'] as const;
export type CategoryAttributeKind = (typeof CATEGORY_ATTRIBUTE_KINDS)[number];
export const categoryAttributesQuerySchema = byId.extend({ kind: z.enum(CATEGORY_ATTRIBUTE_KINDS) });
export const saveCategoryAttributesSchema = categoryAttributesQuerySchema.extend({
  rows: categoryAttributeListSchema,
});
export const updateCategorySchema = categoryFieldsSchema.extend({ id });

export const inspectionTypeOptionsSchema = z.object({ categoryId: id.optional() });
/** The products of one subcategory for a select (the reports' cascade). */
export const productOptionsSchema = z.object({ inspectionTypeId: id });
export const updateInspectionTypeSchema = inspectionTypeFieldsSchema.extend({ id });
export const saveInspectionQuestionsSchema = byId.extend({ rows: inspectionQuestionListSchema });
export const saveMaintenanceQuestionsSchema = byId.extend({ rows: maintenanceQuestionListSchema });
export const saveInspectionTypeAttributesSchema = byId.extend({ rows: inspectionTypeAttributeListSchema });
export const byQuestionId = z.object({ questionId: id });
export const saveCustomAnswersSchema = byQuestionId.extend({ rows: customAnswerListSchema });

export const updateProductSchema = productFieldsShape.extend({ id }).superRefine(dueDateRule);
export const saveMaintenancePartsSchema = byId.extend({ rows: maintenancePartListSchema });

export type ById = z.infer<typeof byId>;
export type CategoryAttributesQuery = z.infer<typeof categoryAttributesQuerySchema>;
export type SaveCategoryAttributesInput = z.infer<typeof saveCategoryAttributesSchema>;
export type UpdateCategoryInput = z.infer<typeof updateCategorySchema>;
export type InspectionTypeOptionsInput = z.infer<typeof inspectionTypeOptionsSchema>;
export type UpdateInspectionTypeInput = z.infer<typeof updateInspectionTypeSchema>;
export type SaveInspectionQuestionsInput = z.infer<typeof saveInspectionQuestionsSchema>;
export type SaveMaintenanceQuestionsInput = z.infer<typeof saveMaintenanceQuestionsSchema>;
export type SaveInspectionTypeAttributesInput = z.infer<typeof saveInspectionTypeAttributesSchema>;
export type ByQuestionId = z.infer<typeof byQuestionId>;
export type SaveCustomAnswersInput = z.infer<typeof saveCustomAnswersSchema>;
export type UpdateProductInput = z.infer<typeof updateProductSchema>;
export type SaveMaintenancePartsInput = z.infer<typeof saveMaintenancePartsSchema>;
