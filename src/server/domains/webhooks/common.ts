import type { Db } from '../../kit/tenant-tx.ts';

// The kit's tenant types.
export { type Ctx, type Db, inTenantTx, type Trx } from '../../kit/tenant-tx.ts';

const QUALIFIED = /"(cg_[a-z][a-z0-9_]*)"\."webhook_endpoints"/;

/**
 * The tenant schema a tenant Kysely (or a transaction on one) works in: its compiler qualifies
 * every table (db/tenant-compiler.ts), so a statement it compiles names it.
 */
export function schemaOf(db: Db): string {
  const { sql } = db.selectFrom('webhook_endpoints').select('id').compile();
  const m = QUALIFIED.exec(sql);
  if (!m) throw new Error('webhooks: not a tenant database');
  return m[1]!;
}
