/**
 * A write in few round trips (issue 32 item 1): read everything once, without a transaction, then
 * send the whole write as ONE data-modifying statement — atomic on its own, so no BEGIN/COMMIT.
 *
 *   with g as (<guard: the row read, locked, if still the version read>),
 *        hdr as (<audit header>), w0 as (<part>), w1 as (<part>), …
 *   select <schema>.write_guard(exists(select 1 from g) and <conditions>)
 *
 * The guard (tenant migration 1501) raises SQLSTATE EC409 when the row changed since the read
 * (READ COMMITTED re-checks the row's `xmin` after waiting for its lock) or when a condition the
 * plan was built on no longer holds: the statement, every part already run, rolls back and
 * `plannedWrite` tries again inside a transaction that locks the row before reading, so
 * concurrent writers of one row queue instead of retrying in a loop.
 *
 * The parts see the statement's snapshot, not each other's rows: a part that needs another's row
 * refers to it by its name (`add` answers it), which also makes Postgres run that one first. The
 * audit triggers (tenant 1121) are statement-level AFTER triggers: they run after every part and
 * find the header part's row.
 *
 * Domains above the writer contribute through the events kit (`publishPlanned`, kit/events.ts):
 * parts of the statement, conditions, and — for rare paths that need the written rows or their own
 * reads — steps run after the statement in the same transaction (`inTransaction`: the write then
 * runs as BEGIN / the statement / the steps / COMMIT). `afterCommit` callbacks run after success.
 */
import { type Expression, type RawBuilder, sql } from 'kysely';
import type { TenantContext } from '../context.ts';
import { afterCommit as afterCommitOf, transactionWithHooks } from '../db/after-commit.ts';
import { tenantSchemaName } from '../db/database.ts';
import { log } from '../logger.ts';
import { tenantAuditHeaderInsert } from './audit-header.ts';
import type { Db, Trx } from './tenant-tx.ts';

/** Something Kysely can embed in a `sql` template: a query builder or a raw expression. */
export type PlanPart = Expression<unknown> | { toOperationNode(): unknown };

/** The SQLSTATE `write_guard` raises. */
const GUARD_FAILED = 'EC409';

/** Tries of a planned write: the optimistic one, then under the lock (and one spare). */
const MAX_TRIES = 3;

/** Tries when the statement failed for a reason that passes (see `isTransientFailure`). */
const MAX_TRANSIENT_TRIES = 6;

/**
 * A failure after which the whole statement rolled back and the same write may simply run again:
 * a serialization failure or deadlock, or — on Citus, while a company group's schema moves between
 * nodes — a lost intermediate result of the distributed plan.
 */
export function isTransientFailure(e: unknown): boolean {
  if (typeof e !== 'object' || e === null) return false;
  const { code, message } = e as { code?: unknown; message?: unknown };
  if (code === '40001' || code === '40P01') return true;
  return typeof message === 'string' && message.includes('could not find the intermediate result');
}

export function isGuardFailure(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: unknown }).code === GUARD_FAILED;
}

interface Step {
  event: string | null;
  run: (trx: Trx) => Promise<unknown>;
}

/** One attempt's plan: built after its read, then executed once. */
export class WritePlan {
  /** The database the plan's reads go through (the pool, or the retry's transaction). */
  readonly db: Db;
  readonly #parts: { name: string; part: PlanPart }[] = [];
  readonly #conditions: Expression<unknown>[] = [];
  readonly #steps: Step[] = [];
  readonly #callbacks: (() => void)[] = [];
  readonly #results = new Map<string, unknown[]>();
  #guard: { select: PlanPart; lock: (trx: Trx) => Promise<void> } | null = null;
  #event: string | null = null;

  constructor(db: Db) {
    this.db = db;
  }

  /**
   * The row the write depends on: `select` locks it (`for update`) only while it is the version
   * the plan was read from; `lock` locks it unconditionally (the retry's first statement). Parts
   * refer to it as `g`.
   */
  guard(select: PlanPart, lock: (trx: Trx) => Promise<void>): void {
    this.#guard = { select, lock };
  }

  /** A data-modifying part of the statement; answers its name, for later parts to read its RETURNING. */
  add(part: PlanPart): string {
    const name = `w${this.#parts.length}`;
    this.#parts.push({ name, part });
    return name;
  }

  /** An expression that must be true when the statement runs, or the statement rolls back and the write is tried again. */
  expect(condition: Expression<unknown>): void {
    this.#conditions.push(condition);
  }

  /**
   * A step after the statement, in its transaction (rare paths: it may read the written rows).
   * What it answers (undefined left out) is among `resultsOf` the event being published.
   */
  inTransaction(run: (trx: Trx) => Promise<unknown>): void {
    this.#steps.push({ event: this.#event, run });
  }

  /** Work for after the commit (a queue's enqueue). */
  afterCommit(cb: () => void): void {
    this.#callbacks.push(cb);
  }

  get needsTransaction(): boolean {
    return this.#steps.length > 0;
  }

  /** The events kit: steps added from now on belong to `event`. */
  publishing(event: string | null): void {
    this.#event = event;
  }

  /** What the steps of `event` answered, in order (after the write). */
  resultsOf<R>(event: { name: string }): R[] {
    return (this.#results.get(event.name) ?? []) as R[];
  }

  /** The one statement (see the file's comment). */
  statement(ctx: TenantContext): RawBuilder<{ ok: boolean }> {
    if (!this.#guard) throw new Error('write plan without a guard');
    const schema = tenantSchemaName(ctx.auth.companyGroup.schema_name);
    const ctes = [
      sql`g as (${this.#guard.select})`,
      sql`hdr as (${tenantAuditHeaderInsert(ctx.auth.tenant, ctx)})`,
      ...this.#parts.map(({ name, part }) => sql`${sql.raw(name)} as (${part})`),
    ];
    const ok = sql.join([sql`exists(select 1 from g)`, ...this.#conditions], sql` and `);
    return sql<{ ok: boolean }>`with ${sql.join(ctes)} select ${sql.id(schema, 'write_guard')}(${ok}) as ok`;
  }

  /** Locks the guarded row (the retry's first statement). */
  lock(trx: Trx): Promise<void> {
    if (!this.#guard) throw new Error('write plan without a guard');
    return this.#guard.lock(trx);
  }

  /** Runs the statement on `db`, then (in a transaction) the steps, keeping their answers. */
  async execute(ctx: TenantContext, db: Db): Promise<void> {
    await this.statement(ctx).execute(db);
    for (const step of this.#steps) {
      const r = await step.run(db as Trx);
      if (r !== undefined && step.event !== null)
        this.#results.set(step.event, [...(this.#results.get(step.event) ?? []), r]);
    }
  }

  /** Hands the callbacks to the transaction (they run after its commit). */
  registerCallbacks(trx: Trx): void {
    for (const cb of this.#callbacks) afterCommitOf(trx, cb);
  }

  /** Runs the callbacks after an autocommit statement (a failing one is logged, as `transactionWithHooks` does). */
  runCallbacks(): void {
    for (const cb of this.#callbacks) {
      try {
        cb();
      } catch (e) {
        log.error('after-commit callback failed', { error: String(e) });
      }
    }
  }
}

/**
 * Runs a planned write (see the file's comment). `prepare(db)` reads through `db` and answers the
 * plan and how to answer the call once it ran. Common path: the read, then the statement in
 * autocommit — two round trips. With steps: BEGIN, the statement, the steps, COMMIT. When the
 * guard fails: BEGIN, the row locked, `prepare` again in the transaction, the statement, the
 * steps, COMMIT.
 */
export async function plannedWrite<T>(
  ctx: TenantContext,
  prepare: (db: Db) => Promise<Prepared<T>>,
): Promise<T> {
  const db = ctx.auth.tenant;
  let prepared = await prepare(db);
  let locked = false;
  for (let attempt = 1; ; attempt++) {
    try {
      if (!locked && !prepared.plan.needsTransaction) {
        await prepared.plan.execute(ctx, db);
        prepared.plan.runCallbacks();
        return prepared.answer();
      }
      const before = prepared;
      return await transactionWithHooks(db, async (trx) => {
        let p = before;
        if (locked) {
          // Changed under the read: lock the row, then read again in the transaction, so the
          // guard checks the locked row's version and concurrent writers queue on the lock.
          await before.plan.lock(trx);
          p = await prepare(trx);
          prepared = p;
        }
        await p.plan.execute(ctx, trx);
        p.plan.registerCallbacks(trx);
        return p.answer();
      });
    } catch (e) {
      const transient = isTransientFailure(e);
      if (!(isGuardFailure(e) || transient) || attempt >= (transient ? MAX_TRANSIENT_TRIES : MAX_TRIES))
        throw e;
      // A transient failure waits a little before the next try (the cluster is moving the group).
      if (transient) await new Promise((r) => setTimeout(r, 50 * attempt));
      locked = true;
    }
  }
}

/** What a planned write's `prepare` answers: the plan, and the call's answer once it ran. */
export interface Prepared<T> {
  plan: WritePlan;
  answer: () => T;
}
