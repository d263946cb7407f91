/**
 * Service orders (seed 000 §2 /os and /create-os, §3, §4, §7; issue 14). Inputs are parsed by the
 * server on both doors and by the client's forms; outputs type the client's rows.
 *
 * The create and update inputs are lenient on purpose: blank required fields and an empty equipment
 * list get through zod so the service answers the seed's codes in the seed's order (start date,
 * then equipment, then required fields: SERVICE_ORDER_START_DATE_PAST, SERVICE_ORDER_NO_EQUIPMENT,
 * SERVICE_ORDER_MISSING_FIELDS). Dates are calendar days (`YYYY-MM-DD`); a datetime string is read
 * as its day.
 */
import { z } from 'zod';
import { OS_STATUSES, OS_TYPES, PRIORITIES } from '../enums.ts';
import { serialField } from '../equipment/schemas.ts';
import { idField, isoDateField, optionalText } from '../fields.ts';
import { listSchema, pageSchema } from '../list.ts';

export { OS_STATUSES, OS_TYPES, PRIORITIES };
export type OsType = (typeof OS_TYPES)[number];
export type Priority = (typeof PRIORITIES)[number];

/** Blank (`''`, null, undefined) → null; `YYYY-MM-DD` or an ISO datetime → its day. */
const lenientDay = z.preprocess((v) => {
  if (v === '' || v === null || v === undefined) return null;
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v)) return v.slice(0, 10);
  return v;
}, isoDateField.nullable()) as unknown as z.ZodType<string | null, string | null | undefined>;

/** Blank → null, else one of `values`. */
function lenientEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? null : v),
    z.enum(values).nullable(),
  ) as unknown as z.ZodType<T[number] | null, T[number] | null | undefined>;
}

/** Blank / 0 → null, else an id. */
const lenientId = z.preprocess(
  (v) => (v === '' || v === null || v === undefined || v === 0 ? null : v),
  idField.nullable(),
) as unknown as z.ZodType<number | null, number | null | undefined>;

/**
 * One equipment item of the create/update payload (seed 000 §3): the equipment by `equipmentId` or
 * by its tag serial (`equipmentSerialNumber`, the seed's field). `name` and `type` are echoed by the
 * seed's client and ignored (the name is the equipment's extra label, the type the order's);
 * `responsibleUserId` defaults to the order's responsible; `completionDate` is ignored on create
 * (a new order has nothing completed) and recomputes the status on update.
 */
export const serviceOrderItemInputSchema = z
  .object({
    /** the item's id (update; ignored: items are matched by equipment) */
    id: idField.nullish(),
    equipmentId: idField.nullish(),
    equipmentSerialNumber: serialField.nullish(),
    name: z.string().max(500).nullish(),
    type: z.string().max(60).nullish(),
    responsibleUserId: lenientId.optional(),
    completionDate: lenientDay.optional(),
  })
  .refine((i) => i.equipmentId != null || i.equipmentSerialNumber != null, {
    message: 'equipmentId ou equipmentSerialNumber',
    path: ['equipmentId'],
  });
export type ServiceOrderItemInput = z.input<typeof serviceOrderItemInputSchema>;

/** Observations grow with the negative answers that opened or joined an order. */
export const OBSERVATION_MAX = 20_000;

/** The fields the create and the update share (seed payload). */
const orderFields = {
  startDate: lenientDay.optional(),
  endDate: lenientDay.optional(),
  /** the seed sends the logged user's id: ignored, the requester is always the caller */
  requestUserId: z.unknown().optional(),
  responsibleUserId: lenientId.optional(),
  observation: optionalText(OBSERVATION_MAX).optional(),
  status: lenientEnum(OS_STATUSES).optional(),
  priority: lenientEnum(PRIORITIES).optional(),
  type: lenientEnum(OS_TYPES).optional(),
};

/**
 * POST /web/service-order/ — a new order is PENDING (a requested `status` is ignored); its company is
 * the equipment's (all of one company, in the caller's scope).
 */
export const createServiceOrderSchema = z.object({
  ...orderFields,
  equipments: z.array(serviceOrderItemInputSchema).max(1000).default([]),
});
export type CreateServiceOrderInput = z.input<typeof createServiceOrderSchema>;

/**
 * PUT /web/service-order/{id}/ — the order's fields (start, end, observation, priority, type and
 * responsible required: SERVICE_ORDER_MISSING_FIELDS), the status (refused when it contradicts the
 * derived one) and, when given, the whole equipment list with completion dates (items are matched
 * by equipment; missing ones are removed).
 */
export const updateServiceOrderSchema = z.object({
  id: idField,
  ...orderFields,
  equipments: z.array(serviceOrderItemInputSchema).max(1000).optional(),
});
export type UpdateServiceOrderInput = z.input<typeof updateServiceOrderSchema>;

/** GET /web/service-order/ sorts: the table's columns (seed 000 §2 /os). */
export const SERVICE_ORDER_SORTS = [
  'number',
  'startDate',
  'endDate',
  'requestUserName',
  'responsibleUserName',
  'status',
  'observation',
] as const;

/**
 * GET /web/service-order/ — filters: status, priority, type, responsible, company, a start-date
 * range (`dateStart`..`dateEnd`, inclusive) and `query` (number, observation, requester or
 * responsible name).
 */
export const serviceOrderListSchema = listSchema({
  sort: SERVICE_ORDER_SORTS,
  defaultSort: 'number',
  defaultDirection: 'desc',
  filters: {
    status: z.enum(OS_STATUSES).optional(),
    priority: z.enum(PRIORITIES).optional(),
    type: z.enum(OS_TYPES).optional(),
    responsibleUserId: idField.optional(),
    companyId: idField.optional(),
    dateStart: isoDateField.optional(),
    dateEnd: isoDateField.optional(),
  },
});
export type ServiceOrderListInput = z.input<typeof serviceOrderListSchema>;

/** One order as the list answers it (seed 000 §3 without the items). */
export const serviceOrderSchema = z.object({
  id: z.number().int(),
  /** sequential per company */
  number: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  requestUserId: z.number().int().nullable(),
  requestUserName: z.string().nullable(),
  responsibleUserId: z.number().int().nullable(),
  responsibleUserName: z.string().nullable(),
  priority: z.enum(PRIORITIES),
  type: z.enum(OS_TYPES),
  status: z.enum(OS_STATUSES),
  observation: z.string().nullable(),
  /** items, and items with a completion date */
  equipmentCount: z.number().int(),
  completedCount: z.number().int(),
  createdAt: z.date(),
  updateDate: z.date(),
});
export type ServiceOrder = z.infer<typeof serviceOrderSchema>;

/** One equipment item of an order (seed 000 §3 plus what the view dialog and the PDF show). */
export const serviceOrderItemSchema = z.object({
  id: z.number().int(),
  serviceOrderId: z.number().int(),
  equipmentId: z.number().int(),
  /** the tag serial */
  equipmentSerialNumber: z.string(),
  /** the equipment's extra label (the seed's `name`) */
  name: z.string().nullable(),
  extraLabel: z.string().nullable(),
  productName: z.string(),
  productSku: z.string(),
  productDescription: z.string().nullable(),
  /** the order's type */
  type: z.enum(OS_TYPES),
  responsibleUserId: z.number().int().nullable(),
  responsibleUserName: z.string().nullable(),
  completionDate: z.string().nullable(),
});
export type ServiceOrderItem = z.infer<typeof serviceOrderItemSchema>;

/** GET /web/service-order/{id}, and what create and update answer. */
export const serviceOrderDetailSchema = serviceOrderSchema.extend({
  equipments: z.array(serviceOrderItemSchema),
});
export type ServiceOrderDetail = z.infer<typeof serviceOrderDetailSchema>;

export const serviceOrderPageSchema = pageSchema(serviceOrderSchema);

/** GET /web/service-order/users — users eligible as responsible (active, of the caller's companies). */
export const serviceOrderUsersInputSchema = z.object({ companyId: idField.optional() }).default({});
export const serviceOrderUserSchema = z.object({ id: z.number().int(), name: z.string() });
export const serviceOrderUsersSchema = z.array(serviceOrderUserSchema);
export type ServiceOrderUser = z.infer<typeof serviceOrderUserSchema>;

/** GET /web/service-order/equipment/ — the create dialog's search: equipment whose tag is enabled. */
export const SERVICE_ORDER_EQUIPMENT_SORTS = [
  'tagSerialNumber',
  'extraLabel',
  'productName',
  'productSku',
] as const;
export const serviceOrderEquipmentSearchSchema = listSchema({
  sort: SERVICE_ORDER_EQUIPMENT_SORTS,
  defaultSort: 'tagSerialNumber',
  filters: { companyId: idField.optional() },
});
export type ServiceOrderEquipmentSearchInput = z.input<typeof serviceOrderEquipmentSearchSchema>;
export const serviceOrderEquipmentSchema = z.object({
  id: z.number().int(),
  tagSerialNumber: z.string(),
  extraLabel: z.string().nullable(),
  productName: z.string(),
  productSku: z.string(),
  productDescription: z.string().nullable(),
  companyId: z.number().int(),
  companyName: z.string().nullable(),
});
export type ServiceOrderEquipment = z.infer<typeof serviceOrderEquipmentSchema>;
export const serviceOrderEquipmentPageSchema = pageSchema(serviceOrderEquipmentSchema);

/** `serviceOrders.pdf`: the printable order, rendered as a job (the client follows it in /jobs). */
export const serviceOrderPdfJobSchema = z.object({ jobId: z.string() });
