/**
 * Equipment, inspections, maintenances and the public tag card (seed 001 §3, issue 11). Inputs are
 * parsed by the server on both doors and by the client's forms; outputs type the client's rows.
 */
import { z } from 'zod';
import { EQUIPMENT_STATUSES, EXPIRATION_STATUSES } from '../enums.ts';
import { FIELD_MESSAGES } from '../field-messages.ts';
import { idField, isoDateField, optionalText } from '../fields.ts';
import { listSchema, MAX_PAGE, pageSizeSchema } from '../list.ts';
import { commonReportFilters, expirationFilter, reportSchema } from '../reports/filters.ts';
import { recordPhotoSchema } from '../photos/schemas.ts';
import { recordSealRefSchema } from '../seals/schemas.ts';
import { equipmentCycleSchema, maintenanceCyclesField, publicCycleSchema } from '../cycles/schemas.ts';

/** A tag serial as printed on the label (9 characters today; a little slack for older series). */
export const serialField = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[0-9A-Z]{4,32}$/, FIELD_MESSAGES.SERIAL_INVALID);

const isoDate = isoDateField.nullish().transform((v) => v ?? null);
const text = (max: number) => optionalText(max);

export const attributeValueInput = z.object({
  attributeId: idField,
  /** TEXT attributes: free text; DATE attributes: YYYY-MM-DD (checked by the service per type) */
  value: z.string().trim().max(500),
});

/** POST /web/equipments/ — register equipment on an unused tag. */
export const registerEquipmentSchema = z.object({
  tagSerialNumber: serialField,
  productId: idField,
  extraLabel: text(120),
  /** the control number */
  extraCode: text(60),
  /** only for products with an expiration date; extinguishers default it from their attributes */
  dueDate: isoDate.optional(),
  attributes: z.array(attributeValueInput).max(100).default([]),
});
export type RegisterEquipmentInput = z.input<typeof registerEquipmentSchema>;

/** PUT /web/equipments/{tag}/ — product, labels, attributes, due date (a snapshot is written). */
export const updateEquipmentSchema = registerEquipmentSchema.omit({ tagSerialNumber: true }).extend({
  tag: serialField,
});

export const byTag = z.object({ tag: serialField });

/** GET /web/tags/{serial}/card — the public card's input. */
export const bySerial = z.object({ serial: serialField });

/** GET /web/equipments/{tag}/inspections|maintenances|snapshots — newest first. */
export const equipmentHistorySchema = byTag.extend({
  page: z.number().int().min(0).max(MAX_PAGE).default(0),
  pageSize: pageSizeSchema,
});

/** POST /web/equipments/ answers `{data:{id, tagSerialNumber}}`; the record POSTs `{data:{id}}`. */
export const registeredSchema = z.object({ id: z.number().int(), tagSerialNumber: z.string() });
export const createdSchema = z.object({ id: z.number().int() });
/**
 * What an inspection answers: its id and, when a negative answer opened (or joined) a service
 * order, that order's number (the success screen says "OS nº … aberta"); null otherwise.
 */
export const inspectionCreatedSchema = createdSchema.extend({
  serviceOrderNumber: z.number().int().nullable(),
});
export type InspectionCreated = z.infer<typeof inspectionCreatedSchema>;

/** YES / NO / NA, a text, or a custom answer's id (number or digits). */
export const answerValue = z.union([z.number().int().positive(), z.string().trim().max(2000)]);

/**
 * Proof of presence (issue 20): how the equipment was identified in the field — the camera read
 * the QR code (SCAN), the phone read the tag by Web NFC (NFC), or the serial was typed (TYPED).
 */
export const IDENTIFIED_BY = ['SCAN', 'NFC', 'TYPED'] as const;
export type IdentifiedBy = (typeof IDENTIFIED_BY)[number];
/** How the reference location of an equipment was set: the median of its first inspections, or by an admin. */
export const REFERENCE_LOCATION_SOURCES = ['MEDIAN', 'ADMIN'] as const;

/** An instant with its offset, e.g. `2025-05-01T13:45:00.000Z` (what `Date.toISOString()` gives). */
export const instantField = z.iso.datetime({ offset: true });

/**
 * What every field record (inspection, maintenance) may add when it was made offline or is to prove
 * presence: `performedAt` — when the user submitted it on the device (default: the server's now; a
 * past instant up to OFFLINE_MAX_AGE_DAYS, never in the future beyond a few minutes of clock skew:
 * 400 RECORD_PERFORMED_AT_FUTURE / RECORD_PERFORMED_AT_TOO_OLD); `identifiedBy` and `scannedAt` —
 * how and when the tag was identified (not after `performedAt`: 400 RECORD_SCANNED_AT_INVALID).
 * The equipment's status and dates follow `performedAt`, not the arrival time.
 */
export const fieldRecordProof = {
  performedAt: instantField.optional(),
  identifiedBy: z.enum(IDENTIFIED_BY).optional(),
  scannedAt: instantField.optional(),
};

export const inspectionInputSchema = z.object({
  tag: serialField,
  ...fieldRecordProof,
  answers: z.array(z.object({ questionId: idField, answer: answerValue })).max(200),
  attributes: z.array(attributeValueInput).max(100).default([]),
  latitude: z.number().min(-90).max(90).nullish(),
  longitude: z.number().min(-180).max(180).nullish(),
  /** metres, as the browser's Geolocation API reports it */
  accuracy: z.number().min(0).max(1_000_000).nullish(),
});
export type InspectionInput = z.input<typeof inspectionInputSchema>;

export const maintenanceInputSchema = z.object({
  tag: serialField,
  ...fieldRecordProof,
  answers: z.array(z.object({ questionId: idField, answer: answerValue })).max(200),
  parts: z
    .array(z.object({ partId: idField, quantity: z.number().positive().max(1_000_000) }))
    .max(200)
    .default([]),
  /** the codes of the equipment's cycles this maintenance fulfils (issue 30); unknown → 400 CYCLE_UNKNOWN */
  cycles: maintenanceCyclesField,
});
export type MaintenanceInput = z.input<typeof maintenanceInputSchema>;

/** GET /web/equipments/ — the seed's report query (001 §7). */
export const EQUIPMENT_SORTS = [
  'createdAt',
  'dueDate',
  'lastInspection',
  'nextInspection',
  'product',
  'extraLabel',
  'tagSerialNumber',
  'status',
] as const;
/**
 * The inspection report's fields (seed 001 §2 screen 1, §7 export query): the filters both reports
 * share (`commonReportFilters`: status, active tags, category, subcategory, product, registration
 * range, extinguisher dates), the company, and the last-inspection and due-date ranges with their
 * expiration statuses. `src/shared/reports/` builds the maintenance report and the exports from it.
 */
export const inspectionReportFields = listSchema({
  sort: EQUIPMENT_SORTS,
  defaultSort: 'createdAt',
  defaultDirection: 'desc',
  filters: {
    ...commonReportFilters,
    companyId: idField.optional(),
    lastInspectionFrom: isoDateField.optional(),
    lastInspectionUpTo: isoDateField.optional(),
    lastInspectionExpirationStatus: expirationFilter(),
    /**
     * The last inspection's inspector, by the name it recorded, exactly (the dashboard's employee
     * bars link with it, beside the `employeeData` search, so "Ana" does not list "Mariana"'s).
     */
    lastInspectionBy: z.string().trim().min(1).max(200).optional(),
    dueDateFrom: isoDateField.optional(),
    dueDateUpTo: isoDateField.optional(),
    dueDateExpirationStatus: expirationFilter(),
    /**
     * The never-scanned report (issue 20): equipment whose last scanned (SCAN or NFC) inspection was
     * performed before this day (APP_TIME_ZONE), or that was never scanned.
     */
    notScannedSince: isoDateField.optional(),
  },
}).shape;
/** Each bad parameter answers its code naming it (REPORT_FILTER_INVALID, REPORT_DATE_RANGE_INVALID). */
export const equipmentListSchema = reportSchema(inspectionReportFields);
export type EquipmentListInput = z.input<typeof equipmentListSchema>;

const personSchema = z.object({
  createdAt: z.date(),
  userName: z.string().nullable(),
  userEmail: z.string().nullable(),
});

/**
 * The proof-of-presence flags of an inspection (issue 20), computed by the server from what was
 * recorded: `typed` — the serial was typed (records without `identifiedBy`, from before issue 20 or
 * from clients that do not send it, are unknown and not flagged); `farFromReference` — its location is
 * farther than PRESENCE_MAX_DISTANCE_M from the equipment's reference location (`distanceM`, null
 * without either location); `lateSubmit` — submitted (`performedAt`) more than
 * PRESENCE_MAX_SUBMIT_DELAY_MIN after the scan (`submitDelayMinutes`, null without `scannedAt`).
 */
export const presenceFlagsSchema = z.object({
  typed: z.boolean(),
  farFromReference: z.boolean(),
  lateSubmit: z.boolean(),
  distanceM: z.number().nullable(),
  submitDelayMinutes: z.number().nullable(),
});
export type PresenceFlags = z.infer<typeof presenceFlagsSchema>;

/** Where the equipment normally is: the median of its first inspections' locations, or set by an admin. */
export const referenceLocationSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  source: z.enum(REFERENCE_LOCATION_SOURCES),
});

/** `equipment.setReferenceLocation` — an admin fixes the location; `null`s go back to the median. */
export const setReferenceLocationSchema = byTag.extend({
  latitude: z.number().min(-90).max(90).nullable(),
  longitude: z.number().min(-180).max(180).nullable(),
});

export const equipmentAttributeSchema = z.object({
  attributeId: z.number().int(),
  attribute: z.string(),
  type: z.enum(['TEXT', 'DATE']),
  value: z.string().nullable(),
});

/** One equipment as the lists, the dialog and GET /web/equipments/{tag} answer it (seed 001 §3). */
export const equipmentSchema = z.object({
  id: z.number().int(),
  status: z.enum(EQUIPMENT_STATUSES),
  enabledTag: z.boolean(),
  companyId: z.number().int(),
  companyName: z.string().nullable(),
  tagSerialNumber: z.string().nullable(), // null: awaiting a tag (issue 31, shared/equipment/awaiting-tag.ts)
  extraLabel: z.string().nullable(),
  extraCode: z.string().nullable(),
  createdAt: z.date(),
  dueDate: z.string().nullable(),
  dueDateExpirationStatus: z.enum(EXPIRATION_STATUSES),
  dueDateDaysToExpire: z.number().int().nullable(),
  lastInspection: personSchema.nullable(),
  nextInspectionDate: z.string().nullable(),
  lastInspectionExpirationStatus: z.enum(EXPIRATION_STATUSES),
  lastInspectionDaysToExpire: z.number().int().nullable(),
  lastMaintenance: personSchema.nullable(),
  maintenanceStatus: z.enum(EQUIPMENT_STATUSES),
  /** the last inspection's proof-of-presence flags (null without an inspection) — issue 20 */
  lastInspectionPresence: presenceFlagsSchema.nullable(),
  /** when the last scanned (SCAN or NFC) inspection was performed; null: never scanned */
  lastScannedAt: z.date().nullable(),
  referenceLocation: referenceLocationSchema.nullable(),
  inspectionTypeAttribute: z.array(equipmentAttributeSchema),
  product: z.object({
    id: z.number().int(),
    sku: z.string(),
    name: z.string(),
    categoryId: z.number().int(),
    inspectionTypeId: z.number().int(),
    isDvExclusive: z.boolean(),
    isDueDate: z.boolean(),
    hasImage: z.boolean(),
    updateDate: z.date(),
  }),
});
export type Equipment = z.infer<typeof equipmentSchema>;

export const questionAnswerSchema = z.object({
  questionId: z.number().int().nullable(),
  type: z.enum(['YES_NO_NA', 'TEXT', 'CUSTOM']),
  question: z.string(),
  answer: z.string(),
  /** custom answers: POSITIVE, NEGATIVE or NA as it was when answered */
  answerType: z.enum(['POSITIVE', 'NEGATIVE', 'NA']).nullable(),
});

export const attributeRecordSchema = z.object({
  attributeId: z.number().int().nullable(),
  attribute: z.string(),
  value: z.string(),
});

/**
 * What every record carries of issue 20: `createdAt` is when it was performed (submitted on the
 * device: `performedAt`, the record's date everywhere), `receivedAt` when the server got it (later
 * for records synced after working offline); `identifiedBy`/`scannedAt` null when not sent.
 */
const recordProofSchema = {
  receivedAt: z.date(),
  identifiedBy: z.enum(IDENTIFIED_BY).nullable(),
  scannedAt: z.date().nullable(),
};

/** An inspection as recorded (texts as they were when answered). */
export const inspectionRecordSchema = z.object({
  inspectionId: z.number().int(),
  userName: z.string().nullable(),
  userEmail: z.string().nullable(),
  /** when it was performed (`performedAt`) */
  createdAt: z.date(),
  ...recordProofSchema,
  presence: presenceFlagsSchema,
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  accuracy: z.number().nullable(),
  improper: z.boolean(),
  attributesValues: z.array(attributeRecordSchema),
  questionsAnswers: z.array(questionAnswerSchema),
  /** its photos (issue 29), with short-lived signed links; empty when it has none */
  photos: z.array(recordPhotoSchema).default([]),
  /** its seal (issue 29 item 3) once signed: the verification code; null while unsigned */
  seal: recordSealRefSchema.nullable().default(null),
});

export const maintenanceRecordSchema = z.object({
  id: z.number().int(),
  maintenanceId: z.number().int(),
  userName: z.string().nullable(),
  userEmail: z.string().nullable(),
  /** when it was performed (`performedAt`) */
  createdAt: z.date(),
  ...recordProofSchema,
  attributesValues: z.array(attributeRecordSchema),
  questionsAnswers: z.array(questionAnswerSchema),
  partsReplacements: z.array(
    z.object({
      partId: z.number().int().nullable(),
      part: z.string(),
      quantity: z.number(),
      unit: z.string(),
    }),
  ),
  /** its photos (issue 29), with short-lived signed links; empty when it has none */
  photos: z.array(recordPhotoSchema).default([]),
  /** its seal (issue 29 item 3) once signed: the verification code; null while unsigned */
  seal: recordSealRefSchema.nullable().default(null),
});

/** A modification record (seed 001 §3 "Snapshot"). */
export const snapshotSchema = z.object({
  id: z.number().int(),
  transaction: z.date(),
  kind: z.enum(['CREATED', 'UPDATED', 'TAG_REPLACED', 'TAG_ASSIGNED']),
  userName: z.string().nullable(),
  userEmail: z.string().nullable(),
  tagSerialNumber: z.string().nullable(),
  productName: z.string(),
  productSku: z.string(),
  extraLabel: z.string().nullable(),
  extraCode: z.string().nullable(),
});

/** GET /web/tags/{serial}/card — no personal data; `registered` only when the company hides the card. */
export const tagCardSchema = z.object({
  serialNumber: z.string(),
  registered: z.boolean(),
  /** false when the tag's company turned the public card off: only `registered` is given */
  cardVisible: z.boolean(),
  enabled: z.boolean(),
  status: z.enum(EQUIPMENT_STATUSES).nullable(),
  productId: z.number().int().nullable(),
  productName: z.string().nullable(),
  productHasImage: z.boolean(),
  lastInspectionDate: z.string().nullable(),
  nextInspectionDate: z.string().nullable(),
  /** of the next inspection date, as in the equipment lists (NA without a date) */
  lastInspectionExpirationStatus: z.enum(EXPIRATION_STATUSES),
  lastInspectionDaysToExpire: z.number().int().nullable(),
  dueDate: z.string().nullable(),
  dueDateExpirationStatus: z.enum(EXPIRATION_STATUSES),
  dueDateDaysToExpire: z.number().int().nullable(),
  /** the equipment is in an open (PENDING or PARTIAL) service order: "service pending" (issue 14) */
  servicePending: z.boolean(),
  /** the verification code of the equipment's last sealed record (issue 29), for `/verify/{code}` */
  lastSealCode: z.string().nullable(),
  cycles: z.array(publicCycleSchema), // due days and statuses today (issue 30); [] when hidden
});
export type TagCard = z.infer<typeof tagCardSchema>;

/** What the field forms need (the catalogue as it is now; records keep their own copies). */
export const fieldAttributeSchema = z.object({
  id: z.number().int(),
  attribute: z.string(),
  type: z.enum(['TEXT', 'DATE']),
  /** the equipment's current value, if any */
  value: z.string().nullable(),
});

export const fieldQuestionSchema = z.object({
  id: z.number().int(),
  question: z.string(),
  type: z.enum(['YES_NO_NA', 'TEXT', 'CUSTOM']),
  customAnswers: z.array(
    z.object({ id: z.number().int(), answer: z.string(), type: z.enum(['POSITIVE', 'NEGATIVE', 'NA']) }),
  ),
});

/** `equipment.registerOptions` — an unused tag of the caller's company and the products to pick. */
export const registerOptionsSchema = z.object({
  serialNumber: z.string(),
  companyId: z.number().int(),
  companyName: z.string(),
  products: z.array(
    z.object({
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
      attributes: z.array(fieldAttributeSchema.omit({ value: true })),
    }),
  ),
});

/** `equipment.inspectionForm` — the inspection type's enabled questions in order, and its attributes. */
export const inspectionFormSchema = z.object({
  equipment: equipmentSchema,
  questions: z.array(fieldQuestionSchema),
  attributes: z.array(fieldAttributeSchema),
});

/** `equipment.maintenanceForm` — maintenance questions and the product's parts. */
export const maintenanceFormSchema = z.object({
  equipment: equipmentSchema,
  questions: z.array(fieldQuestionSchema.omit({ customAnswers: true })),
  parts: z.array(z.object({ id: z.number().int(), name: z.string(), unit: z.string() })),
  /** the equipment's maintenance cycles, to tick the ones the maintenance fulfils (issue 30) */
  cycles: z.array(equipmentCycleSchema).default([]),
});
