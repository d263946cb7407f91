/**
 * Outgoing webhooks (issue 18 items 4–5), declared once: endpoint management and the delivery log
 * for the admin roles (company admins: their own company's; group and provider admins: the
 * session's group). Operators are refused (403). The signing secret is answered by create and
 * rotate only.
 */
import { z } from 'zod';
import { byId } from '../../../shared/fields.ts';
import { ADMIN_ROLES } from '../../../shared/roles.ts';
import {
  createdWebhookEndpointSchema,
  createWebhookEndpointSchema,
  updateWebhookEndpointSchema,
  WEBHOOK_EVENTS,
  webhookDeliveryDetailSchema,
  webhookDeliveryListSchema,
  webhookDeliveryPageSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookEndpointPageSchema,
  webhookEndpointSchema,
  webhookSecretSchema,
} from '../../../shared/webhooks/schemas.ts';
import { mutation, query, tenant } from '../../kit/operation.ts';
import * as s from './service.ts';

const admin = tenant(ADMIN_ROLES);

export const webhooksOperations = {
  events: query({
    access: admin,
    summary: 'The event types an endpoint may subscribe to.',
    output: z.array(z.enum(WEBHOOK_EVENTS)),
    rest: { method: 'get', path: '/web/webhooks/events/' },
    handler: () => [...WEBHOOK_EVENTS],
  }),
  endpoints: {
    list: query({
      access: admin,
      summary:
        'Webhook endpoints, paged (filters enabled, companyId; query matches URL and description); newest first by default.',
      input: webhookEndpointListSchema,
      output: webhookEndpointPageSchema,
      rest: { method: 'get', path: '/web/webhooks/endpoints/' },
      handler: (ctx, input) => s.listEndpoints(ctx, input),
    }),
    get: query({
      access: admin,
      summary: 'One webhook endpoint (404 WEBHOOK_ENDPOINT_NOT_FOUND outside the caller’s scope).',
      input: byId,
      output: webhookEndpointSchema,
      rest: { method: 'get', path: '/web/webhooks/endpoints/:id/' },
      handler: (ctx, input) => s.getEndpoint(ctx, input),
    }),
    create: mutation({
      access: admin,
      summary:
        'Registers an endpoint (URL, events, enabled; `companyId` for group and provider admins) and answers it with its signing secret `whsec_…` — shown this once. 400 WEBHOOK_URL_INVALID, WEBHOOK_URL_NOT_HTTPS, WEBHOOK_URL_PRIVATE, WEBHOOK_URL_UNRESOLVABLE, WEBHOOK_COMPANY_REQUIRED; 409 WEBHOOK_ENDPOINTS_LIMIT.',
      input: createWebhookEndpointSchema,
      output: createdWebhookEndpointSchema,
      credential: true,
      rest: { method: 'post', path: '/web/webhooks/endpoints/', status: 201 },
      handler: (ctx, input) => s.createEndpoint(ctx, input),
    }),
    update: mutation({
      access: admin,
      summary:
        'Edits an endpoint: URL (checked again when it changes), description, events, enabled (turning it on clears a 410 Gone shutdown).',
      input: updateWebhookEndpointSchema,
      output: webhookEndpointSchema,
      rest: { method: 'put', path: '/web/webhooks/endpoints/:id/' },
      handler: (ctx, input) => s.updateEndpoint(ctx, input),
    }),
    remove: mutation({
      access: admin,
      summary: 'Deletes an endpoint and its delivery log.',
      input: byId,
      output: z.null(),
      rest: { method: 'delete', path: '/web/webhooks/endpoints/:id/' },
      handler: (ctx, input) => s.removeEndpoint(ctx, input),
    }),
    rotateSecret: mutation({
      access: admin,
      summary:
        'Replaces the signing secret and answers the new one (shown this once); for 24 hours deliveries carry a signature with the previous secret as well.',
      input: byId,
      output: webhookSecretSchema,
      credential: true,
      rest: { method: 'post', path: '/web/webhooks/endpoints/:id/rotate-secret' },
      handler: (ctx, input) => s.rotateSecret(ctx, input),
    }),
  },
  deliveries: {
    list: query({
      access: admin,
      summary:
        'The delivery log, newest first (filters endpointId, status PENDING/SUCCEEDED/FAILED, eventType; query matches the webhook-id): status, attempts, last response code and error, next attempt.',
      input: webhookDeliveryListSchema,
      output: webhookDeliveryPageSchema,
      rest: { method: 'get', path: '/web/webhooks/deliveries/' },
      handler: (ctx, input) => s.listDeliveries(ctx, input),
    }),
    get: query({
      access: admin,
      summary: 'One delivery with the body sent and the start of the last answer.',
      input: byId,
      output: webhookDeliveryDetailSchema,
      rest: { method: 'get', path: '/web/webhooks/deliveries/:id/' },
      handler: (ctx, input) => s.getDelivery(ctx, input),
    }),
    resend: mutation({
      access: admin,
      summary:
        'Sends a delivery again (same webhook-id and body, a new round of attempts), whatever its state.',
      input: byId,
      output: webhookDeliverySchema,
      rest: { method: 'post', path: '/web/webhooks/deliveries/:id/resend' },
      handler: (ctx, input) => s.resendDelivery(ctx, input),
    }),
  },
};
