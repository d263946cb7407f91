import type { Transaction } from 'kysely';
import type { TenantContext } from '../../context.ts';
import type { TenantDb } from '../../db/database.ts';
import type { TenantDatabase } from '../../db/schema.ts';

// Who may call each operation is declared once, in operations.ts.
export type Ctx = TenantContext;
export type Trx = Transaction<TenantDatabase>;
/** A tenant schema or a transaction on it. */
export type Db = TenantDb | Trx;

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
