/**
 * The offline working set (issue 20): what a phone keeps to work without signal, downloaded in
 * pages. The first page (no cursor) carries the catalogue — products (register form), inspection
 * types with their questions, custom answers, maintenance questions and attributes, product parts —
 * read by the field flow's own loaders (`fieldProducts`, `inspectionQuestionsByType`, …), `total`
 * and `version`. Then every page holds up to `pageSize` items: the company's equipment by
 * (company, id), then its unused enabled tags by (company, id), each page one index range
 * (`equipment_company_id_idx`, `tags_spare_idx`) whatever the company's size. `total` comes from
 * the tag counters the database keeps, `version` from the newest `updated_at` of equipment and tags
 * (indexed per company), the catalogue and today — no count over the company's rows (./set-stamps.ts).
 *
 * Issue 30 item 4: every equipment carries its maintenance cycles (one statement per page,
 * `cyclesOfEquipment` over the page's ids, so the offline maintenance form offers them), and the
 * first page the caller's own visits of today and the next days with their equipment (two
 * statements, visits' `technicianVisits`), so /my-day works offline. Both enter `version`.
 */
import { type Expression, type SqlBool, sql } from 'kysely';
import { z } from 'zod';
import { CLOCK_SKEW_MINUTES } from '../../../shared/equipment/presence.ts';
import type { EquipmentStatus } from '../../../shared/equipment/status.ts';
import {
  WORKING_SET_VISIT_DAYS,
  WORKING_SET_VISIT_EQUIPMENT_MAX,
  type WorkingSetPage,
  type WorkingSetTag,
  type workingSetInputSchema,
} from '../../../shared/field/schemas.ts';
import { addDays } from '../../../shared/equipment/status.ts';
import type { TenantContext } from '../../context.ts';
import { config } from '../../config.ts';
import { coreDb, type TenantDb } from '../../db/database.ts';
import { today } from '../../db/days.ts';
import { AppError } from '../../errors.ts';
import { scopeOf } from '../../kit/scope.ts';
import { inspectionQuestionsByType, maintenanceQuestionsByType, productPartsOf } from '../equipment/index.ts';
import { equipmentIdOnTag } from '../equipment/index.ts';
import { enabledTypeAttributes, fieldProducts, toFieldProduct } from '../equipment/index.ts';
import { cyclesOfEquipment, statusColumns } from '../equipment/index.ts';
import { technicianVisits } from '../visits/index.ts';
import { inCompanies, setTotal, setVersion } from './set-stamps.ts';

type Input = z.output<typeof workingSetInputSchema>;
type Catalogue = NonNullable<WorkingSetPage['catalogue']>;

/** Where a download is: its stamp, and the last item sent (equipment, then unused tags). */
const cursorSchema = z.object({
  /** the download's company (null: the whole group) */
  c: z.number().int().nullable(),
  v: z.string().max(64),
  g: z.number().int(),
  n: z.number().int().min(0),
  /** phase: equipment or tags */
  p: z.enum(['e', 't']),
  /** the last (company id, id) sent in this phase; null: from the start */
  k: z.tuple([z.number().int(), z.number().int()]).nullable(),
});
type Cursor = z.infer<typeof cursorSchema>;

const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');

function decodeCursor(text: string): Cursor {
  try {
    return cursorSchema.parse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
  } catch {
    throw new AppError('WORKING_SET_CURSOR_INVALID');
  }
}

/**
 * The companies of the set: a company admin's or operator's own (another id: 404), or for group
 * and provider admins the one named, else every company of the group.
 */
async function companiesOf(ctx: TenantContext, input: Input) {
  const scope = scopeOf(ctx.auth);
  if (scope.companyId !== null && input.companyId !== undefined && input.companyId !== scope.companyId)
    throw new AppError('NOT_FOUND');
  const only = scope.companyId ?? input.companyId ?? null;
  let q = coreDb()
    .selectFrom('companies')
    .select(['id', 'name'])
    .where('company_group_id', '=', ctx.auth.companyGroup.id)
    .orderBy('id');
  if (only !== null) q = q.where('id', '=', only);
  const companies = await q.execute();
  if (only !== null && companies.length === 0) throw new AppError('NOT_FOUND');
  return { companyId: only, companies };
}

/** The catalogue: every registrable product and the ones the set's equipment is on, their types' forms. */
async function loadCatalogue(
  db: TenantDb,
  companyIds: readonly number[],
  companies: Catalogue['companies'],
  onlyProducts?: readonly number[],
): Promise<Catalogue> {
  const products = await fieldProducts(db)
    .where((eb) =>
      onlyProducts
        ? eb('p.id', 'in', onlyProducts.length ? [...onlyProducts] : [-1])
        : eb.or([
            eb.and([eb('p.enabled', '=', true), eb('it.enabled', '=', true), eb('c.enabled', '=', true)]),
            eb.exists(
              eb
                .selectFrom('equipment as e')
                .select('e.id')
                .whereRef('e.product_id', '=', 'p.id')
                .where('e.company_id', 'in', companyIds.length ? [...companyIds] : [-1]),
            ),
          ]),
    )
    .execute();
  const typeIds = [...new Set(products.map((p) => p.inspection_type_id))];
  const [types, questions, maintenance, attributes, parts] = await Promise.all([
    typeIds.length
      ? db
          .selectFrom('inspection_types')
          .select(['id', 'name'])
          .where('id', 'in', typeIds)
          .orderBy('id')
          .execute()
      : [],
    inspectionQuestionsByType(db, typeIds),
    maintenanceQuestionsByType(db, typeIds),
    enabledTypeAttributes(db, typeIds),
    productPartsOf(
      db,
      products.map((p) => p.id),
    ),
  ]);
  return {
    products: products.map((p) => ({
      ...toFieldProduct(p),
      registrable: p.registrable,
      parts: parts.get(p.id) ?? [],
    })),
    inspectionTypes: types.map((t) => ({
      id: t.id,
      name: t.name,
      questions: questions.get(t.id) ?? [],
      maintenanceQuestions: (maintenance.get(t.id) ?? []).map(({ customAnswers: _c, ...q }) => q),
      attributes: attributes.get(t.id) ?? [],
    })),
    companies,
  };
}

const after = (companyCol: string, idCol: string, k: Cursor['k']): Expression<SqlBool> =>
  k ? sql<SqlBool>`(${sql.ref(companyCol)}, ${sql.ref(idCol)}) > (${k[0]}, ${k[1]})` : sql<SqlBool>`true`;

/** The working set's equipment rows (with the tag, the status of the day and the attribute values). */
function equipmentRows(db: TenantDb, day: string) {
  return db
    .selectFrom('equipment as e')
    .innerJoin('tags as t', 't.id', 'e.tag_id')
    .select([
      'e.id',
      'e.company_id',
      'e.product_id',
      'e.extra_label',
      'e.extra_code',
      'e.due_date',
      'e.next_inspection_date',
      'e.last_inspection_at',
      't.serial_number',
      't.enabled',
      statusColumns('e', day).status.as('status'),
    ])
    .select((eb) =>
      eb
        .selectFrom('equipment_attribute_values as v')
        .select(
          sql<{ attributeId: number; value: string }[]>`coalesce(json_agg(json_build_object(
            'attributeId', v.attribute_id, 'value', v.value) order by v.attribute_id), '[]'::json)`.as(
            'list',
          ),
        )
        .whereRef('v.equipment_id', '=', 'e.id')
        .as('attributes'),
    );
}

function equipmentPage(
  db: TenantDb,
  companyIds: readonly number[],
  k: Cursor['k'],
  limit: number,
  day: string,
) {
  return equipmentRows(db, day)
    .where(inCompanies('e.company_id', companyIds))
    .where(after('e.company_id', 'e.id', k))
    .orderBy('e.company_id')
    .orderBy('e.id')
    .limit(limit)
    .execute();
}

function unusedTagsPage(db: TenantDb, companyIds: readonly number[], k: Cursor['k'], limit: number) {
  return db
    .selectFrom('tags as t')
    .select(['t.id', 't.company_id', 't.serial_number'])
    .where(sql<SqlBool>`t.enabled and t.activated_at is null`)
    .where(inCompanies('t.company_id', companyIds))
    .where(after('t.company_id', 't.id', k))
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('equipment as x').select('x.id').whereRef('x.tag_id', '=', 't.id'))),
    )
    .orderBy('t.company_id')
    .orderBy('t.id')
    .limit(limit)
    .execute();
}

type EquipmentRow = Awaited<ReturnType<typeof equipmentPage>>[number];

type SetEquipment = WorkingSetPage['equipment'][number];

/** The rows as the set carries them, with their cycles (one statement for the lot). */
async function withCycles(db: TenantDb, rows: readonly EquipmentRow[], day: string): Promise<SetEquipment[]> {
  const cycles = await cyclesOfEquipment(
    db,
    rows.map((r) => r.id),
    day,
  );
  return rows.map((r) => toSetEquipment(r, cycles.get(r.id) ?? []));
}

function toSetEquipment(e: EquipmentRow, cycles: SetEquipment['cycles']): SetEquipment {
  return {
    id: e.id,
    tagSerialNumber: e.serial_number,
    enabledTag: e.enabled,
    companyId: e.company_id,
    productId: e.product_id,
    extraLabel: e.extra_label,
    extraCode: e.extra_code,
    status: e.status as EquipmentStatus,
    dueDate: e.due_date,
    nextInspectionDate: e.next_inspection_date,
    lastInspectionAt: e.last_inspection_at,
    attributes: e.attributes ?? [],
    cycles,
  };
}

/**
 * GET /web/field/working-set/tags/{tag}/: one tag's part of the working set — its equipment row and
 * the catalogue pieces its offline forms need (its product with parts, its inspection type with
 * questions, maintenance questions and attributes), read by the same loaders as the whole set. The
 * phone keeps it when a tag is opened online, so the tag works without signal afterwards even if
 * the whole set was never downloaded. A tag out of the caller's scope is 404 TAG_NOT_FOUND, an
 * unused one 404 EQUIPMENT_NOT_FOUND (as `equipment.get`).
 */
export async function workingSetTag(ctx: TenantContext, input: { tag: string }): Promise<WorkingSetTag> {
  const db = ctx.auth.tenant;
  const id = await equipmentIdOnTag(ctx, input.tag);
  const day = today();
  const row = await equipmentRows(db, day).where('e.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('EQUIPMENT_NOT_FOUND');
  const [catalogue, [equipment]] = await Promise.all([
    loadCatalogue(db, [row.company_id], [], [row.product_id]),
    withCycles(db, [row], day),
  ]);
  const product = catalogue.products[0];
  const inspectionType = catalogue.inspectionTypes[0];
  if (!product || !inspectionType || !equipment) throw new AppError('EQUIPMENT_NOT_FOUND');
  return { generatedAt: new Date(), equipment, product, inspectionType };
}

/** GET /web/field/working-set/: one page of the caller's company's offline working set. */
export async function workingSet(ctx: TenantContext, input: Input): Promise<WorkingSetPage> {
  const db = ctx.auth.tenant;
  const { companyId, companies } = await companiesOf(ctx, input);
  const companyIds = companies.map((c) => c.id);
  const day = today();
  let cursor: Cursor;
  let catalogue: Catalogue | null = null;
  let visits: WorkingSetPage['visits'] = null;
  if (input.cursor) {
    cursor = decodeCursor(input.cursor);
    // A cursor of another download (another company) starts nothing here.
    if (cursor.c !== companyId) throw new AppError('WORKING_SET_CURSOR_INVALID');
  } else {
    [catalogue, visits] = await Promise.all([
      loadCatalogue(db, companyIds, companies),
      technicianVisits(db, {
        technicianId: ctx.auth.user.id,
        companyIds,
        from: day,
        to: addDays(day, WORKING_SET_VISIT_DAYS - 1),
        day,
        equipmentCap: WORKING_SET_VISIT_EQUIPMENT_MAX,
      }),
    ]);
    const [version, total] = await Promise.all([
      setVersion(db, companyIds, catalogue, visits, day),
      setTotal(db, companyIds),
    ]);
    cursor = { c: companyId, v: version, g: Date.now(), n: total, p: 'e', k: null };
  }

  const size = input.pageSize;
  let equipment: Awaited<ReturnType<typeof equipmentPage>> = [];
  let tags: Awaited<ReturnType<typeof unusedTagsPage>> = [];
  let next: Cursor | null = null;
  let phase = cursor.p;
  let key = cursor.k;
  if (phase === 'e') {
    const rows = await equipmentPage(db, companyIds, key, size + 1, day);
    if (rows.length > size) {
      equipment = rows.slice(0, size);
      const last = equipment[equipment.length - 1]!;
      next = { ...cursor, p: 'e', k: [last.company_id, last.id] };
    } else {
      equipment = rows;
      phase = 't';
      key = null;
    }
  }
  const room = size - equipment.length;
  if (next === null && phase === 't') {
    if (room === 0) next = { ...cursor, p: 't', k: key };
    else {
      const rows = await unusedTagsPage(db, companyIds, key, room + 1);
      tags = rows.slice(0, room);
      if (rows.length > room) {
        const last = tags[tags.length - 1]!;
        next = { ...cursor, p: 't', k: [last.company_id, last.id] };
      }
    }
  }

  const c = config();
  return {
    version: cursor.v,
    generatedAt: new Date(cursor.g),
    companyId,
    total: cursor.n,
    limits: {
      offlineMaxAgeDays: c.OFFLINE_MAX_AGE_DAYS,
      clockSkewMinutes: CLOCK_SKEW_MINUTES,
      presenceMaxDistanceM: c.PRESENCE_MAX_DISTANCE_M,
      presenceMaxSubmitDelayMinutes: c.PRESENCE_MAX_SUBMIT_DELAY_MIN,
    },
    catalogue,
    visits,
    equipment: await withCycles(db, equipment, day),
    unusedTags: tags.map((t) => ({ serialNumber: t.serial_number, companyId: t.company_id })),
    nextCursor: next ? encodeCursor(next) : null,
  };
}
