/**
 * The tags list (seed 001 screen 6): the caller's tags with the equipment on them, the used-tags
 * count, and the enable/disable toggle.
 */
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Page } from '../../../shared/list.ts';
import type { TagItem, tagListSchema } from '../../../shared/tags/schemas.ts';
import { companyNameOf } from '../../db/company-name.ts';
import { refuseFutureDays } from '../../db/days.ts';
import { compiledList, mapPage, pageStatements, triStateIs } from '../../kit/list.ts';
import { tagInUse } from '../qr/index.ts';
import {
  allOf,
  type Ctx,
  type Db,
  findTag,
  companyAndDays,
  inTenantTx,
  scopeCompany,
  tagsWithEquipment,
} from './common.ts';
import { checkTagsLimit } from './limit.ts';

type TagListInput = z.output<typeof tagListSchema>;

function selectTag(q: ReturnType<typeof tagsWithEquipment>) {
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
    companyNameOf(sql.ref('t.company_id')).as('company_name'),
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

/**
 * The tags page, compiled once per shape (kit/list.ts `compiledList`): the caller's company and the
 * days are parameters; the yes/no/all filters, sort and page pick the text.
 */
const tagsPage = compiledList<TagListInput & { company: number | null }, TagRowOut>(
  ['company', 'updateFrom', 'updateUpTo'],
  (db, input) =>
    pageStatements(
      tagsWithEquipment(db).where(
        allOf([
          triStateIs(sql.ref('t.enabled'), input.active),
          triStateIs(sql`coalesce(p.is_dv_exclusive, false)`, input.exclusive),
          ...companyAndDays(input.company, 't.company_id', 't.updated_at', {
            from: input.updateFrom,
            upTo: input.updateUpTo,
          }),
        ]),
      ),
      input,
      {
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
          companyName: sql`core.search_text(${companyNameOf(sql.ref('t.company_id'))})`,
          updateDate: sql.ref('t.updated_at'),
        },
        tiebreak: sql.ref('t.id'),
        select: selectTag,
      },
    ),
);

/** GET /web/tags/: company roles see their company's tags, group and provider admins the group's. */
export async function listTags(ctx: Ctx, input: TagListInput): Promise<Page<TagItem>> {
  refuseFutureDays(input, ['updateFrom', 'updateUpTo']);
  return mapPage(await tagsPage(ctx.auth.tenant, { ...input, company: scopeCompany(ctx) }), toItem);
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
  return toItem(await selectTag(tagsWithEquipment(db)).where('t.id', '=', id).executeTakeFirstOrThrow());
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
