import { sql } from 'kysely';
import type {
  CategoryAttributeKind,
  CategoryAttributesQuery,
  CategoryFields,
  ById,
  ListCategoriesParams,
  SaveCategoryAttributesInput,
  SaveCategoryInput,
  UpdateCategoryInput,
} from '../../../shared/catalogue/schemas.ts';
import type { CategoryAttributeDto, CategoryDto, OptionDto } from '../../../shared/catalogue/types.ts';
import type { Page } from '../../../shared/list.ts';
import { AppError } from '../../errors.ts';
import { fetchPage, triStateIs } from '../../kit/list.ts';
import { type Ctx, inTenantTx, isUniqueViolation, LISTS, saveList, type Trx } from './common.ts';

const attributeList = (kind: CategoryAttributeKind) =>
  kind === 'inspection' ? LISTS.categoryInspectionAttributes : LISTS.categoryMaintenanceAttributes;

export function listCategories(ctx: Ctx, input: ListCategoriesParams): Promise<Page<CategoryDto>> {
  const base = ctx.auth.tenant
    .selectFrom('categories as c')
    .where(triStateIs(sql.ref('c.enabled'), input.enabled));
  return fetchPage(base, input, {
    search: [sql.ref('c.name')],
    sorts: {
      name: sql`core.search_text(c.name)`,
      enabled: sql.ref('c.enabled'),
      updateDate: sql.ref('c.updated_at'),
    },
    tiebreak: sql.ref('c.id'),
    select: (q) => q.select(['c.id', 'c.name', 'c.enabled', 'c.updated_at as updateDate']),
  });
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

export async function getCategory(ctx: Ctx, { id }: ById): Promise<CategoryDto> {
  const r = await findCategory(ctx.auth.tenant, id);
  return { id: r.id, name: r.name, enabled: r.enabled, updateDate: r.updated_at };
}

export async function getCategoryAttributes(
  ctx: Ctx,
  { id, kind }: CategoryAttributesQuery,
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

type Fields = CategoryFields;

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

/** REST POST: answers the new id. */
export function createCategory(ctx: Ctx, fields: Fields): Promise<number> {
  return inTenantTx(ctx, (trx) => writeCategory(trx, undefined, fields));
}

/** REST PUT of the fields alone. */
export async function updateCategory(ctx: Ctx, { id, ...fields }: UpdateCategoryInput): Promise<CategoryDto> {
  await inTenantTx(ctx, (trx) => writeCategory(trx, id, fields));
  return getCategory(ctx, { id });
}

/** One attribute list, saved on its own (atomic). */
export async function saveCategoryAttributes(
  ctx: Ctx,
  { id, kind, rows }: SaveCategoryAttributesInput,
): Promise<CategoryAttributeDto[]> {
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
  return getCategoryAttributes(ctx, { id, kind });
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
  return getCategory(ctx, { id });
}
