/**
 * Service orders (seed 000 §2 /os and /create-os, §7; issue 14), declared once. Every call is for
 * the admin roles (seed 000 §6: operators cannot create OS, and /os is not among their routes);
 * company admins reach their own company's orders, group admins their group's, the provider admin
 * the session's group. Static paths (`users`, `equipment/`) are declared before `/:id`.
 */
import type { Context } from 'hono';
import { byId } from '../../../shared/fields.ts';
import { ADMIN_ROLES } from '../../../shared/roles.ts';
import {
  createServiceOrderSchema,
  serviceOrderDetailSchema,
  serviceOrderEquipmentPageSchema,
  serviceOrderEquipmentSearchSchema,
  serviceOrderListSchema,
  serviceOrderPageSchema,
  serviceOrderPdfJobSchema,
  serviceOrderUsersInputSchema,
  serviceOrderUsersSchema,
  updateServiceOrderSchema,
} from '../../../shared/service-orders/schemas.ts';
import type { TenantContext } from '../../context.ts';
import { assertNoNul, mutation, query, tenant } from '../../kit/operation.ts';
import { coerceRecord, objectShape } from '../../kit/schema-shape.ts';
import type { AppEnv } from '../../rest.ts';
import { JOB_DOWNLOAD_DOCS, jobDownload } from '../jobs/index.ts';
import * as s from './service.ts';

const admin = tenant(ADMIN_ROLES);

/** The path's id as `byId` reads it (400 VALIDATION_FAILED with issues when it is not one). */
function pathId(c: Context<AppEnv>) {
  const raw = coerceRecord(objectShape(byId), { id: c.req.param('id') ?? '' });
  assertNoNul(raw);
  return byId.parse(raw);
}

export const serviceOrdersOperations = {
  list: query({
    access: admin,
    summary:
      'Service orders, paged: filters status, priority, type, responsible, company, start-date range (dateStart..dateEnd) and query (number, observation, requester or responsible name); sorts by the table’s columns. 400 REPORT_DATE_RANGE_INVALID when dateStart is after dateEnd.',
    input: serviceOrderListSchema,
    output: serviceOrderPageSchema,
    rest: { method: 'get', path: '/web/service-order/' },
    handler: (ctx, input) => s.listServiceOrders(ctx, input),
  }),
  users: query({
    access: admin,
    summary:
      'Users eligible as an order’s responsible: the active users of the caller’s company (a group admin: of its group’s companies, or of `companyId`).',
    input: serviceOrderUsersInputSchema,
    output: serviceOrderUsersSchema,
    rest: { method: 'get', path: '/web/service-order/users' },
    handler: (ctx, input) => s.serviceOrderUsers(ctx, input),
  }),
  equipmentSearch: query({
    access: admin,
    summary:
      'The create dialog’s equipment search, paged: equipment in the caller’s scope whose tag is enabled (tag serial, extra label, product name, SKU, description); query matches them.',
    input: serviceOrderEquipmentSearchSchema,
    output: serviceOrderEquipmentPageSchema,
    rest: { method: 'get', path: '/web/service-order/equipment/' },
    handler: (ctx, input) => s.searchServiceOrderEquipment(ctx, input),
  }),
  get: query({
    access: admin,
    summary: 'One service order with its equipment items (404 outside the caller’s scope).',
    input: byId,
    output: serviceOrderDetailSchema,
    rest: { method: 'get', path: '/web/service-order/:id' },
    handler: (ctx, input) => s.getServiceOrder(ctx, input),
  }),
  create: mutation({
    access: admin,
    summary:
      'Creates a PENDING service order numbered in its company’s sequence; the company is the equipment’s. Checked in order: 400 SERVICE_ORDER_START_DATE_PAST, SERVICE_ORDER_NO_EQUIPMENT, SERVICE_ORDER_MISSING_FIELDS; then SERVICE_ORDER_DATE_RANGE, SERVICE_ORDER_EQUIPMENT_NOT_FOUND (404), SERVICE_ORDER_EQUIPMENT_TAG_DISABLED, SERVICE_ORDER_EQUIPMENT_OTHER_COMPANY, SERVICE_ORDER_EQUIPMENT_REPEATED, SERVICE_ORDER_RESPONSIBLE_INVALID.',
    input: createServiceOrderSchema,
    output: serviceOrderDetailSchema,
    rest: { method: 'post', path: '/web/service-order/', status: 201 },
    handler: (ctx, input) => s.createServiceOrder(ctx, input),
  }),
  update: mutation({
    access: admin,
    summary:
      'Updates a service order: its fields, its items’ completion dates (the status is derived again) and a requested status, refused when it contradicts the derived one (400 SERVICE_ORDER_STATUS_BLOCKED_<derived>).',
    input: updateServiceOrderSchema,
    output: serviceOrderDetailSchema,
    rest: { method: 'put', path: '/web/service-order/:id/' },
    handler: (ctx, input) => s.updateServiceOrder(ctx, input),
  }),
  pdf: mutation({
    access: admin,
    summary:
      'Renders the printable order (PDF with a QR per equipment) as a job; answers the job id (404 outside the caller’s scope).',
    input: byId,
    output: serviceOrderPdfJobSchema,
    rest: {
      method: 'get',
      path: '/web/service-order/:id/pdf',
      summary: 'Downloads the printable order as PDF (Prefer: respond-async → 202 + Location).',
      raw: jobDownload((c, ctx: TenantContext) => s.requestServiceOrderPdf(ctx, pathId(c))),
      ...JOB_DOWNLOAD_DOCS,
      produces: 'application/pdf',
    },
    handler: (ctx, input) => s.requestServiceOrderPdf(ctx, input),
  }),
};
