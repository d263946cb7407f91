/**
 * Work that must wait for a transaction to commit (issue 18: webhook deliveries are written as
 * outbox rows in the transaction of the change and put on their queue only once it has committed,
 * so a worker never looks for a row that is not visible yet, and a rolled-back change sends nothing).
 *
 * `transactionWithHooks(db, fn)` runs `fn` in a transaction and, after the commit, the callbacks
 * `afterCommit(trx, cb)` registered on it; a rollback drops them. The tenant domains' `inTenantTx`
 * helpers run their transactions through it. A callback registered on a transaction that was not
 * started here is refused (`afterCommit` answers false) — the caller then relies on its own
 * fallback (the webhook outbox sweep).
 */
import type { Kysely, Transaction } from 'kysely';
import { log } from '../logger.ts';

const hooks = new WeakMap<object, (() => void)[]>();

/** Runs `fn` in one transaction on `db`, then what it registered with `afterCommit`. */
export async function transactionWithHooks<DB, T>(
  db: Kysely<DB>,
  fn: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  const pending: (() => void)[] = [];
  const result = await db.transaction().execute((trx) => {
    hooks.set(trx, pending);
    return fn(trx);
  });
  for (const cb of pending) {
    try {
      cb();
    } catch (e) {
      log.error('after-commit callback failed', { error: String(e) });
    }
  }
  return result;
}

/**
 * Registers `cb` to run once `trx` commits (synchronously, right after the commit: start async
 * work from it without awaiting). False when `trx` was not started by `transactionWithHooks`.
 */
export function afterCommit(trx: object, cb: () => void): boolean {
  const list = hooks.get(trx);
  if (!list) return false;
  list.push(cb);
  return true;
}
