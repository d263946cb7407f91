import { sql } from 'kysely';
import type { z } from 'zod';
import type {
  CategoryAttributeRow,
  categoryFieldsSchema,
  ListCategoriesInput,
  SaveCategoryInput,
} from '../../../shared/catalogue/schemas.ts';
import { listCategoriesSchema } from '../../../shared/catalogue/schemas.ts';
import type { CategoryAttributeDto, CategoryDto, OptionDto } from '../../../shared/catalogue/types.ts';
import type { Page } from '../../../shared/list.ts';
import { AppError } from '../../errors.ts';
import {
  type Ctx,
  inTenantTx,
  isUniqueViolation,
  LISTS,
  page,
  saveList,
  searchCondition,
  type Trx,
} from './common.ts';

export type CategoryAttributeKind = 'inspection' | 'maintenance';
const attributeList = (kind: CategoryAttributeKind) =>
  kind === 'inspection' ? LISTS.categoryInspectionAttributes : LISTS.categoryMaintenanceAttributes;

const SORT = {
  name: sql`core.search_text(c.name)`,
  enabled: sql`c.enabled`,
  updateDate: sql`c.updated_at`,
} as const;

export async function listCategories(ctx: Ctx, raw: ListCategoriesInput): Promise<Page<CategoryDto>> {
  const input = listCategoriesSchema.parse(raw);
  let q = ctx.auth.tenant.selectFrom('categories as c');
  const search = searchCondition(input.query, [sql.ref('c.name')]);
  if (search) q = q.where(search);
  if (input.enabled !== 'all') q = q.where('c.enabled', '=', input.enabled === 'yes');
  const dir = input.direction === 'desc' ? sql`desc` : sql`asc`;
  const [rows, count] = await Promise.all([
    q
      .select(['c.id', 'c.name', 'c.enabled', 'c.updated_at'])
      .orderBy(sql`${SORT[input.sort ?? 'name']} ${dir}`)
      .orderBy('c.id')
      .limit(input.pageSize)
      .offset(input.page * input.pageSize)
      .execute(),
    q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return page(
    rows.map((r) => ({ id: r.id, name: r.name, enabled: r.enabled, updateDate: r.updated_at })),
    count.n,
    input,
  );
}

/** Every category for selects (disabled ones shown but not selectable). */
export async function categoryOptions(ctx: Ctx): Promise<OptionDto[]> {
  return ctx.auth.tenant
    .selectFrom('categories')
    .select(['id', 'name', 'enabled'])
    .orderBy(sql`core.search_text(name)`)
    .orderBy('id')
    .execute();
}

async function findCategory(db: Ctx['auth']['tenant'] | Trx, id: number, lock = false) {
  let q = db.selectFrom('categories').select(['id', 'name', 'enabled', 'updated_at']).where('id', '=', id);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function getCategory(ctx: Ctx, id: number): Promise<CategoryDto> {
  const r = await findCategory(ctx.auth.tenant, id);
  return { id: r.id, name: r.name, enabled: r.enabled, updateDate: r.updated_at };
}

export async function getCategoryAttributes(
  ctx: Ctx,
  id: number,
  kind: CategoryAttributeKind,
): Promise<CategoryAttributeDto[]> {
  await findCategory(ctx.auth.tenant, id);
  const spec = attributeList(kind);
  return ctx.auth.tenant
    .selectFrom(spec.table)
    .select(['id', 'name', 'enabled'])
    .where('category_id', '=', id)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

type Fields = z.infer<typeof categoryFieldsSchema>;

async function writeCategory(trx: Trx, id: number | undefined, fields: Fields): Promise<number> {
  try {
    if (id === undefined) {
      const row = await trx
        .insertInto('categories')
        .values({ name: fields.name, enabled: fields.enabled })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    }
    await findCategory(trx, id, true);
    await trx
      .updateTable('categories')
      .set({ name: fields.name, enabled: fields.enabled, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
    return id;
  } catch (e) {
    if (isUniqueViolation(e, 'categories_name_uq'))
      throw new AppError('CATEGORY_NAME_EXISTS', { params: { name: fields.name } });
    throw e;
  }
}

export function createCategory(ctx: Ctx, fields: Fields): Promise<number> {
  return inTenantTx(ctx, (trx) => writeCategory(trx, undefined, fields));
}

export async function updateCategory(ctx: Ctx, id: number, fields: Fields): Promise<CategoryDto> {
  await inTenantTx(ctx, (trx) => writeCategory(trx, id, fields));
  return getCategory(ctx, id);
}

export async function saveCategoryAttributes(
  ctx: Ctx,
  id: number,
  kind: CategoryAttributeKind,
  rows: CategoryAttributeRow[],
) {
  await inTenantTx(ctx, async (trx) => {
    await findCategory(trx, id, true);
    await saveList(
      trx,
      attributeList(kind),
      id,
      rows,
      kind === 'inspection' ? 'inspectionAttributes' : 'maintenanceAttributes',
    );
    await trx.updateTable('categories').set({ updated_at: sql`now()` }).where('id', '=', id).execute();
  });
  return getCategoryAttributes(ctx, id, kind);
}

/** The dialog's save: fields and both attribute lists in one transaction. */
export async function saveCategory(ctx: Ctx, input: SaveCategoryInput): Promise<CategoryDto> {
  const id = await inTenantTx(ctx, async (trx) => {
    const cid = await writeCategory(trx, input.id, input);
    if (input.inspectionAttributes)
      await saveList(
        trx,
        LISTS.categoryInspectionAttributes,
        cid,
        input.inspectionAttributes,
        'inspectionAttributes',
      );
    if (input.maintenanceAttributes)
      await saveList(
        trx,
        LISTS.categoryMaintenanceAttributes,
        cid,
        input.maintenanceAttributes,
        'maintenanceAttributes',
      );
    return cid;
  });
  return getCategory(ctx, id);
}
