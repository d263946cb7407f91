import { sql } from 'kysely';
import type {
  ById,
  ListProductsParams,
  ProductFields,
  SaveMaintenancePartsInput,
  SaveProductInput,
  UpdateProductInput,
} from '../../../shared/catalogue/schemas.ts';
import type { MaintenancePartDto, ProductDto, ProductOptionDto } from '../../../shared/catalogue/types.ts';
import type { Page } from '../../../shared/list.ts';
import { AppError } from '../../errors.ts';
import { compiledList, mapPage, pageStatements, triStateIs } from '../../kit/list.ts';
import { publish } from '../../kit/events.ts';
import {
  type Ctx,
  type Db,
  inTenantTx,
  isProvider,
  isUniqueViolation,
  LISTS,
  saveList,
  type Trx,
} from './common.ts';
import { productUpdated } from './events.ts';

function baseQuery(db: Db) {
  return db
    .selectFrom('products as p')
    .innerJoin('inspection_types as t', 't.id', 'p.inspection_type_id')
    .innerJoin('categories as c', 'c.id', 't.category_id');
}

const COLUMNS = [
  'p.id',
  'p.sku',
  'p.name',
  'p.enabled',
  'p.short_description',
  'p.is_dv_exclusive',
  'p.is_due_date',
  'p.inspection_schedule',
  'p.days_notification_due_date',
  'p.days_notification_next_inspection_date',
  'p.manufacturing_number',
  'p.manufacturer',
  'p.inspection_type_id',
  't.name as inspection_type_name',
  't.category_id',
  'c.name as category_name',
  'p.image_key',
  'p.image_updated_at',
  'p.updated_at',
  'p.retest_date',
  'p.recharge_date',
  'p.weight_date',
] as const;
function selectProduct(db: Db) {
  return baseQuery(db).select(COLUMNS);
}
type ProductRow = Awaited<ReturnType<ReturnType<typeof selectProduct>['executeTakeFirstOrThrow']>>;

/** Path of a product's image; `update` changes with the image, so browsers may cache each version. */
export function productImagePath(id: number, updatedAt: Date | null): string | null {
  return updatedAt ? `/web/products/${id}/image?update=${updatedAt.getTime()}` : null;
}

function toDto(provider: boolean, r: ProductRow): ProductDto {
  return {
    id: r.id,
    sku: r.sku,
    name: r.name,
    enabled: r.enabled,
    shortDescription: r.short_description,
    isDvExclusive: r.is_dv_exclusive,
    isDueDate: r.is_due_date,
    inspectionSchedule: r.inspection_schedule,
    daysNotificationDueDate: r.days_notification_due_date,
    daysNotificationNextInspectionDate: r.days_notification_next_inspection_date,
    manufacturingNumber: r.manufacturing_number,
    manufacturer: r.manufacturer,
    categoryId: r.category_id,
    categoryName: r.category_name,
    inspectionTypeId: r.inspection_type_id,
    inspectionTypeName: r.inspection_type_name,
    image: r.image_key ? productImagePath(r.id, r.image_updated_at) : null,
    imageUpdatedAt: r.image_key ? r.image_updated_at : null,
    updateDate: r.updated_at,
    retestDate: r.retest_date,
    rechargeDate: r.recharge_date,
    weightDate: r.weight_date,
    readOnly: r.is_dv_exclusive && !provider,
  };
}

/** How many products a select offers at most (a subcategory with more is filtered by search). */
export const PRODUCT_OPTIONS_MAX = 1000;

/** The products of one subcategory, by name, for the reports' product select. */
export async function productOptions(
  ctx: Ctx,
  { inspectionTypeId }: { inspectionTypeId: number },
): Promise<ProductOptionDto[]> {
  return ctx.auth.tenant
    .selectFrom('products')
    .select(['id', 'name', 'sku', 'enabled'])
    .where('inspection_type_id', '=', inspectionTypeId)
    .orderBy(sql`core.search_text(name)`)
    .orderBy('id')
    .limit(PRODUCT_OPTIONS_MAX)
    .execute();
}

/**
 * The products page, compiled once per shape (kit/list.ts `compiledList`): the category and
 * subcategory are parameters; the enabled filter, sort and page pick the text.
 */
const productsPage = compiledList<ListProductsParams, ProductRow>(
  ['categoryId', 'inspectionTypeId'],
  (db, input) =>
    pageStatements(
      baseQuery(db)
        .where(triStateIs(sql.ref('p.enabled'), input.enabled))
        .$if(input.categoryId !== undefined, (q) => q.where('t.category_id', '=', input.categoryId!))
        .$if(input.inspectionTypeId !== undefined, (q) =>
          q.where('p.inspection_type_id', '=', input.inspectionTypeId!),
        ),
      input,
      {
        searchDocument: sql.ref('p.search'),
        // A common word's page keeps one generic plan (kit/list.ts `manyMatches`).
        manyMatchesPlan: true,
        sorts: {
          sku: sql`core.search_text(p.sku)`,
          name: sql`core.search_text(p.name)`,
          isDvExclusive: sql.ref('p.is_dv_exclusive'),
          updateDate: sql.ref('p.updated_at'),
          enabled: sql.ref('p.enabled'),
        },
        tiebreak: sql.ref('p.id'),
        select: (q) => q.select(COLUMNS),
      },
    ),
);

export async function listProducts(ctx: Ctx, input: ListProductsParams): Promise<Page<ProductDto>> {
  const provider = isProvider(ctx);
  return mapPage(await productsPage(ctx.auth.tenant, input), (r) => toDto(provider, r));
}

export async function getProduct(ctx: Ctx, { id }: ById): Promise<ProductDto> {
  const row = await selectProduct(ctx.auth.tenant).where('p.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  return toDto(isProvider(ctx), row);
}

export async function getMaintenanceParts(ctx: Ctx, { id }: ById): Promise<MaintenancePartDto[]> {
  await getProduct(ctx, { id });
  return ctx.auth.tenant
    .selectFrom('maintenance_parts')
    .select(['id', 'name', 'unit', 'enabled'])
    .where('product_id', '=', id)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/**
 * Locks a product for a change and applies seed 001 §6: a provider-exclusive product is read-only
 * for everyone but the provider admin.
 */
export async function lockEditableProduct(ctx: Ctx, trx: Trx, id: number) {
  const row = await trx
    .selectFrom('products')
    .select(['id', 'is_dv_exclusive', 'inspection_type_id', 'image_key'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  if (row.is_dv_exclusive && !isProvider(ctx)) throw new AppError('PRODUCT_EXCLUSIVE_READ_ONLY');
  return row;
}

async function writeProduct(ctx: Ctx, trx: Trx, id: number | undefined, p: ProductFields): Promise<number> {
  const current = id === undefined ? undefined : await lockEditableProduct(ctx, trx, id);
  if (p.isDvExclusive && !isProvider(ctx)) throw new AppError('PRODUCT_EXCLUSIVE_FORBIDDEN');
  const type = await trx
    .selectFrom('inspection_types as t')
    .innerJoin('categories as c', 'c.id', 't.category_id')
    .select(['t.id', 't.enabled', 't.category_id', 'c.enabled as category_enabled'])
    .where('t.id', '=', p.inspectionTypeId)
    .executeTakeFirst();
  if (!type) throw new AppError('NOT_FOUND', { message: 'Subcategoria não encontrada' });
  if (type.category_id !== p.categoryId) throw new AppError('PRODUCT_CATEGORY_MISMATCH');
  // Disabled items cannot be picked; a product already in them keeps its choice.
  if (current?.inspection_type_id !== type.id) {
    if (!type.category_enabled) throw new AppError('CATEGORY_DISABLED');
    if (!type.enabled) throw new AppError('INSPECTION_TYPE_DISABLED');
  }
  const values = {
    sku: p.sku,
    name: p.name,
    enabled: p.enabled,
    short_description: p.shortDescription,
    is_due_date: p.isDueDate,
    inspection_schedule: p.inspectionSchedule,
    // Only meaningful with an expiration date (seed 001 §5).
    days_notification_due_date: p.isDueDate ? p.daysNotificationDueDate : null,
    days_notification_next_inspection_date: p.daysNotificationNextInspectionDate,
    manufacturing_number: p.manufacturingNumber,
    manufacturer: p.manufacturer,
    inspection_type_id: p.inspectionTypeId,
    retest_date: p.retestDate,
    recharge_date: p.rechargeDate,
    weight_date: p.weightDate,
    // Left out for non-providers: they can neither set nor clear it.
    ...(isProvider(ctx) && p.isDvExclusive !== undefined ? { is_dv_exclusive: p.isDvExclusive } : {}),
  };
  try {
    if (!current)
      return (await trx.insertInto('products').values(values).returning('id').executeTakeFirstOrThrow()).id;
    await trx
      .updateTable('products')
      .set({ ...values, updated_at: sql`now()` })
      .where('id', '=', current.id)
      .execute();
    // Its equipment's next inspection, notice and due dates and search text follow (kit/events.ts).
    await publish(trx, ctx, productUpdated, { productId: current.id });
    return current.id;
  } catch (e) {
    if (isUniqueViolation(e, 'products_sku_uq'))
      throw new AppError('PRODUCT_SKU_EXISTS', { params: { sku: p.sku } });
    throw e;
  }
}

/** REST POST: answers the new id. */
export function createProduct(ctx: Ctx, p: ProductFields): Promise<number> {
  return inTenantTx(ctx, (trx) => writeProduct(ctx, trx, undefined, p));
}

/** REST PUT of the fields alone. */
export async function updateProduct(ctx: Ctx, { id, ...p }: UpdateProductInput): Promise<ProductDto> {
  await inTenantTx(ctx, (trx) => writeProduct(ctx, trx, id, p));
  return getProduct(ctx, { id });
}

export async function saveMaintenanceParts(
  ctx: Ctx,
  { id, rows }: SaveMaintenancePartsInput,
): Promise<MaintenancePartDto[]> {
  await inTenantTx(ctx, async (trx) => {
    await lockEditableProduct(ctx, trx, id);
    await saveList(trx, LISTS.maintenanceParts, id, rows, 'maintenanceParts');
    await trx.updateTable('products').set({ updated_at: sql`now()` }).where('id', '=', id).execute();
  });
  return getMaintenanceParts(ctx, { id });
}

/** The product dialog's save: fields and maintenance parts in one transaction. */
export async function saveProduct(ctx: Ctx, input: SaveProductInput): Promise<ProductDto> {
  const id = await inTenantTx(ctx, async (trx) => {
    const pid = await writeProduct(ctx, trx, input.id, input.product);
    if (input.maintenanceParts)
      await saveList(trx, LISTS.maintenanceParts, pid, input.maintenanceParts, 'maintenanceParts');
    return pid;
  });
  return getProduct(ctx, { id });
}
