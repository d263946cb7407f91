/**
 * Tags list and tag replacement (seed 001 screens 6 and 7, §3 "Tag" and "Tag replacement request",
 * §7; issue 11 items 4–6). Inputs are parsed by the server on both doors and by the client's lists;
 * outputs type the client's rows.
 */
import { z } from 'zod';
import { serialField } from '../equipment/schemas.ts';
import { idField, isoDateField, optionalText } from '../fields.ts';
import { listSchema, triStateFilter } from '../list.ts';

export { serialField };

/** Seed 001 §9: the replacement's success popup shows for 3.5 s. */
export const REPLACE_SUCCESS_POPUP_MS = 3500;

/** A day filter (`YYYY-MM-DD`); the server refuses a day after today (400, seed 001 §5). */
const dayFilter = isoDateField.optional();

// ── tags list ───────────────────────────────────────────────────────────────────────────────────

export const TAG_SORTS = [
  'serialNumber',
  'enabled',
  'equipmentExtraLabel',
  'equipmentSerialNumber',
  'productName',
  'productIsDvExclusive',
  'companyName',
  'updateDate',
] as const;

/** GET /web/tags/ — search, exclusive and active filters, last-update range (seed 001 screen 6). */
export const tagListSchema = listSchema({
  sort: TAG_SORTS,
  filters: {
    /** the equipment's product is provider-exclusive */
    exclusive: triStateFilter(),
    /** the tag is enabled */
    active: triStateFilter(),
    updateFrom: dayFilter,
    updateUpTo: dayFilter,
  },
});
export type TagListInput = z.input<typeof tagListSchema>;

/** One tag as the list shows it (seed 001 §3 "Tag"). */
export const tagItemSchema = z.object({
  serialNumber: z.string(),
  enabled: z.boolean(),
  /** equipment is registered on the tag */
  used: z.boolean(),
  companyId: z.number().int(),
  companyName: z.string().nullable(),
  equipmentExtraLabel: z.string().nullable(),
  equipmentExtraCode: z.string().nullable(),
  /** the serial the equipment is on (this tag's), null when the tag is unused */
  equipmentSerialNumber: z.string().nullable(),
  productName: z.string().nullable(),
  productIsDvExclusive: z.boolean(),
  updateDate: z.date(),
});
export type TagItem = z.infer<typeof tagItemSchema>;

/** The used-tags count of the caller's scope (the list's counter). */
export const usedTagsSchema = z.object({ used: z.number().int() });

/** PUT /web/tags/{serial}/toggle/ `{enabled}` */
export const toggleTagSchema = z.object({ serial: serialField, enabled: z.boolean() });

// ── replacement ─────────────────────────────────────────────────────────────────────────────────

export const REPLACEMENT_STATUSES = ['PENDING', 'COMPLETED', 'CANCELLED'] as const;
export type ReplacementStatus = (typeof REPLACEMENT_STATUSES)[number];
export const REPLACEMENT_STATUS_FILTERS = [...REPLACEMENT_STATUSES, 'ALL'] as const;

/**
 * POST /web/equipments/replace/ — from the field flow, on an unused tag: "this new label replaces
 * the one of that equipment" (the old serial, when the old label can still be read).
 */
export const requestReplacementSchema = z.object({
  newSerial: serialField,
  oldSerial: serialField.nullish().transform((v) => v ?? null),
  description: optionalText(500),
});
export type RequestReplacementInput = z.input<typeof requestReplacementSchema>;
/** The request's id; `updated` when an open request of that tag was updated instead of created. */
export const requestedReplacementSchema = z.object({ id: z.number().int(), updated: z.boolean() });

export const REPLACEMENT_SORTS = [
  'requestDate',
  'equipmentNewSerialNumber',
  'equipmentOldSerialNumber',
  'extraLabel',
  'productName',
  'requestUsername',
  'updateDate',
] as const;

/** GET /web/equipments/replace/ — requests, newest first; request dates cannot be in the future. */
export const replacementListSchema = listSchema({
  sort: REPLACEMENT_SORTS,
  defaultSort: 'requestDate',
  defaultDirection: 'desc',
  filters: {
    /** open requests by default: a completed one leaves the list */
    status: z.enum(REPLACEMENT_STATUS_FILTERS).default('PENDING'),
    requestFrom: dayFilter,
    requestUpTo: dayFilter,
  },
});
export type ReplacementListInput = z.input<typeof replacementListSchema>;

/** One request (seed 001 §3 "Tag replacement request") with the suggested equipment it names. */
export const replacementRequestSchema = z.object({
  id: z.number().int(),
  status: z.enum(REPLACEMENT_STATUSES),
  companyId: z.number().int(),
  companyName: z.string().nullable(),
  equipmentNewSerialNumber: z.string(),
  newTagEnabled: z.boolean(),
  /** the tag the suggested equipment is on now (null: no suggestion, or it is gone) */
  equipmentOldSerialNumber: z.string().nullable(),
  /** the old serial the operator typed (shown even when it names no tag the request can suggest) */
  typedOldSerialNumber: z.string().nullable(),
  suggestedEquipmentId: z.number().int().nullable(),
  extraLabel: z.string().nullable(),
  extraCode: z.string().nullable(),
  productId: z.number().int().nullable(),
  productName: z.string().nullable(),
  productSku: z.string().nullable(),
  /** image path of the product (`/web/products/{id}/image?update=…`), null without one */
  productImage: z.string().nullable(),
  description: z.string().nullable(),
  requestUsername: z.string().nullable(),
  requestDate: z.date(),
  updateDate: z.date(),
  completedAt: z.date().nullable(),
});
export type ReplacementRequest = z.infer<typeof replacementRequestSchema>;

/** Replaceable equipment (seed 001 §3): what the dialog shows of an equipment that can give its tag up. */
export const replaceableEquipmentSchema = z.object({
  id: z.number().int(),
  tagSerialNumber: z.string(),
  enabledTag: z.boolean(),
  extraLabel: z.string().nullable(),
  extraCode: z.string().nullable(),
  productId: z.number().int(),
  productName: z.string(),
  productSku: z.string(),
  hasImage: z.boolean(),
  productImage: z.string().nullable(),
  createdAtMillis: z.number(),
});
export type ReplaceableEquipment = z.infer<typeof replaceableEquipmentSchema>;

/** GET /web/equipments/replace/{id}/suggest */
export const byRequestId = z.object({ id: idField });

export const CANDIDATE_SORTS = ['tagSerialNumber', 'extraLabel', 'productName', 'createdAt'] as const;
/** GET /web/equipments/replace/{id} — the equipment of the request's company, paged and searchable. */
export const replacementCandidatesSchema = listSchema({ sort: CANDIDATE_SORTS }).extend({ id: idField });
export type ReplacementCandidatesInput = z.input<typeof replacementCandidatesSchema>;

/** PUT /web/tags/{serial}/replace-to/{otherSerial}: `serial` is the old tag, `otherSerial` the new one. */
export const replaceToSchema = z.object({ serial: serialField, otherSerial: serialField });

export const replacedSchema = z.object({
  equipmentId: z.number().int(),
  /** the new tag: the equipment and its history are on it now */
  tagSerialNumber: z.string(),
  /** the old tag: disabled */
  oldTagSerialNumber: z.string(),
  /** open requests for the new tag marked COMPLETED by this transfer */
  completedRequests: z.number().int(),
});
export type Replaced = z.infer<typeof replacedSchema>;
