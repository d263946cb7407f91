/**
 * The one tenant transaction and the types every tenant domain's services take (issue 27 item 2):
 * `Ctx` (the context of a `tenant(...)` operation), `Trx` (a transaction on the caller's schema),
 * `Db` (the schema or a transaction on it). `inTenantTx` runs through `transactionWithHooks`, so
 * `afterCommit` callbacks (webhook deliveries' enqueue) run once it commits, whatever domain opened
 * it — an in-transaction event's subscriber may register one (kit/events.ts).
 */
import type { Transaction } from 'kysely';
import type { TenantContext } from '../context.ts';
import { transactionWithHooks } from '../db/after-commit.ts';
import { writeTenantAuditHeader } from './audit-header.ts';
import type { TenantDb } from '../db/database.ts';
import type { TenantDatabase } from '../db/schema.ts';

// Who may call each operation is declared once, in the domain's operations.ts.
export type Ctx = TenantContext;
export type Trx = Transaction<TenantDatabase>;
/** The caller's tenant schema or a transaction on it. */
export type Db = TenantDb | Trx;

/**
 * Runs `fn` in one transaction on the caller's tenant schema, then its after-commit callbacks. Its
 * first statement is the audit trail's header (kit/audit-header.ts): the rows `fn` changes are
 * logged by the database's triggers under the caller's name, IP and operation.
 */
export function inTenantTx<T>(ctx: Ctx, fn: (trx: Trx) => Promise<T>): Promise<T> {
  return transactionWithHooks(ctx.auth.tenant, async (trx) => {
    await writeTenantAuditHeader(trx, ctx);
    return fn(trx);
  });
}
