/**
 * The header of the audit trail (issue 29 item 4): who, from where and through which operation a
 * write transaction ran. The database's triggers (migrations 1121) write one entry per changed row
 * and link it to the header of their transaction, found by the node's transaction id — so nothing
 * here lists tables or fields, and a write that forgets the header is still logged (without a who).
 * One INSERT per write transaction: `inTenantTx` writes it first; core writers call
 * `writeCoreAuditHeader` in their transaction.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Kysely } from 'kysely';
import type { RequestContext } from '../context.ts';
import '../db/audit-tables.ts';
import { coreDb } from '../db/database.ts';
import type { CoreDatabase, TenantDatabase } from '../db/schema.ts';

const operations = new AsyncLocalStorage<string>();

/** Runs an operation's handler with its name known to the audit header (kit/operation.ts). */
export function withOperationName<T>(name: string, fn: () => T): T {
  return operations.run(name, fn);
}

/** The running operation's tRPC name, or null outside one (a job, a script). */
export function currentOperationName(): string | null {
  return operations.getStore() ?? null;
}

/** A job or script without a signed-in caller names itself. */
export interface SystemActor {
  system: string;
  companyId?: number | null;
}

function headerOf(who: RequestContext | SystemActor) {
  if ('system' in who)
    return {
      user_id: null,
      user_name: null,
      user_email: null,
      role: null,
      ip: null,
      user_agent: null,
      operation: who.system,
      company_id: who.companyId ?? null,
    };
  const auth = who.auth;
  return {
    user_id: auth?.user.id ?? null,
    user_name: auth?.user.name ?? null,
    user_email: auth?.user.email ?? null,
    role: auth?.role ?? null,
    ip: who.ip || null,
    user_agent: who.userAgent?.slice(0, 500) ?? null,
    operation: currentOperationName(),
    company_id: auth?.companyId ?? null,
  };
}

/** The INSERT of a tenant transaction's header (a part of a planned write's statement, kit/write-plan.ts). */
export function tenantAuditHeaderInsert(db: Kysely<TenantDatabase>, who: RequestContext | SystemActor) {
  return db.insertInto('audit_transactions').values(headerOf(who));
}

/** Writes this tenant transaction's header (first statement of `inTenantTx`). */
export async function writeTenantAuditHeader(
  trx: Kysely<TenantDatabase>,
  who: RequestContext | SystemActor,
): Promise<void> {
  await tenantAuditHeaderInsert(trx, who).execute();
}

/** Writes this core transaction's header; `groupId` is the group the change belongs to, null for the platform. */
export async function writeCoreAuditHeader(
  trx: Kysely<CoreDatabase>,
  who: RequestContext | SystemActor,
  groupId: number | null,
): Promise<void> {
  await trx
    .insertInto('audit_transactions')
    .values({ ...headerOf(who), group_id: groupId })
    .execute();
}

/**
 * Runs core writes in one transaction whose first statement is the audit header (`groupId`: the
 * group the change belongs to, null for a platform-level change). A core write outside it is still
 * logged by the triggers, without a who.
 */
export function inCoreAuditTx<T>(
  who: RequestContext | SystemActor,
  groupId: number | null,
  fn: (core: Kysely<CoreDatabase>) => Promise<T>,
): Promise<T> {
  return coreDb()
    .transaction()
    .execute(async (trx) => {
      await writeCoreAuditHeader(trx, who, groupId);
      return fn(trx);
    });
}
