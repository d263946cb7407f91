import { describe, expect, it } from 'vitest';
import { domains } from '../../src/server/domains.ts';
import { subscriptionCounts } from '../../src/server/kit/events.ts';

/**
 * The registry's in-transaction events (kit/events.ts): who reacts to what, in which order (the
 * registry's: service orders before webhooks, so an inspection's order is opened — and its
 * `service_order.changed` recorded — before `inspection.created`, as when the calls were inline).
 */
describe("the registry's domain events", () => {
  it('lists every subscription, in order', () => {
    const table = Object.entries(domains).flatMap(([name, d]) =>
      ('subscribes' in d ? (d.subscribes ?? []) : []).map((s) => `${s.event.name} → ${name}`),
    );
    expect(table).toEqual([
      'catalogue.product_updated → equipment',
      'catalogue.cycles_changed → equipment',
      'tag.replaced → equipment',
      'equipment.records_listed → photos',
      'equipment.records_listed → seals',
      'equipment.inspected → serviceOrders',
      'equipment.maintained → serviceOrders',
      'equipment.inspected → visits',
      'equipment.maintained → visits',
      'equipment.registered → webhooks',
      'equipment.inspected → webhooks',
      'equipment.maintained → webhooks',
      'equipment.status_changed → webhooks',
      'service_order.changed → webhooks',
      'tag.replaced → webhooks',
      'account.environment_activated → billing',
    ]);
    expect(subscriptionCounts()['equipment.inspected']).toBe(3);
  });
});
