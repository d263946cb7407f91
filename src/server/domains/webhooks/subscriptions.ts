/**
 * Which companies of a tenant subscribe to which events, for `emitWebhookEvent` on the write paths
 * (the inspection POST is the hottest): one read of the schema's enabled endpoints, kept per
 * process for WEBHOOKS_ENDPOINT_CACHE_MS and dropped within milliseconds of any change to the
 * schema's endpoints by the `webhook_endpoints_changed` NOTIFY (core migration 0901), and at once
 * by this process's own endpoint writes (`forgetSubscriptions`). A tenant without endpoints costs
 * its writes nothing after the first read. Cache off (0) or LISTEN lost: one indexed read per event.
 */
import type { WebhookEventType } from '../../../shared/webhooks/schemas.ts';
import { config } from '../../config.ts';
import { notifiedCache } from '../../db/notified-cache.ts';
import type { Db } from './common.ts';

export const ENDPOINTS_CHANNEL = 'webhook_endpoints_changed';

interface Subscription {
  endpointId: number;
  events: readonly WebhookEventType[];
}
type Subscriptions = ReadonlyMap<number, readonly Subscription[]>;

const cache = notifiedCache<Subscriptions>({
  channel: ENDPOINTS_CHANNEL,
  ttlMs: () => config().WEBHOOKS_ENDPOINT_CACHE_MS,
  maxEntries: 10_000,
  // The payload is the changed table's schema.
  tagOf: (schema) => schema || undefined,
});

async function load(db: Db): Promise<Subscriptions> {
  const rows = await db
    .selectFrom('webhook_endpoints')
    .select(['id', 'company_id', 'events'])
    .where('enabled', '=', true)
    .execute();
  const out = new Map<number, Subscription[]>();
  for (const r of rows) {
    const list = out.get(r.company_id) ?? [];
    list.push({ endpointId: r.id, events: r.events });
    out.set(r.company_id, list);
  }
  return out;
}

/** The enabled endpoints of `companyId` (in `schema`, read through `db`) subscribed to `type`. */
export async function subscribedEndpoints(
  db: Db,
  schema: string,
  companyId: number,
  type: WebhookEventType,
): Promise<number[]> {
  const subs = await cache.get(schema, () => load(db), { tags: () => new Set([schema]) });
  return (subs.get(companyId) ?? []).filter((s) => s.events.includes(type)).map((s) => s.endpointId);
}

/** Drops what this process holds for `schema` (after its own endpoint writes). */
export function forgetSubscriptions(schema: string): void {
  cache.forget(schema);
}

/** Resolves once every endpoint change committed before the call has reached this process. */
export function subscriptionsSettled(): Promise<void> {
  return cache.settled();
}
