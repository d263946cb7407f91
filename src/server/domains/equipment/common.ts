import type { Transaction } from 'kysely';
import type { TenantContext } from '../../context.ts';
import { transactionWithHooks } from '../../db/after-commit.ts';
import type { TenantDatabase } from '../../db/schema.ts';
import type { TenantDb } from '../../db/database.ts';

// Who may call each operation is declared once, in operations.ts.
export type Ctx = TenantContext;
export type Trx = Transaction<TenantDatabase>;
/** The caller's tenant or a transaction on it. */
export type Db = TenantDb | Trx;

/** Runs `fn` in one transaction on the caller's tenant schema. */
export function inTenantTx<T>(ctx: Ctx, fn: (trx: Trx) => Promise<T>): Promise<T> {
  return transactionWithHooks(ctx.auth.tenant, fn);
}

/** Who did it, as records keep it (the name and e-mail as they were then). */
export function actorOf(ctx: Ctx) {
  return { user_id: ctx.auth.user.id, user_name: ctx.auth.user.name, user_email: ctx.auth.user.email };
}
