/** Catalogue enumerations and constants (seed 001 §3, §9). */
export const INSPECTION_QUESTION_TYPES = ['YES_NO_NA', 'TEXT', 'CUSTOM'] as const;
export type InspectionQuestionType = (typeof INSPECTION_QUESTION_TYPES)[number];
export const MAINTENANCE_QUESTION_TYPES = ['YES_NO_NA', 'TEXT'] as const;
export type MaintenanceQuestionType = (typeof MAINTENANCE_QUESTION_TYPES)[number];
export const ATTRIBUTE_TYPES = ['TEXT', 'DATE'] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];
export const CUSTOM_ANSWER_TYPES = ['POSITIVE', 'NEGATIVE', 'NA'] as const;
export type CustomAnswerType = (typeof CUSTOM_ANSWER_TYPES)[number];
export const PART_UNITS = ['UNITS', 'LITRES', 'KILOGRAMS', 'METRES', 'NA'] as const;
export type PartUnit = (typeof PART_UNITS)[number];

/** Inspection periodicity choices in days, in the seed's order. */
export const PERIODICITIES = [360, 180, 90, 30, 15, 7, 1] as const;
export type Periodicity = (typeof PERIODICITIES)[number];
/** i18n key suffix of each periodicity. */
export const PERIODICITY_LABELS: Record<Periodicity, string> = {
  360: 'yearly',
  180: 'biannual',
  90: 'quarterly',
  30: 'monthly',
  15: 'biweekly',
  7: 'weekly',
  1: 'daily',
};

export const MAX_CUSTOM_ANSWERS = 5;
/** Save success dialog closes by itself after this long (seed 001 §9). */
export const SAVE_SUCCESS_CLOSE_MS = 1500;

/** Product images: accepted types (checked by magic bytes on the server) and size cap. */
export const PRODUCT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const PRODUCT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** Names that turn on the extinguisher date filters of the reports (seed 001 §2, §9). */
export const FIRE_FIGHTING_CATEGORY_NAME = 'Combate a Incêndio';
export const EXTINGUISHERS_INSPECTION_TYPE_NAME = 'Extintores';

/** Defaults of seed 001 §9. */
export const DEFAULTS = {
  newItemEnabled: false,
  newRowEnabled: true,
  questionType: 'YES_NO_NA' as InspectionQuestionType,
  customAnswerType: 'POSITIVE' as CustomAnswerType,
  partUnit: 'NA' as PartUnit,
  attributeType: 'TEXT' as AttributeType,
  notificationDays: 0,
  inspectionSchedule: 360 as Periodicity,
};
