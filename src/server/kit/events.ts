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
 * (the kit's `inTenantTx` runs the callbacks). A write built as one statement (kit/write-plan.ts)
 * publishes with `publishPlanned` instead: see `PlannedHandler`.
 */
import { type AliasedRawBuilder, type Expression, type SqlBool, sql } from 'kysely';
import type { WritePlan } from './write-plan.ts';

/**
 * An event: its name, and (types only) its payload `P`, its handlers' answer `R`, the transaction
 * `T` and context `C` it is published with, and `Q`, what a planned publisher's read gives the
 * subscribers' probes (below).
 */
export interface DomainEvent<P, R = void, T = unknown, C = unknown, Q = never> {
  readonly name: string;
  /** Types only (never set): keeps P, R, T, C and Q apart. */
  readonly types?: { payload: P; result: R; trx: T; ctx: C; probe: Q };
}

export type EventHandler<P, R, T, C> = (trx: T, ctx: C, payload: P) => Promise<R | undefined>;

/**
 * How a subscriber takes part in a planned write (issue 32 item 1, kit/write-plan.ts) instead of
 * running statements in the publisher's transaction: `probe` (optional) is a boolean SQL
 * expression the publisher's one read selects — "is there anything for me to do?" (a waiting
 * order item, an open visit today) — over what the publisher gives (`Q`); `plan` then adds to the
 * write: parts of its statement, or, for the rare paths, steps in its transaction
 * (`plan.inTransaction`, which may reuse the handler's own functions). When the probe was false
 * the kit also asks the statement to re-check it (`plan.expect(not …)`), so something that
 * appeared between the read and the write makes the write try again with the probe true.
 * A step's answer is the subscriber's answer to the event (`R`).
 */
export interface PlannedHandler<P, C, Q> {
  probe?: (q: Q) => Expression<SqlBool>;
  plan: (plan: WritePlan, ctx: C, payload: P, probed: boolean) => Promise<void> | void;
}

/** One subscription, as a domain declares it in its `subscribes` list. */
export interface Subscription {
  readonly event: DomainEvent<unknown, unknown, unknown, unknown, unknown>;
  readonly handler: EventHandler<unknown, unknown, unknown, unknown>;
  readonly planned?: PlannedHandler<unknown, unknown, unknown>;
}

const declared = new Set<string>();

/**
 * Declares an event (once per name). `T` and `C` default to the tenant transaction and context
 * (`kit/tenant-tx.ts`) at the call site: `defineEvent<Payload, Result, Trx, Ctx>('x.y')`.
 */
export function defineEvent<P, R = void, T = unknown, C = unknown, Q = never>(
  name: string,
): DomainEvent<P, R, T, C, Q> {
  if (declared.has(name)) throw new Error(`domain event ${name} declared twice`);
  declared.add(name);
  return { name };
}

/**
 * A subscription to `event`: what a subscriber's `domain.ts` lists under `subscribes`. `planned`
 * is how it takes part when the event is published into a write plan (`publishPlanned`); without
 * it the kit runs `handler` as a step of the plan's transaction.
 */
export function on<P, R, T, C, Q>(
  event: DomainEvent<P, R, T, C, Q>,
  handler: EventHandler<P, R, T, C>,
  planned?: PlannedHandler<P, C, Q>,
): Subscription {
  return { event, handler, planned } as unknown as Subscription;
}

let subscribers: Map<string, Subscription[]> | null = null;

/**
 * Called once by the registry with the domains in their registration order. A second call
 * replaces the table (the same registry loaded again gives the same one).
 */
export function registerSubscriptions(
  domains: Record<string, { subscribes?: readonly Subscription[] }>,
): void {
  const table = new Map<string, Subscription[]>();
  for (const d of Object.values(domains))
    for (const s of d.subscribes ?? []) {
      const list = table.get(s.event.name) ?? [];
      list.push(s);
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
export async function publish<P, R, T, C, Q>(
  trx: T,
  ctx: C,
  event: DomainEvent<P, R, T, C, Q>,
  payload: P,
): Promise<R[]> {
  const results: R[] = [];
  for (const { handler } of handlersOf(event)) {
    const r = await handler(trx, ctx, payload);
    if (r !== undefined) results.push(r as R);
  }
  return results;
}

function handlersOf(event: { name: string }): Subscription[] {
  if (!subscribers)
    throw new Error(
      `domain event ${event.name} published before src/server/domains.ts registered the subscriptions`,
    );
  return subscribers.get(event.name) ?? [];
}

/** The answers of a planned publication's probes, one per subscription (undefined: it has none). */
export type ProbeAnswers = readonly (boolean | undefined)[];

/**
 * The probes of `event`'s subscribers as columns for the publisher's read (`probe_0`, …; only the
 * subscriptions that declare one), and how to take their answers out of the row it read.
 */
export function eventProbes<P, R, T, C, Q>(
  event: DomainEvent<P, R, T, C, Q>,
  q: Q,
): {
  columns: AliasedRawBuilder<SqlBool, string>[];
  answers: (row: Record<string, unknown>) => ProbeAnswers;
} {
  const subs = handlersOf(event);
  const alias = (i: number) => `probe_${event.name.replace(/\W/g, '_')}_${i}`;
  const columns = subs.flatMap((s, i) =>
    s.planned?.probe ? [sql<SqlBool>`${s.planned.probe(q)}`.as(alias(i))] : [],
  );
  return {
    columns,
    answers: (row) => subs.map((s, i) => (s.planned?.probe ? Boolean(row[alias(i)]) : undefined)),
  };
}

/**
 * Publishes `event` into a write plan (kit/write-plan.ts): each subscriber's `planned.plan` with
 * its probe's answer from the read (`probes`, from `eventProbes`); a false probe is re-checked by
 * the statement over `q` (the write's values). A subscriber without `planned` runs its handler as
 * a step in the write's transaction. The subscribers' answers are `plan.resultsOf(event)` after
 * the write.
 */
export async function publishPlanned<P, R, T, C, Q>(
  plan: WritePlan,
  ctx: C,
  event: DomainEvent<P, R, T, C, Q>,
  payload: P,
  probes: { answers: ProbeAnswers; q: Q } | null = null,
): Promise<void> {
  const subs = handlersOf(event);
  for (const [i, s] of subs.entries()) {
    plan.publishing(event.name);
    const probe = s.planned?.probe;
    const probed = probe ? (probes?.answers[i] ?? true) : true;
    if (probe && !probed && probes) plan.expect(sql<SqlBool>`not ${probe(probes.q)}`);
    if (s.planned) await s.planned.plan(plan, ctx, payload, probed);
    else plan.inTransaction((trx) => s.handler(trx, ctx, payload));
  }
  plan.publishing(null);
}
