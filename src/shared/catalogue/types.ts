/**
 * What the catalogue calls answer (seed 001 §3 field names): the output schemas of the catalogue's
 * operations. The server holds every answer to them (extra fields stripped) and the client's row
 * types are inferred from them, so an answer is described once.
 */
import { z } from 'zod';
import {
  ATTRIBUTE_TYPES,
  CUSTOM_ANSWER_TYPES,
  INSPECTION_QUESTION_TYPES,
  MAINTENANCE_QUESTION_TYPES,
  PART_UNITS,
} from './enums.ts';

const id = z.number().int();

// ── categories ───────────────────────────────────────────────────────────────
export const categorySchema = z.object({
  id,
  name: z.string(),
  enabled: z.boolean(),
  updateDate: z.date(),
});
export type CategoryDto = z.infer<typeof categorySchema>;

export const categoryAttributeSchema = z.object({ id, name: z.string(), enabled: z.boolean() });
export type CategoryAttributeDto = z.infer<typeof categoryAttributeSchema>;

// ── inspection types (subcategories) ─────────────────────────────────────────
export const inspectionTypeSchema = z.object({
  id,
  name: z.string(),
  categoryId: id,
  categoryName: z.string(),
  categoryEnabled: z.boolean(),
  enabled: z.boolean(),
  updateDate: z.date(),
});
export type InspectionTypeDto = z.infer<typeof inspectionTypeSchema>;

export const inspectionQuestionSchema = z.object({
  id,
  question: z.string(),
  type: z.enum(INSPECTION_QUESTION_TYPES),
  enabled: z.boolean(),
  /** a negative answer opens (or joins) a MAINTENANCE service order (issue 14) */
  opensServiceOrder: z.boolean(),
});
export type InspectionQuestionDto = z.infer<typeof inspectionQuestionSchema>;

export const maintenanceQuestionSchema = z.object({
  id,
  question: z.string(),
  type: z.enum(MAINTENANCE_QUESTION_TYPES),
  enabled: z.boolean(),
});
export type MaintenanceQuestionDto = z.infer<typeof maintenanceQuestionSchema>;

export const inspectionTypeAttributeSchema = z.object({
  id,
  attribute: z.string(),
  type: z.enum(ATTRIBUTE_TYPES),
  enabled: z.boolean(),
});
export type InspectionTypeAttributeDto = z.infer<typeof inspectionTypeAttributeSchema>;

export const customAnswerSchema = z.object({
  id,
  inspectionQuestionId: id,
  answer: z.string(),
  type: z.enum(CUSTOM_ANSWER_TYPES),
  enabled: z.boolean(),
});
export type CustomAnswerDto = z.infer<typeof customAnswerSchema>;

export const inspectionQuestionWithAnswersSchema = inspectionQuestionSchema.extend({
  customAnswers: z.array(customAnswerSchema),
});
export type InspectionQuestionWithAnswersDto = z.infer<typeof inspectionQuestionWithAnswersSchema>;

/** Everything the subcategory dialog edits. */
export const inspectionTypeDetailSchema = inspectionTypeSchema.extend({
  inspectionQuestions: z.array(inspectionQuestionWithAnswersSchema),
  maintenanceQuestions: z.array(maintenanceQuestionSchema),
  attributes: z.array(inspectionTypeAttributeSchema),
});
export type InspectionTypeDetailDto = z.infer<typeof inspectionTypeDetailSchema>;

// ── products ─────────────────────────────────────────────────────────────────
export const productSchema = z.object({
  id,
  sku: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  shortDescription: z.string().nullable(),
  isDvExclusive: z.boolean(),
  isDueDate: z.boolean(),
  inspectionSchedule: z.number().int(),
  daysNotificationDueDate: z.number().int().nullable(),
  daysNotificationNextInspectionDate: z.number().int(),
  manufacturingNumber: z.string().nullable(),
  manufacturer: z.string().nullable(),
  categoryId: id,
  categoryName: z.string(),
  inspectionTypeId: id,
  inspectionTypeName: z.string(),
  /** Path of the image (`/web/products/{id}/image?update=…`), null when there is none. */
  image: z.string().nullable(),
  imageUpdatedAt: z.date().nullable(),
  updateDate: z.date(),
  /** `YYYY-MM-DD` */
  retestDate: z.string().nullable(),
  rechargeDate: z.string().nullable(),
  weightDate: z.string().nullable(),
  /** True when the caller may not edit it (a provider-exclusive product seen by a non-provider). */
  readOnly: z.boolean(),
});
export type ProductDto = z.infer<typeof productSchema>;

/** The answer of an image upload: the new image path (with its version) and when it changed. */
export const productImageSchema = z.object({ image: z.string(), imageUpdatedAt: z.date() });
export type ProductImageDto = z.infer<typeof productImageSchema>;

export const maintenancePartSchema = z.object({
  id,
  name: z.string(),
  unit: z.enum(PART_UNITS),
  enabled: z.boolean(),
});
export type MaintenancePartDto = z.infer<typeof maintenancePartSchema>;

// ── selects ──────────────────────────────────────────────────────────────────
/** Option of a select: disabled ones are shown but cannot be picked. */
export const optionSchema = z.object({
  id,
  name: z.string(),
  enabled: z.boolean(),
  categoryId: id.optional(),
});
export type OptionDto = z.infer<typeof optionSchema>;
export const productOptionSchema = z.object({ id, name: z.string(), sku: z.string(), enabled: z.boolean() });
export type ProductOptionDto = z.infer<typeof productOptionSchema>;
