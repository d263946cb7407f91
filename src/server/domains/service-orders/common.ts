import type { Transaction } from 'kysely';
import type { TenantContext } from '../../context.ts';
import { transactionWithHooks } from '../../db/after-commit.ts';
import type { TenantDb } from '../../db/database.ts';
import type { TenantDatabase } from '../../db/schema.ts';

// Who may call each operation is declared once, in operations.ts.
export type Ctx = TenantContext;
export type Trx = Transaction<TenantDatabase>;
/** A tenant schema or a transaction on it. */
export type Db = TenantDb | Trx;

/** Runs `fn` in one transaction on the caller's tenant schema. */
export function inTenantTx<T>(ctx: Ctx, fn: (trx: Trx) => Promise<T>): Promise<T> {
  return transactionWithHooks(ctx.auth.tenant, fn);
}
