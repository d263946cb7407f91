/**
 * What the tags domain's services share: the context, tag lookups held to the caller's scope,
 * the company name of a core row, and the "no future day" rule of the date filters.
 */
import { type Expression, sql, type Transaction } from 'kysely';
import { ERROR_CATALOGUE } from '../../../shared/errors.ts';
import type { TenantContext } from '../../context.ts';
import type { TenantDb } from '../../db/database.ts';
import type { TenantDatabase } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { scopeOf } from '../../kit/scope.ts';
import { today } from '../equipment/status-sql.ts';

// Who may call each operation is declared once, in operations.ts.
export type Ctx = TenantContext;
export type Trx = Transaction<TenantDatabase>;
export type Db = TenantDb | Trx;

export function inTenantTx<T>(ctx: Ctx, fn: (trx: Trx) => Promise<T>): Promise<T> {
  return ctx.auth.tenant.transaction().execute(fn);
}

/** The name of the core company whose id is `companyId` (a correlated subquery). */
export function companyName(companyId: Expression<unknown>) {
  return sql<string | null>`(select c.name from core.companies c where c.id = ${companyId})`;
}

/** The company the caller is limited to (company admins and operators), or null (the whole group). */
export function scopeCompany(ctx: Ctx): number | null {
  return scopeOf(ctx.auth).companyId;
}

export interface ScopedTag {
  id: number;
  serialNumber: string;
  companyId: number;
  enabled: boolean;
  activatedAt: Date | null;
}

/**
 * A tag of the caller's scope, or 404 TAG_NOT_FOUND: another group's tag is not in this schema at
 * all, and another company's (for company roles) gets the very same answer.
 */
export function assertTagInScope<T extends { company_id: number }>(ctx: Ctx, tag: T | undefined): T {
  const company = scopeCompany(ctx);
  if (!tag || (company !== null && tag.company_id !== company)) throw new AppError('TAG_NOT_FOUND');
  return tag;
}

export async function findTag(
  ctx: Ctx,
  db: Db,
  serial: string,
  opts: { lock?: boolean } = {},
): Promise<ScopedTag> {
  let q = db
    .selectFrom('tags')
    .select(['id', 'serial_number', 'company_id', 'enabled', 'activated_at'])
    .where('serial_number', '=', serial);
  if (opts.lock) q = q.forUpdate();
  const t = assertTagInScope(ctx, await q.executeTakeFirst());
  return {
    id: t.id,
    serialNumber: t.serial_number,
    companyId: t.company_id,
    enabled: t.enabled,
    activatedAt: t.activated_at,
  };
}

/**
 * Date filters compare calendar days where the product is used (APP_TIME_ZONE); none may be after
 * today (seed 001 §5): 400 DATE_IN_FUTURE naming the field.
 */
export function refuseFutureDays(input: Record<string, unknown>, fields: readonly string[]): void {
  const day = today();
  const future = fields.filter((f) => typeof input[f] === 'string' && (input[f] as string) > day);
  if (future.length)
    throw new AppError('DATE_IN_FUTURE', {
      issues: future.map((path) => ({ path, message: ERROR_CATALOGUE.DATE_IN_FUTURE.message })),
    });
}

/** The first instant of a calendar day in APP_TIME_ZONE, and of the day after it. */
export function dayStart(day: string, timeZone: string) {
  return sql`(${day}::date::timestamp at time zone ${timeZone})`;
}
export function nextDayStart(day: string, timeZone: string) {
  return sql`((${day}::date + 1)::timestamp at time zone ${timeZone})`;
}
