/**
 * Outgoing webhooks (issue 18 item 4): endpoint management and the delivery log.
 *
 * Scope: the tenant schema is the group; a company admin reaches its own company's endpoints and
 * deliveries only (another company's answer 404, as if they did not exist); group and provider
 * admins every company of the session's group. The signing secret is answered only by create and
 * rotate — never read back.
 */
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Page } from '../../../shared/list.ts';
import {
  type createWebhookEndpointSchema,
  type updateWebhookEndpointSchema,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_EVENTS,
  type WebhookDelivery,
  type webhookDeliveryDetailSchema,
  type webhookDeliveryListSchema,
  type WebhookEndpoint,
  type webhookEndpointListSchema,
} from '../../../shared/webhooks/schemas.ts';
import { config } from '../../config.ts';
import { coreDb, tenantSchemaName } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { fetchPage, mapPage, triStateIs } from '../../kit/list.ts';
import { scopeOf } from '../../kit/scope.ts';
import { BlockedAddressError, checkEndpointTarget, UnresolvableHostError } from './address-guard.ts';
import { type Ctx, type Db, inTenantTx } from './common.ts';
import { enqueueDeliveries } from './delivery-queue.ts';
import { newSecret, sealSecret } from './secrets.ts';
import { forgetSubscriptions } from './subscriptions.ts';
import { companyNameOf } from '../../db/company-name.ts';

type EndpointListInput = z.output<typeof webhookEndpointListSchema>;
type CreateInput = z.output<typeof createWebhookEndpointSchema>;
type UpdateInput = z.output<typeof updateWebhookEndpointSchema>;
type DeliveryListInput = z.output<typeof webhookDeliveryListSchema>;
type DeliveryDetail = z.input<typeof webhookDeliveryDetailSchema>;

/** After a rotation the previous secret still signs for this long (zero-downtime rotation). */
export const PREVIOUS_SECRET_GRACE_MS = 24 * 3_600_000;

/** The company the caller is limited to (company admins), or null (the whole group). */
const scopeCompany = (ctx: Ctx) => scopeOf(ctx.auth).companyId;
const schemaOfCtx = (ctx: Ctx) => tenantSchemaName(ctx.auth.companyGroup.schema_name);
const companyName = companyNameOf(sql.ref('e.company_id'));

// ── endpoints ───────────────────────────────────────────────────────────────────────────────────

function endpointsFrom(db: Db, ctx: Ctx) {
  const company = scopeCompany(ctx);
  const base = db.selectFrom('webhook_endpoints as e');
  return company === null ? base : base.where('e.company_id', '=', company);
}

const endpointColumns = [
  'e.id',
  'e.company_id',
  'e.url',
  'e.description',
  'e.events',
  'e.enabled',
  'e.disabled_reason',
  'e.secret_rotated_at',
  'e.created_at',
  'e.updated_at',
] as const;

interface EndpointRow {
  id: number;
  company_id: number;
  company_name: string | null;
  url: string;
  description: string | null;
  events: WebhookEndpoint['events'];
  enabled: boolean;
  disabled_reason: string | null;
  secret_rotated_at: Date;
  created_at: Date;
  updated_at: Date;
}

function toEndpoint(r: EndpointRow): WebhookEndpoint {
  return {
    id: r.id,
    companyId: r.company_id,
    companyName: r.company_name,
    url: r.url,
    description: r.description,
    // Kept in the catalogue's order whatever order they were stored in.
    events: WEBHOOK_EVENTS.filter((e) => r.events.includes(e)),
    enabled: r.enabled,
    disabledReason: r.disabled_reason,
    secretRotatedAt: r.secret_rotated_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export async function listEndpoints(ctx: Ctx, input: EndpointListInput): Promise<Page<WebhookEndpoint>> {
  let base = endpointsFrom(ctx.auth.tenant, ctx).where(triStateIs(sql.ref('e.enabled'), input.enabled));
  if (input.companyId !== undefined) base = base.where('e.company_id', '=', input.companyId);
  const page = await fetchPage(base, input, {
    search: [sql.ref('e.url'), sql.ref('e.description')],
    sorts: {
      createdAt: sql.ref('e.created_at'),
      url: sql.ref('e.url'),
      companyName: sql`core.search_text(coalesce(${companyName}, ''))`,
    },
    tiebreak: sql.ref('e.id'),
    select: (q) => q.select([...endpointColumns, companyName.as('company_name')]),
  });
  return mapPage(page, toEndpoint);
}

async function loadEndpoint(ctx: Ctx, id: number, db: Db = ctx.auth.tenant): Promise<WebhookEndpoint> {
  const r = await endpointsFrom(db, ctx)
    .select([...endpointColumns, companyName.as('company_name')])
    .where('e.id', '=', id)
    .executeTakeFirst();
  if (!r) throw new AppError('WEBHOOK_ENDPOINT_NOT_FOUND');
  return toEndpoint(r);
}

export function getEndpoint(ctx: Ctx, { id }: { id: number }): Promise<WebhookEndpoint> {
  return loadEndpoint(ctx, id);
}

/**
 * The URL as stored, once it passed the configuration's checks: https (plain http only with
 * WEBHOOKS_ALLOW_HTTP), and a host that is — or resolves only to — public addresses (unless
 * WEBHOOKS_ALLOW_PRIVATE). 400 WEBHOOK_URL_NOT_HTTPS, WEBHOOK_URL_PRIVATE, WEBHOOK_URL_UNRESOLVABLE.
 */
export async function checkedUrl(raw: string): Promise<string> {
  const url = new URL(raw);
  const cfg = config();
  if (url.protocol === 'http:' && !cfg.WEBHOOKS_ALLOW_HTTP) throw new AppError('WEBHOOK_URL_NOT_HTTPS');
  try {
    await checkEndpointTarget(url, { allowPrivate: cfg.WEBHOOKS_ALLOW_PRIVATE });
  } catch (e) {
    if (e instanceof BlockedAddressError)
      throw new AppError('WEBHOOK_URL_PRIVATE', { params: { host: e.host } });
    if (e instanceof UnresolvableHostError)
      throw new AppError('WEBHOOK_URL_UNRESOLVABLE', { params: { host: e.host } });
    throw e;
  }
  return url.href;
}

/** The company of a new endpoint: a company admin's own; a company of the group named by the others. */
async function companyForNew(ctx: Ctx, companyId: number | null | undefined): Promise<number> {
  const own = scopeCompany(ctx);
  if (own !== null) {
    if (companyId != null && companyId !== own) throw new AppError('NOT_FOUND');
    return own;
  }
  if (companyId == null) throw new AppError('WEBHOOK_COMPANY_REQUIRED');
  const c = await coreDb()
    .selectFrom('companies')
    .select('id')
    .where('id', '=', companyId)
    .where('company_group_id', '=', ctx.auth.companyGroup.id)
    .executeTakeFirst();
  if (!c) throw new AppError('NOT_FOUND');
  return c.id;
}

export async function createEndpoint(
  ctx: Ctx,
  input: CreateInput,
): Promise<WebhookEndpoint & { secret: string }> {
  const companyId = await companyForNew(ctx, input.companyId);
  const url = await checkedUrl(input.url);
  const db = ctx.auth.tenant;
  const held = await db
    .selectFrom('webhook_endpoints')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  if (held.n >= WEBHOOK_ENDPOINTS_MAX)
    throw new AppError('WEBHOOK_ENDPOINTS_LIMIT', { params: { max: WEBHOOK_ENDPOINTS_MAX } });
  const secret = newSecret();
  // In the kit's transaction: its audit header names the caller (kit/audit-header.ts).
  const row = await inTenantTx(ctx, (trx) =>
    trx
      .insertInto('webhook_endpoints')
      .values({
        company_id: companyId,
        url,
        description: input.description,
        events: input.events,
        enabled: input.enabled,
        disabled_reason: null,
        secret: sealSecret(secret),
        previous_secret: null,
        previous_secret_expires_at: null,
        created_by: ctx.auth.user.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  forgetSubscriptions(schemaOfCtx(ctx));
  return { ...(await loadEndpoint(ctx, row.id)), secret };
}

export async function updateEndpoint(ctx: Ctx, input: UpdateInput): Promise<WebhookEndpoint> {
  const current = await loadEndpoint(ctx, input.id);
  const url = input.url === current.url ? current.url : await checkedUrl(input.url);
  await inTenantTx(ctx, (trx) =>
    trx
      .updateTable('webhook_endpoints')
      .set({
        url,
        description: input.description,
        events: input.events,
        enabled: input.enabled,
        // Turned on again by an admin: the platform's reason for turning it off no longer holds.
        ...(input.enabled ? { disabled_reason: null } : {}),
        updated_at: sql`now()`,
      })
      .where('id', '=', current.id)
      .execute(),
  );
  forgetSubscriptions(schemaOfCtx(ctx));
  return loadEndpoint(ctx, current.id);
}

/** Deletes an endpoint and its delivery log (queued attempts find nothing and stop). */
export async function removeEndpoint(ctx: Ctx, { id }: { id: number }): Promise<null> {
  const current = await loadEndpoint(ctx, id);
  await inTenantTx(ctx, (trx) => trx.deleteFrom('webhook_endpoints').where('id', '=', current.id).execute());
  forgetSubscriptions(schemaOfCtx(ctx));
  return null;
}

/**
 * A new secret, answered once; the previous one keeps signing (a second `v1,` signature) for
 * PREVIOUS_SECRET_GRACE_MS so the integrator can switch without losing deliveries.
 */
export async function rotateSecret(ctx: Ctx, { id }: { id: number }): Promise<{ secret: string }> {
  const current = await loadEndpoint(ctx, id);
  const secret = newSecret();
  await inTenantTx(ctx, (trx) =>
    trx
      .updateTable('webhook_endpoints')
      .set((eb) => ({
        previous_secret: eb.ref('secret'),
        previous_secret_expires_at: new Date(Date.now() + PREVIOUS_SECRET_GRACE_MS),
        secret: sealSecret(secret),
        secret_rotated_at: sql`now()`,
        updated_at: sql`now()`,
      }))
      .where('id', '=', current.id)
      .execute(),
  );
  return { secret };
}

// ── deliveries ──────────────────────────────────────────────────────────────────────────────────

function deliveriesFrom(db: Db, ctx: Ctx) {
  const company = scopeCompany(ctx);
  const base = db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id');
  return company === null ? base : base.where('d.company_id', '=', company);
}

const deliveryColumns = [
  'd.id',
  'd.endpoint_id',
  'e.url',
  'd.company_id',
  'd.message_id',
  'd.event_type',
  'd.status',
  'd.attempts',
  'd.response_status',
  'd.last_error',
  'd.next_attempt_at',
  'd.last_attempt_at',
  'd.delivered_at',
  'd.created_at',
] as const;

interface DeliveryRow {
  id: number;
  endpoint_id: number;
  url: string;
  company_id: number;
  message_id: string;
  event_type: WebhookDelivery['eventType'];
  status: WebhookDelivery['status'];
  attempts: number;
  response_status: number | null;
  last_error: string | null;
  next_attempt_at: Date | null;
  last_attempt_at: Date | null;
  delivered_at: Date | null;
  created_at: Date;
}

function toDelivery(r: DeliveryRow): WebhookDelivery {
  return {
    id: r.id,
    endpointId: r.endpoint_id,
    endpointUrl: r.url,
    companyId: r.company_id,
    messageId: r.message_id,
    eventType: r.event_type,
    status: r.status,
    attempts: r.attempts,
    responseStatus: r.response_status,
    lastError: r.last_error,
    nextAttemptAt: r.status === 'PENDING' ? r.next_attempt_at : null,
    lastAttemptAt: r.last_attempt_at,
    deliveredAt: r.delivered_at,
    createdAt: r.created_at,
  };
}

export async function listDeliveries(ctx: Ctx, input: DeliveryListInput): Promise<Page<WebhookDelivery>> {
  let base = deliveriesFrom(ctx.auth.tenant, ctx);
  if (input.endpointId !== undefined) base = base.where('d.endpoint_id', '=', input.endpointId);
  if (input.status !== undefined) base = base.where('d.status', '=', input.status);
  if (input.eventType !== undefined) base = base.where('d.event_type', '=', input.eventType);
  const page = await fetchPage(base, input, {
    search: [sql.ref('d.message_id')],
    sorts: { createdAt: sql.ref('d.created_at') },
    tiebreak: sql.ref('d.id'),
    select: (q) => q.select(deliveryColumns),
  });
  return mapPage(page, toDelivery);
}

async function loadDelivery(ctx: Ctx, id: number): Promise<DeliveryDetail> {
  const r = await deliveriesFrom(ctx.auth.tenant, ctx)
    .select([...deliveryColumns, 'd.body', 'd.response_excerpt'])
    .where('d.id', '=', id)
    .executeTakeFirst();
  if (!r) throw new AppError('WEBHOOK_DELIVERY_NOT_FOUND');
  return { ...toDelivery(r), body: r.body, responseExcerpt: r.response_excerpt };
}

export function getDelivery(ctx: Ctx, { id }: { id: number }): Promise<DeliveryDetail> {
  return loadDelivery(ctx, id);
}

/**
 * Sends a delivery again, whatever its state: a new round (its own attempts and retries) with the
 * same `webhook-id` and body, so the receiver can tell it is the same event. A round still
 * retrying is superseded (its queued attempt finds another round and stops).
 */
export async function resendDelivery(ctx: Ctx, { id }: { id: number }): Promise<WebhookDelivery> {
  const current = await loadDelivery(ctx, id);
  const row = await ctx.auth.tenant
    .updateTable('webhook_deliveries')
    .set({ status: 'PENDING', round: sql`round + 1`, next_attempt_at: sql`now()` })
    .where('id', '=', current.id)
    .returning(['id', 'round', 'company_id'])
    .executeTakeFirstOrThrow();
  await enqueueDeliveries([
    { schema: schemaOfCtx(ctx), deliveryId: row.id, round: row.round, companyId: row.company_id },
  ]);
  const { body: _b, responseExcerpt: _r, ...delivery } = await loadDelivery(ctx, id);
  return delivery as WebhookDelivery;
}
