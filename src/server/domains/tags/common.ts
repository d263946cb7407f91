/**
 * What the tags domain's services share: the context, tag lookups held to the caller's scope,
 * the joins and filters the tags screens are built on.
 */
import { type Expression, type SqlBool, sql } from 'kysely';
import { dayStart, nextDayStart } from '../../db/days.ts';
import { AppError } from '../../errors.ts';
import { scopeOf } from '../../kit/scope.ts';

import type { Ctx, Db } from '../../kit/tenant-tx.ts';

// The kit's one tenant transaction (with its after-commit callbacks) and types.
export { type Ctx, type Db, inTenantTx, type Trx } from '../../kit/tenant-tx.ts';

/** The company the caller is limited to (company admins and operators), or null (the whole group). */
export function scopeCompany(ctx: Ctx): number | null {
  return scopeOf(ctx.auth).companyId;
}

/** Tags ⋈ their equipment and product (left joins: an unused tag has neither). */
export function tagsWithEquipment(db: Db) {
  return db
    .selectFrom('tags as t')
    .leftJoin('equipment as e', 'e.tag_id', 't.id')
    .leftJoin('products as p', 'p.id', 'e.product_id');
}

/** Equipment ⋈ its tag and product (inner joins: equipment always has both). */
export function equipmentWithTag(db: Db) {
  return db
    .selectFrom('equipment as e')
    .innerJoin('tags as t', 't.id', 'e.tag_id')
    .innerJoin('products as p', 'p.id', 'e.product_id');
}

/**
 * The filters every tags list has besides its own: the caller's company on `companyColumn`
 * (company roles see only theirs) and whole days `from`..`upTo` on the timestamp `dayColumn`.
 */
export function scopeAndDays(
  ctx: Ctx,
  companyColumn: string,
  dayColumn: string,
  days: { from?: string | undefined; upTo?: string | undefined },
): Expression<SqlBool>[] {
  return companyAndDays(scopeCompany(ctx), companyColumn, dayColumn, days);
}

/**
 * `scopeAndDays` for company `company` (null: every company of the group). The values may be the
 * `Slot`s of a list compiled once per shape (kit/list.ts `compiledList`).
 */
export function companyAndDays(
  company: unknown,
  companyColumn: string,
  dayColumn: string,
  days: { from?: unknown; upTo?: unknown },
): Expression<SqlBool>[] {
  const out: Expression<SqlBool>[] = [];
  if (company !== null) out.push(sql<SqlBool>`${sql.ref(companyColumn)} = ${company}`);
  if (days.from) out.push(sql<SqlBool>`${sql.ref(dayColumn)} >= ${dayStart(days.from as string)}`);
  if (days.upTo) out.push(sql<SqlBool>`${sql.ref(dayColumn)} < ${nextDayStart(days.upTo as string)}`);
  return out;
}

/** All of `conditions` (true when there are none). */
export function allOf(conditions: Expression<SqlBool>[]) {
  return conditions.length ? sql<SqlBool>`${sql.join(conditions, sql` and `)}` : sql<SqlBool>`true`;
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

/** A tag of the caller's scope by serial (404 otherwise); the equipment domain's lookups build on it. */
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
