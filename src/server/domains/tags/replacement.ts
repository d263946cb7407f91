/**
 * Tag replacement requests (seed 001 screen 7, §3): the field flow asks, on an unused label, for it
 * to replace the label of an existing equipment; an admin reviews the request (the suggested old
 * equipment, or another one of the company) and transfers (`transfer.ts`).
 */
import { type SqlBool, sql } from 'kysely';
import type { z } from 'zod';
import type { Page } from '../../../shared/list.ts';
import type {
  ReplaceableEquipment,
  ReplacementRequest,
  replacementCandidatesSchema,
  replacementListSchema,
  requestReplacementSchema,
} from '../../../shared/tags/schemas.ts';
import { companyNameOf } from '../../db/company-name.ts';
import { refuseFutureDays } from '../../db/days.ts';
import { AppError } from '../../errors.ts';
import { fetchPage, mapPage } from '../../kit/list.ts';
import { productImagePath } from '../catalogue/index.ts';
import {
  allOf,
  type Ctx,
  type Db,
  equipmentWithTag,
  findTag,
  inTenantTx,
  scopeAndDays,
  scopeCompany,
} from './common.ts';

type RequestInput = z.output<typeof requestReplacementSchema>;
type ListInput = z.output<typeof replacementListSchema>;
type CandidatesInput = z.output<typeof replacementCandidatesSchema>;

/**
 * POST /web/equipments/replace/: a PENDING request for an unused, enabled tag of the caller's
 * scope, keeping the old serial as typed and suggesting the equipment on it when that tag is
 * reachable, used and of the same company. One open request per new tag: asking again updates the
 * open one with what was typed now (a blank field keeps what it had; a double submit from a phone
 * changes nothing) and answers `updated: true`, so the operator is told it was updated.
 */
export async function requestReplacement(
  ctx: Ctx,
  input: RequestInput,
): Promise<{ id: number; updated: boolean }> {
  return inTenantTx(ctx, async (trx) => {
    // The tag row lock orders this after (or before) a registration on the same tag.
    const tag = await findTag(ctx, trx, input.newSerial, { lock: true });
    const onTag = await trx
      .selectFrom('equipment')
      .select('id')
      .where('tag_id', '=', tag.id)
      .executeTakeFirst();
    if (onTag) throw new AppError('TAG_ALREADY_USED', { params: { serial: tag.serialNumber } });
    if (!tag.enabled) throw new AppError('TAG_DISABLED', { params: { serial: tag.serialNumber } });

    const oldSerial = input.oldSerial && input.oldSerial !== tag.serialNumber ? input.oldSerial : null;
    let suggested: number | null = null;
    if (oldSerial) {
      const old = await trx
        .selectFrom('tags as t')
        .innerJoin('equipment as e', 'e.tag_id', 't.id')
        .select(['e.id', 't.company_id'])
        .where('t.serial_number', '=', oldSerial)
        .executeTakeFirst();
      const company = scopeCompany(ctx);
      // Out of reach or of another company: no suggestion (the admin sees the typed serial and
      // picks the equipment).
      if (old && old.company_id === tag.companyId && (company === null || company === old.company_id))
        suggested = old.id;
    }

    const open = async () =>
      trx
        .selectFrom('tag_replacement_requests')
        .select(['id', 'typed_old_serial', 'suggested_equipment_id', 'description'])
        .where('new_tag_id', '=', tag.id)
        .where('status', '=', 'PENDING')
        .executeTakeFirst();
    const update = async (existing: NonNullable<Awaited<ReturnType<typeof open>>>) => {
      const changes = {
        ...(oldSerial ? { typed_old_serial: oldSerial, suggested_equipment_id: suggested } : {}),
        ...(input.description ? { description: input.description } : {}),
      };
      const changed =
        (oldSerial !== null &&
          (oldSerial !== existing.typed_old_serial || suggested !== existing.suggested_equipment_id)) ||
        (input.description !== null && input.description !== existing.description);
      if (changed)
        await trx
          .updateTable('tag_replacement_requests')
          .set({ ...changes, updated_at: sql`now()` })
          .where('id', '=', existing.id)
          .execute();
      return { id: existing.id, updated: true };
    };
    const existing = await open();
    if (existing) return update(existing);

    const row = await trx
      .insertInto('tag_replacement_requests')
      .values({
        new_tag_id: tag.id,
        company_id: tag.companyId,
        suggested_equipment_id: suggested,
        typed_old_serial: oldSerial,
        description: input.description,
        requested_by: ctx.auth.user.id,
        requested_by_name: ctx.auth.user.name,
        completed_equipment_id: null,
        completed_by: null,
        completed_at: null,
      })
      // The partial unique index is the backstop behind the tag lock.
      .onConflict((oc) => oc.column('new_tag_id').where('status', '=', 'PENDING').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row) return { id: row.id, updated: false };
    const raced = await open();
    if (!raced) throw new AppError('CONFLICT');
    return update(raced);
  });
}

/**
 * The equipment's labels and product as both replacement screens show them (the request's
 * equipment and a candidate), over `e` and `p`.
 */
const shownEquipmentColumns = [
  'e.extra_label',
  'e.extra_code',
  'p.id as product_id',
  'p.name as product_name',
  'p.sku as product_sku',
  'p.image_key',
  'p.image_updated_at',
] as const;

interface ShownRow {
  extra_label: string | null;
  extra_code: string | null;
  product_id: number | null;
  product_name: string | null;
  product_sku: string | null;
  image_key: string | null;
  image_updated_at: Date | null;
}

/** `shownEquipmentColumns` → the answer's fields (product ones null for a request without equipment). */
function shownEquipment<R extends ShownRow>(
  r: R,
): {
  extraLabel: string | null;
  extraCode: string | null;
  productId: R['product_id'];
  productName: R['product_name'];
  productSku: R['product_sku'];
  productImage: string | null;
} {
  return {
    extraLabel: r.extra_label,
    extraCode: r.extra_code,
    productId: r.product_id,
    productName: r.product_name,
    productSku: r.product_sku,
    productImage:
      r.product_id !== null && r.image_key ? productImagePath(r.product_id, r.image_updated_at) : null,
  };
}

/** Requests ⋈ new tag ⋈ the equipment they name (the completed one, else the suggested one). */
function requestsFrom(db: Db) {
  return db
    .selectFrom('tag_replacement_requests as r')
    .innerJoin('tags as nt', 'nt.id', 'r.new_tag_id')
    .leftJoin('equipment as e', (j) =>
      j.on(sql<SqlBool>`e.id = coalesce(r.completed_equipment_id, r.suggested_equipment_id)`),
    )
    .leftJoin('tags as ot', 'ot.id', 'e.tag_id')
    .leftJoin('products as p', 'p.id', 'e.product_id');
}

function selectRequest(q: ReturnType<typeof requestsFrom>) {
  return q.select([
    'r.id',
    'r.status',
    'r.company_id',
    companyNameOf(sql.ref('r.company_id')).as('company_name'),
    'nt.serial_number as new_serial',
    'nt.enabled as new_enabled',
    // Once transferred the equipment is on the new tag: no "old" serial to show any more.
    sql<string | null>`case when ot.id = nt.id then null else ot.serial_number end`.as('old_serial'),
    'r.typed_old_serial',
    'e.id as equipment_id',
    ...shownEquipmentColumns,
    'r.description',
    'r.requested_by_name',
    'r.created_at',
    'r.updated_at',
    'r.completed_at',
  ]);
}
type RequestRow = Awaited<ReturnType<ReturnType<typeof selectRequest>['executeTakeFirstOrThrow']>>;

function toRequest(r: RequestRow): ReplacementRequest {
  return {
    id: r.id,
    status: r.status,
    companyId: r.company_id,
    companyName: r.company_name,
    equipmentNewSerialNumber: r.new_serial,
    newTagEnabled: r.new_enabled,
    equipmentOldSerialNumber: r.old_serial,
    typedOldSerialNumber: r.typed_old_serial,
    suggestedEquipmentId: r.equipment_id,
    ...shownEquipment(r),
    description: r.description,
    requestUsername: r.requested_by_name,
    requestDate: r.created_at,
    updateDate: r.updated_at,
    completedAt: r.completed_at,
  };
}

/** GET /web/equipments/replace/: the requests of the caller's scope, open ones by default. */
export async function listRequests(ctx: Ctx, input: ListInput): Promise<Page<ReplacementRequest>> {
  refuseFutureDays(input, ['requestFrom', 'requestUpTo']);
  const conditions = scopeAndDays(ctx, 'r.company_id', 'r.created_at', {
    from: input.requestFrom,
    upTo: input.requestUpTo,
  });
  if (input.status !== 'ALL') conditions.push(sql<SqlBool>`r.status = ${input.status}`);
  const base = requestsFrom(ctx.auth.tenant).where(allOf(conditions));
  const page = await fetchPage(base, input, {
    nullsLast: true,
    search: [
      sql.ref('nt.serial_number'),
      sql.ref('ot.serial_number'),
      sql.ref('r.typed_old_serial'),
      sql.ref('r.description'),
      sql.ref('r.requested_by_name'),
      sql.ref('e.extra_label'),
      sql.ref('e.extra_code'),
      sql.ref('p.name'),
      sql.ref('p.sku'),
    ],
    sorts: {
      requestDate: sql.ref('r.created_at'),
      equipmentNewSerialNumber: sql.ref('nt.serial_number'),
      equipmentOldSerialNumber: sql.ref('ot.serial_number'),
      extraLabel: sql`core.search_text(e.extra_label)`,
      productName: sql`core.search_text(p.name)`,
      requestUsername: sql`core.search_text(r.requested_by_name)`,
      updateDate: sql.ref('r.updated_at'),
    },
    tiebreak: sql.ref('r.id'),
    select: selectRequest,
  });
  return mapPage(page, toRequest);
}

/** A request of the caller's scope, or 404 TAG_REPLACEMENT_NOT_FOUND (the same for another company's). */
async function requestInScope(ctx: Ctx, id: number) {
  const r = await ctx.auth.tenant
    .selectFrom('tag_replacement_requests')
    .select(['id', 'company_id', 'new_tag_id', 'suggested_equipment_id', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
  const company = scopeCompany(ctx);
  if (!r || (company !== null && r.company_id !== company)) throw new AppError('TAG_REPLACEMENT_NOT_FOUND');
  return r;
}

/** Equipment ⋈ its tag and product, as "replaceable equipment". */
function selectReplaceable(q: ReturnType<typeof equipmentWithTag>) {
  return q.select(['e.id', 't.serial_number', 't.enabled', ...shownEquipmentColumns, 'e.created_at']);
}
type ReplaceableRow = Awaited<ReturnType<ReturnType<typeof selectReplaceable>['executeTakeFirstOrThrow']>>;

function toReplaceable(r: ReplaceableRow): ReplaceableEquipment {
  return {
    id: r.id,
    tagSerialNumber: r.serial_number,
    enabledTag: r.enabled,
    ...shownEquipment(r),
    hasImage: r.image_key !== null,
    createdAtMillis: r.created_at.getTime(),
  };
}

/**
 * GET /web/equipments/replace/{id}/suggest: the suggested old equipment, while it still is on
 * another tag of the request's company; null when there is none.
 */
export async function suggestion(ctx: Ctx, { id }: { id: number }): Promise<ReplaceableEquipment | null> {
  const r = await requestInScope(ctx, id);
  if (r.suggested_equipment_id === null) return null;
  const row = await selectReplaceable(equipmentWithTag(ctx.auth.tenant))
    .where('e.id', '=', r.suggested_equipment_id)
    .where('e.company_id', '=', r.company_id)
    .where('e.tag_id', '<>', r.new_tag_id)
    .executeTakeFirst();
  return row ? toReplaceable(row) : null;
}

/**
 * GET /web/equipments/replace/{id}: the equipment of the request's company that can give its tag
 * up to the new one (any, except what already is on it), paged and searchable.
 */
export async function candidates(ctx: Ctx, input: CandidatesInput): Promise<Page<ReplaceableEquipment>> {
  const r = await requestInScope(ctx, input.id);
  const base = equipmentWithTag(ctx.auth.tenant)
    .where('e.company_id', '=', r.company_id)
    .where('e.tag_id', '<>', r.new_tag_id);
  const page = await fetchPage(base, input, {
    nullsLast: true,
    search: [
      sql.ref('t.serial_number'),
      sql.ref('e.extra_label'),
      sql.ref('e.extra_code'),
      sql.ref('p.name'),
      sql.ref('p.sku'),
    ],
    sorts: {
      tagSerialNumber: sql.ref('t.serial_number'),
      extraLabel: sql`core.search_text(e.extra_label)`,
      productName: sql`core.search_text(p.name)`,
      createdAt: sql.ref('e.created_at'),
    },
    tiebreak: sql.ref('e.id'),
    select: selectReplaceable,
  });
  return mapPage(page, toReplaceable);
}
