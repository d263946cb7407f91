import type { Ctx } from '../../kit/tenant-tx.ts';

// The kit's one tenant transaction (with its after-commit callbacks) and types.
export { type Ctx, type Db, inTenantTx, type Trx } from '../../kit/tenant-tx.ts';

/** Who did it, as records keep it (the name and e-mail as they were then). */
export function actorOf(ctx: Ctx) {
  return { user_id: ctx.auth.user.id, user_name: ctx.auth.user.name, user_email: ctx.auth.user.email };
}
