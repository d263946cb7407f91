/**
 * In-transaction domain events (issue 27 item 2). A write's side effects in another domain (an
 * inspection opening a service order, a webhook delivery, a trial plan at sign-up) are not calls
 * from the writer: the PUBLISHING domain declares the event in its public file (`index.ts`):
 *
 *   export const equipmentInspected = defineEvent<InspectedPayload, { serviceOrderNumber: number }>('equipment.inspected');
 *
 * and publishes it inside its transaction: `const results = await publish(trx, ctx, equipmentInspected, payload)`.
 * A SUBSCRIBING domain — at a higher level of `domain-order.ts`, so the writer never imports it —
 * declares `subscribes: [on(equipmentInspected, handler)]` in its `domain.ts`; the registry
 * (`src/server/domains.ts`) hands every domain's subscriptions to `registerSubscriptions` once.
 *
 * Handlers `(trx, ctx, payload)` run in the publisher's transaction, one after the other, in the
 * registry's order of domains, then in each domain's order of declaration. An error rolls the
 * whole write back, as the inline calls did. A handler may answer a value (`R`): `publish` answers
 * the values the handlers gave (undefined left out), in that order — how an inspection learns the
 * number of the order it opened. Work that must wait for the commit registers `afterCommit(trx, …)`
 * (the kit's `inTenantTx` runs the callbacks).
 */

/** An event: its name, and (types only) its payload `P`, its handlers' answer `R`, the transaction `T` and context `C` it is published with. */
export interface DomainEvent<P, R = void, T = unknown, C = unknown> {
  readonly name: string;
  /** Types only (never set): keeps P, R, T and C apart. */
  readonly types?: { payload: P; result: R; trx: T; ctx: C };
}

export type EventHandler<P, R, T, C> = (trx: T, ctx: C, payload: P) => Promise<R | undefined>;

/** One subscription, as a domain declares it in its `subscribes` list. */
export interface Subscription {
  readonly event: DomainEvent<unknown, unknown, unknown, unknown>;
  readonly handler: EventHandler<unknown, unknown, unknown, unknown>;
}

const declared = new Set<string>();

/**
 * Declares an event (once per name). `T` and `C` default to the tenant transaction and context
 * (`kit/tenant-tx.ts`) at the call site: `defineEvent<Payload, Result, Trx, Ctx>('x.y')`.
 */
export function defineEvent<P, R = void, T = unknown, C = unknown>(name: string): DomainEvent<P, R, T, C> {
  if (declared.has(name)) throw new Error(`domain event ${name} declared twice`);
  declared.add(name);
  return { name };
}

/** A subscription to `event`: what a subscriber's `domain.ts` lists under `subscribes`. */
export function on<P, R, T, C>(
  event: DomainEvent<P, R, T, C>,
  handler: EventHandler<P, R, T, C>,
): Subscription {
  return { event, handler } as unknown as Subscription;
}

let subscribers: Map<string, Subscription['handler'][]> | null = null;

/**
 * Called once by the registry with the domains in their registration order. A second call
 * replaces the table (the same registry loaded again gives the same one).
 */
export function registerSubscriptions(
  domains: Record<string, { subscribes?: readonly Subscription[] }>,
): void {
  const table = new Map<string, Subscription['handler'][]>();
  for (const d of Object.values(domains))
    for (const s of d.subscribes ?? []) {
      const list = table.get(s.event.name) ?? [];
      list.push(s.handler);
      table.set(s.event.name, list);
    }
  subscribers = table;
}

/** The names of the events someone subscribes to, with how many handlers (for tests and docs). */
export function subscriptionCounts(): Record<string, number> {
  return Object.fromEntries([...(subscribers ?? new Map()).entries()].map(([k, v]) => [k, v.length]));
}

/**
 * Runs `event`'s handlers in `trx` (see above) and answers what they answered. Refuses to run
 * before the registry has registered the subscriptions: a write must never skip its side effects
 * silently because a process (a script, a test) did not load `src/server/domains.ts`.
 */
export async function publish<P, R, T, C>(
  trx: T,
  ctx: C,
  event: DomainEvent<P, R, T, C>,
  payload: P,
): Promise<R[]> {
  if (!subscribers)
    throw new Error(
      `domain event ${event.name} published before src/server/domains.ts registered the subscriptions`,
    );
  const results: R[] = [];
  for (const handler of subscribers.get(event.name) ?? []) {
    const r = await handler(trx, ctx, payload);
    if (r !== undefined) results.push(r as R);
  }
  return results;
}
