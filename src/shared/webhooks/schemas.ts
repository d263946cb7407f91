/**
 * Outgoing webhooks for integrators (issue 18 item 4): the events a company's endpoints may
 * subscribe to, the endpoint management inputs and answers, and the delivery log. Deliveries follow
 * the Standard Webhooks convention (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64
 * HMAC-SHA256 of "id.timestamp.body">`, secrets `whsec_<base64>`); the body is
 * `{ type, timestamp, data }` (`WebhookPayload`).
 */
import { z } from 'zod';
import { FIELD_MESSAGES } from '../field-messages.ts';
import { idField, optionalText } from '../fields.ts';
import { listSchema, pageSchema, triStateFilter } from '../list.ts';

/** Every event an endpoint may subscribe to, in the order the settings list them. */
export const WEBHOOK_EVENTS = [
  'equipment.registered',
  'inspection.created',
  'maintenance.created',
  'equipment.status_changed',
  'service_order.changed',
  'tag.replaced',
  'equipment.cycle_due',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_DELIVERY_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** Endpoints one company may register. */
export const WEBHOOK_ENDPOINTS_MAX = 20;
export const WEBHOOK_URL_MAX = 2000;

/** The body of every delivery (Standard Webhooks' recommended shape). */
export interface WebhookPayload<D extends Record<string, unknown> = Record<string, unknown>> {
  type: WebhookEventType;
  /** when the event happened (ISO 8601) */
  timestamp: string;
  data: D;
}

/**
 * An absolute http(s) URL without credentials or fragment. Whether plain http and private
 * addresses are accepted is the server's configuration (WEBHOOKS_ALLOW_HTTP, WEBHOOKS_ALLOW_PRIVATE),
 * checked by the service with codes of their own.
 */
export const webhookUrlField = z
  .string()
  .trim()
  .min(1)
  .max(WEBHOOK_URL_MAX)
  .superRefine((v, ctx) => {
    if (!isWebhookUrl(v))
      ctx.addIssue({
        code: 'custom',
        message: FIELD_MESSAGES.VALUE_INVALID,
        params: { code: 'WEBHOOK_URL_INVALID' },
      });
  });

/** True for an absolute http(s) URL with a host, no user info and no fragment. */
export function isWebhookUrl(v: string): boolean {
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    return false;
  }
  return (
    (u.protocol === 'https:' || u.protocol === 'http:') &&
    u.hostname !== '' &&
    u.username === '' &&
    u.password === '' &&
    !v.includes('#')
  );
}

/** Events of an endpoint: at least one, each once (kept in WEBHOOK_EVENTS order). */
export const webhookEventsField = z
  .array(z.enum(WEBHOOK_EVENTS))
  .min(1)
  .max(WEBHOOK_EVENTS.length * 2)
  .transform((list) => WEBHOOK_EVENTS.filter((e) => list.includes(e)));

/** What an admin types for an endpoint. */
export const webhookEndpointFieldsSchema = z.object({
  url: webhookUrlField,
  description: optionalText(200),
  events: webhookEventsField,
  enabled: z.boolean().default(true),
});

/**
 * POST /web/webhooks/endpoints/: a company admin's endpoint is its own company's; a group or
 * provider admin names the company (a company of the session's group).
 */
export const createWebhookEndpointSchema = webhookEndpointFieldsSchema.extend({
  companyId: idField.nullish(),
});

export const updateWebhookEndpointSchema = webhookEndpointFieldsSchema.extend({ id: idField });

export const webhookEndpointListSchema = listSchema({
  sort: ['createdAt', 'url', 'companyName'],
  defaultSort: 'createdAt',
  defaultDirection: 'desc',
  filters: { enabled: triStateFilter(), companyId: idField.optional() },
});

export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string().nullable(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  /** why the platform turned it off (the receiver answered 410 Gone), null otherwise */
  disabledReason: z.string().nullable(),
  secretRotatedAt: z.date(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
export const webhookEndpointPageSchema = pageSchema(webhookEndpointSchema);

/** The signing secret, shown once: at creation and at each rotation. */
export const webhookSecretSchema = z.object({ secret: z.string() });
export const createdWebhookEndpointSchema = webhookEndpointSchema.extend({ secret: z.string() });

export const webhookDeliveryListSchema = listSchema({
  sort: ['createdAt'],
  defaultSort: 'createdAt',
  defaultDirection: 'desc',
  filters: {
    endpointId: idField.optional(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
    eventType: z.enum(WEBHOOK_EVENTS).optional(),
  },
});

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  endpointId: z.number().int(),
  endpointUrl: z.string(),
  companyId: z.number().int(),
  /** the `webhook-id` header: the same for every attempt and every endpoint of one event */
  messageId: z.string(),
  eventType: z.enum(WEBHOOK_EVENTS),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** HTTP status of the last attempt (null: no answer — refused, timed out, unreachable) */
  responseStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.date().nullable(),
  lastAttemptAt: z.date().nullable(),
  deliveredAt: z.date().nullable(),
  createdAt: z.date(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryPageSchema = pageSchema(webhookDeliverySchema);

/** One delivery with what was sent and the start of what came back. */
export const webhookDeliveryDetailSchema = webhookDeliverySchema.extend({
  body: z.string(),
  responseExcerpt: z.string().nullable(),
});

// ── event payloads (the `data` of each event type) ─────────────────────────────────────────────

type EquipmentStatus = 'NA' | 'VALID' | 'IMPROPER' | 'EXPIRED';

/** What each event's `data` carries: ids and the main fields, nothing the tenant does not own. */
export interface WebhookEventData {
  'equipment.registered': {
    equipmentId: number;
    companyId: number;
    tagSerialNumber: string;
    productId: number;
    productName: string;
    productSku: string;
    extraLabel: string | null;
    extraCode: string | null;
    dueDate: string | null;
  };
  'inspection.created': {
    inspectionId: number;
    equipmentId: number;
    companyId: number;
    tagSerialNumber: string;
    productId: number;
    /** when it was performed (a record made offline arrives later: `receivedAt`) */
    performedAt: string;
    receivedAt: string;
    improper: boolean;
    identifiedBy: string | null;
    userId: number;
  };
  'maintenance.created': {
    maintenanceId: number;
    equipmentId: number;
    companyId: number;
    tagSerialNumber: string;
    productId: number;
    performedAt: string;
    receivedAt: string;
    parts: { partId: number | null; part: string; quantity: number; unit: string }[];
    userId: number;
  };
  'equipment.status_changed': {
    equipmentId: number;
    companyId: number;
    tagSerialNumber: string;
    status: EquipmentStatus;
    previousStatus: EquipmentStatus;
    nextInspectionDate: string | null;
    dueDate: string | null;
    /** the write that changed it */
    cause: 'inspection' | 'update';
  };
  'service_order.changed': {
    serviceOrderId: number;
    companyId: number;
    number: number;
    type: string;
    priority: string;
    status: string;
    /** null when the order was just created */
    previousStatus: string | null;
    itemsCount: number;
    completedCount: number;
    startDate: string;
    endDate: string | null;
  };
  'tag.replaced': {
    equipmentId: number;
    companyId: number;
    tagSerialNumber: string;
    oldTagSerialNumber: string;
  };
  /**
   * A maintenance cycle entered its warning window (EXPIRING) or expired (EXPIRED): published once
   * per (equipment, cycle, due date, status) by the daily sweep (issue 30 item 2).
   */
  'equipment.cycle_due': {
    equipment: { id: number; tagSerialNumber: string; companyId: number };
    cycle: {
      code: string;
      name: string;
      norm: string | null;
      dueDate: string;
      status: 'EXPIRING' | 'EXPIRED';
    };
  };
}
