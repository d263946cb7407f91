/**
 * The tags list (seed 001 screen 6): the caller's tags with the equipment on them, the used-tags
 * count, and the enable/disable toggle.
 */
import { type SqlBool, sql } from 'kysely';
import type { z } from 'zod';
import type { Page } from '../../../shared/list.ts';
import type { TagItem, tagListSchema } from '../../../shared/tags/schemas.ts';
import { dayStart, nextDayStart, refuseFutureDays } from '../../db/days.ts';
import { withCore } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { fetchPage, mapPage, triStateIs } from '../../kit/list.ts';
import { tagInUse } from '../qr/rules.ts';
import { type Ctx, companyName, type Db, findTag, inTenantTx, scopeCompany, type Trx } from './common.ts';

type TagListInput = z.output<typeof tagListSchema>;

/** Tags ⋈ their equipment and product (left joins: an unused tag has neither). */
function tagsFrom(db: Db) {
  return db
    .selectFrom('tags as t')
    .leftJoin('equipment as e', 'e.tag_id', 't.id')
    .leftJoin('products as p', 'p.id', 'e.product_id');
}

function selectTag(q: ReturnType<typeof tagsFrom>) {
  return q.select([
    't.id',
    't.serial_number',
    't.enabled',
    't.company_id',
    't.updated_at',
    'e.id as equipment_id',
    'e.extra_label',
    'e.extra_code',
    'p.name as product_name',
    sql<boolean>`coalesce(p.is_dv_exclusive, false)`.as('is_dv_exclusive'),
    companyName(sql.ref('t.company_id')).as('company_name'),
  ]);
}
type TagRowOut = Awaited<ReturnType<ReturnType<typeof selectTag>['executeTakeFirstOrThrow']>>;

function toItem(r: TagRowOut): TagItem {
  return {
    serialNumber: r.serial_number,
    enabled: r.enabled,
    used: r.equipment_id !== null,
    companyId: r.company_id,
    companyName: r.company_name,
    equipmentExtraLabel: r.extra_label,
    equipmentExtraCode: r.extra_code,
    equipmentSerialNumber: r.equipment_id !== null ? r.serial_number : null,
    productName: r.product_name,
    productIsDvExclusive: r.is_dv_exclusive,
    updateDate: r.updated_at,
  };
}

/** GET /web/tags/: company roles see their company's tags, group and provider admins the group's. */
export async function listTags(ctx: Ctx, input: TagListInput): Promise<Page<TagItem>> {
  refuseFutureDays(input, ['updateFrom', 'updateUpTo']);
  const company = scopeCompany(ctx);
  const conditions = [
    triStateIs(sql.ref('t.enabled'), input.active),
    triStateIs(sql`coalesce(p.is_dv_exclusive, false)`, input.exclusive),
  ];
  if (company !== null) conditions.push(sql<SqlBool>`t.company_id = ${company}`);
  if (input.updateFrom) conditions.push(sql<SqlBool>`t.updated_at >= ${dayStart(input.updateFrom)}`);
  if (input.updateUpTo) conditions.push(sql<SqlBool>`t.updated_at < ${nextDayStart(input.updateUpTo)}`);
  const base = tagsFrom(ctx.auth.tenant).where(sql<SqlBool>`${sql.join(conditions, sql` and `)}`);
  const page = await fetchPage(base, input, {
    nullsLast: true,
    search: [
      sql.ref('t.serial_number'),
      sql.ref('e.extra_label'),
      sql.ref('e.extra_code'),
      sql.ref('p.name'),
    ],
    sorts: {
      serialNumber: sql.ref('t.serial_number'),
      enabled: sql.ref('t.enabled'),
      equipmentExtraLabel: sql`core.search_text(e.extra_label)`,
      equipmentSerialNumber: sql`case when e.id is null then null else t.serial_number end`,
      productName: sql`core.search_text(p.name)`,
      productIsDvExclusive: sql`coalesce(p.is_dv_exclusive, false)`,
      companyName: sql`core.search_text(${companyName(sql.ref('t.company_id'))})`,
      updateDate: sql.ref('t.updated_at'),
    },
    tiebreak: sql.ref('t.id'),
    select: selectTag,
  });
  return mapPage(page, toItem);
}

/** Tags in use (the tag domain's rule: enabled and bound to equipment) of the caller's scope. */
export async function usedTags(ctx: Ctx): Promise<{ used: number }> {
  const company = scopeCompany(ctx);
  let q = ctx.auth.tenant
    .selectFrom('tags as t')
    .select(sql<number>`count(*)::int`.as('n'))
    .where(tagInUse('t'));
  if (company !== null) q = q.where('t.company_id', '=', company);
  return { used: (await q.executeTakeFirstOrThrow()).n };
}

async function loadTag(db: Db, id: number): Promise<TagItem> {
  return toItem(await selectTag(tagsFrom(db)).where('t.id', '=', id).executeTakeFirstOrThrow());
}

/**
 * Serialises the tags-limit check of one company: the same advisory lock key as equipment
 * registration, so a re-enabled tag and a new registration cannot both take the last tag.
 */
async function lockCompanyTags(trx: Trx, schema: string, companyId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`tags-limit:${schema}:${companyId}`}, 0))`.execute(
    trx,
  );
}

/**
 * 409 TAGS_LIMIT_REACHED when one more tag in use by non-exclusive equipment would pass the
 * company's `tags_limit` (provider-exclusive products consume no tag).
 */
export async function checkTagsLimit(ctx: Ctx, trx: Trx, companyId: number): Promise<void> {
  await lockCompanyTags(trx, ctx.auth.companyGroup.schema_name, companyId);
  const company = await withCore(trx)
    .selectFrom('companies')
    .select('tags_limit')
    .where('id', '=', companyId)
    .executeTakeFirst();
  const limit = company?.tags_limit ?? 0;
  const { n } = await trx
    .selectFrom('equipment as e')
    .innerJoin('tags as t', 't.id', 'e.tag_id')
    .innerJoin('products as p', 'p.id', 'e.product_id')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('e.company_id', '=', companyId)
    .where(tagInUse('t'))
    .where('p.is_dv_exclusive', '=', false)
    .executeTakeFirstOrThrow();
  if (n + 1 > limit) throw new AppError('TAGS_LIMIT_REACHED', { params: { limit } });
}

/**
 * PUT /web/tags/{serial}/toggle/: enables or disables a tag of the caller's scope. Enabling a tag
 * whose equipment consumes a tag puts it back in use, so the company's tags limit applies.
 */
export async function toggleTag(ctx: Ctx, input: { serial: string; enabled: boolean }): Promise<TagItem> {
  return inTenantTx(ctx, async (trx) => {
    const tag = await findTag(ctx, trx, input.serial, { lock: true });
    if (input.enabled && !tag.enabled) {
      const consumer = await trx
        .selectFrom('equipment as e')
        .innerJoin('products as p', 'p.id', 'e.product_id')
        .select('e.id')
        .where('e.tag_id', '=', tag.id)
        .where('p.is_dv_exclusive', '=', false)
        .executeTakeFirst();
      if (consumer && tag.activatedAt) await checkTagsLimit(ctx, trx, tag.companyId);
    }
    await trx
      .updateTable('tags')
      .set({ enabled: input.enabled, updated_at: sql`now()` })
      .where('id', '=', tag.id)
      .execute();
    return loadTag(trx, tag.id);
  });
}
