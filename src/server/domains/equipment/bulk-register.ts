/**
 * Equipment registered and updated in bulk (issue 31: a chunk of an import, ~1,000 rows, in the
 * caller's transaction), set-based: one INSERT of the new equipment, one UPDATE of the changed ones,
 * one upsert of attribute values, one of cycle states, one INSERT of snapshots, one UPDATE of the
 * tags taken and one of the search documents — whatever the number of rows. The rules are the
 * register form's (`register.ts`): attribute values checked by the caller with the same rules; the
 * due date and cycle states from `statesAfter`/`dueFromCycles`/`resolveDueDate`; stored dates from
 * `datesWith`; the plan's room (`requireEquipmentRoom`) and each company's tags limit
 * (`checkTagsLimit`, for the chunk's new tags at once). The counters follow by their triggers.
 *
 * A row without a tag inserts `tag_id = null` (equipment waiting for a tag, tenant 1401). No
 * `equipment.registered` event per row: an import is not a registration webhook subscribers could
 * take by the thousand (docs/decisions.md, "Imports").
 */
import { sql } from 'kysely';
import { AppError } from '../../errors.ts';
import { requireEquipmentRoom } from '../organisations/index.ts';
import { checkTagsLimit } from '../tags/index.ts';
import { resolveDueDate } from './attributes.ts';
import { actorOf, type Ctx, type Trx } from './common.ts';
import { dueFromCycles, statesAfter, type CycleStates } from './cycles.ts';
import { schemaOf } from './cycles-sql.ts';
import type { ImportExisting, ImportProduct } from './import-lookups.ts';
import { datesWith } from './register.ts';
import { equipmentSearchDocumentOf, refreshEquipmentSearch } from './search.ts';

/** One row to write: checked values on its product (`existing` set: the equipment of its natural key). */
export interface BulkEquipmentRow {
  line: number;
  companyId: number;
  product: ImportProduct;
  tag: { id: number; serial: string } | null;
  existing: ImportExisting | null;
  /** undefined: the column is not in the file (an update keeps the stored value) */
  extraLabel: string | null | undefined;
  extraCode: string | null | undefined;
  /** a typed due date; null/undefined: automatic (an update keeps a typed one when undefined) */
  dueDate: string | null | undefined;
  attributes: { attributeId: number; value: string }[];
  cycles: { code: string; day: string }[];
}

export interface BulkOutcome {
  created: number;
  updated: number;
  skipped: number;
  failed: {
    line: number;
    code: 'TAGS_LIMIT_REACHED' | 'PLAN_EQUIPMENT_LIMIT_REACHED';
    params: Record<string, string | number>;
  }[];
}

/** What a row makes of the equipment: its values after the write. */
interface Planned {
  row: BulkEquipmentRow;
  extraLabel: string | null;
  extraCode: string | null;
  attributes: { attributeId: number; value: string }[];
  cycles: CycleStates;
  due: ReturnType<typeof dueFromCycles>;
  dates: ReturnType<typeof datesWith>;
}

function later(a: string | null | undefined, b: string | null | undefined): string | null {
  if (!a) return b ?? null;
  if (!b) return a;
  return a > b ? a : b;
}

/** The row's equipment after the write, by the register form's rules. */
function plan(row: BulkEquipmentRow): Planned {
  const p = row.product;
  const ex = row.existing;
  const held = new Map((ex?.attributes ?? []).map((a) => [a.attributeId, a.value]));
  for (const a of row.attributes) held.set(a.attributeId, a.value);
  const attributes = [...held].map(([attributeId, value]) => ({ attributeId, value }));
  const byId = new Map(p.attributes.map((a) => [a.id, a]));
  const dated = attributes
    .filter((a) => byId.has(a.attributeId))
    .map((a) => ({
      attribute: byId.get(a.attributeId)!.attribute,
      type: byId.get(a.attributeId)!.type,
      value: a.value,
    }));
  const given = new Map(row.cycles.map((c) => [c.code, c.day]));
  const rules = p.rules.map((r) => ({
    ...r,
    recordDoneAt: later(ex && ex.product_id === p.id ? ex.records[r.code] : null, given.get(r.code)),
  }));
  const cycles = statesAfter(rules, { attributes: dated, noticeDays: p.days_notification_due_date });
  const legacy = resolveDueDate({ isDueDate: true, isExtinguisher: p.isExtinguisher }, null, dated).due_date;
  const auto = dueFromCycles(p, null, cycles, legacy);
  // A typed date equal to the automatic one is the automatic one (an export imported back).
  const kept = row.dueDate === undefined && ex?.due_date_manual ? ex.due_date : null;
  const typed = row.dueDate && row.dueDate !== auto.due_date ? row.dueDate : kept;
  const due = typed ? dueFromCycles(p, typed, cycles, legacy) : auto;
  return {
    row,
    extraLabel: row.extraLabel === undefined ? (ex?.extra_label ?? null) : row.extraLabel,
    extraCode: row.extraCode === undefined ? (ex?.extra_code ?? null) : row.extraCode,
    attributes,
    cycles,
    due,
    dates: datesWith(p, ex?.last_inspection_day ?? null, due),
  };
}

/** Whether the write changes the stored equipment. */
function changes(x: Planned): boolean {
  const ex = x.row.existing!;
  const before = new Map(ex.attributes.map((a) => [a.attributeId, a.value]));
  return (
    ex.product_id !== x.row.product.id ||
    ex.extra_label !== x.extraLabel ||
    ex.extra_code !== x.extraCode ||
    ex.due_date !== x.dates.due_date ||
    ex.due_date_manual !== x.due.due_date_manual ||
    x.row.attributes.some((a) => before.get(a.attributeId) !== a.value) ||
    x.row.cycles.some((c) => (ex.records[c.code] ?? '') < c.day)
  );
}

/** The limits on new equipment: rows that would pass one fail with its code; the others go on. */
async function withinLimits(ctx: Ctx, trx: Trx, creates: Planned[], failed: BulkOutcome['failed']) {
  if (creates.length === 0) return creates;
  try {
    await requireEquipmentRoom(ctx, trx, creates.length);
  } catch (e) {
    if (!(e instanceof AppError) || e.code !== 'PLAN_EQUIPMENT_LIMIT_REACHED') throw e;
    for (const c of creates) failed.push({ line: c.row.line, code: e.code, params: e.params ?? {} });
    return [];
  }
  const tagged = new Map<number, Planned[]>();
  for (const c of creates)
    if (c.row.tag && !c.row.product.is_dv_exclusive)
      tagged.set(c.row.companyId, [...(tagged.get(c.row.companyId) ?? []), c]);
  const refused = new Set<Planned>();
  for (const [companyId, rows] of [...tagged].sort((a, b) => a[0] - b[0]))
    try {
      await checkTagsLimit(ctx, trx, companyId, undefined, rows.length);
    } catch (e) {
      if (!(e instanceof AppError) || e.code !== 'TAGS_LIMIT_REACHED') throw e;
      for (const r of rows) {
        refused.add(r);
        failed.push({ line: r.row.line, code: e.code, params: e.params ?? {} });
      }
    }
  return creates.filter((c) => !refused.has(c));
}

async function insertEquipment(ctx: Ctx, trx: Trx, creates: Planned[]): Promise<number[]> {
  if (creates.length === 0) return [];
  const rows = await trx
    .insertInto('equipment')
    .values(
      creates.map((c) => ({
        // null: waiting for a tag (nullable from tenant 1401)
        tag_id: (c.row.tag?.id ?? null) as number,
        company_id: c.row.companyId,
        product_id: c.row.product.id,
        extra_label: c.extraLabel,
        extra_code: c.extraCode,
        due_date_manual: c.due.due_date_manual,
        ...c.dates,
        // The search document from the row's own values: no UPDATE of the new rows afterwards.
        search: equipmentSearchDocumentOf({
          // null while waiting for a tag (as the stored document has no serial then)
          serial: (c.row.tag?.serial ?? null) as string,
          extraLabel: c.extraLabel,
          extraCode: c.extraCode,
          productName: c.row.product.name,
          productSku: c.row.product.sku,
          inspector: null,
        }),
        created_by: ctx.auth.user.id,
      })),
    )
    .returning('id')
    .execute();
  // INSERT … VALUES … RETURNING answers the rows in the order of the VALUES list.
  return rows.map((r) => r.id);
}

async function updateEquipment(trx: Trx, updates: Planned[]): Promise<void> {
  if (updates.length === 0) return;
  const rows = sql.join(
    updates.map((u) => {
      const d = u.dates;
      return sql`(${u.row.existing!.id}::int, ${u.row.product.id}::int, ${u.extraLabel}::text, ${u.extraCode}::text,
        ${u.due.due_date_manual}::boolean, ${d.due_date}::date, ${d.due_notice_date ?? null}::date,
        ${d.next_inspection_date ?? null}::date, ${d.inspection_notice_date ?? null}::date)`;
    }),
  );
  // Raw SQL gets no schema from the tenant compiler: qualify the table (cycles-sql.ts `schemaOf`).
  await sql`update ${sql.id(schemaOf(trx))}.equipment as e set product_id = v.product_id,
      extra_label = v.extra_label, extra_code = v.extra_code, due_date_manual = v.due_date_manual,
      due_date = v.due_date, due_notice_date = v.due_notice_date,
      next_inspection_date = v.next_inspection_date, inspection_notice_date = v.inspection_notice_date,
      updated_at = now()
    from (values ${rows}) as v(id, product_id, extra_label, extra_code, due_date_manual, due_date,
      due_notice_date, next_inspection_date, inspection_notice_date)
    where e.id = v.id`.execute(trx);
}

/**
 * Equipment moved to another product keeps nothing of the old one, as the edit form's PUT
 * (`updateEquipment` replaces the values and prunes the cycles): the attribute values of another
 * inspection type and the states of cycles the new product does not have go (two statements, only
 * when a row of the chunk changed product).
 */
async function pruneAfterProductChange(trx: Trx, moved: Planned[]): Promise<void> {
  if (moved.length === 0) return;
  const ids = moved.map((m) => m.row.existing!.id);
  const schema = sql.id(schemaOf(trx));
  await sql`delete from ${schema}.equipment_attribute_values as v
    using ${schema}.equipment as e, ${schema}.products as p, ${schema}.inspection_type_attributes as a
    where v.equipment_id = any(${ids}::int[]) and e.id = v.equipment_id and p.id = e.product_id
      and a.id = v.attribute_id and a.inspection_type_id <> p.inspection_type_id`.execute(trx);
  const kept = sql.join(moved.map((m) => sql`(${m.row.existing!.id}::int, ${m.cycles.codes}::text[])`));
  await sql`delete from ${schema}.equipment_cycles as c using (values ${kept}) as k(equipment_id, codes)
    where c.equipment_id = k.equipment_id and c.cycle_code <> all(k.codes)`.execute(trx);
}

async function saveValuesAndCycles(trx: Trx, planned: Planned[], ids: number[]): Promise<void> {
  const values = planned.flatMap((p, i) =>
    p.row.attributes.map((a) => ({ equipment_id: ids[i]!, attribute_id: a.attributeId, value: a.value })),
  );
  if (values.length)
    await trx
      .insertInto('equipment_attribute_values')
      .values(values)
      .onConflict((oc) =>
        oc
          .columns(['equipment_id', 'attribute_id'])
          .doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })),
      )
      .execute();
  const cycles = planned.flatMap((p, i) =>
    p.cycles.codes.map((code, k) => ({
      equipment_id: ids[i]!,
      cycle_code: code,
      record_done_at: p.cycles.records[k]!,
      last_done_at: p.cycles.states[k]!.lastDoneAt,
      due_date: p.cycles.states[k]!.dueDate,
      notice_date: p.cycles.states[k]!.noticeDate,
    })),
  );
  if (cycles.length)
    await trx
      .insertInto('equipment_cycles')
      .values(cycles)
      .onConflict((oc) =>
        oc.columns(['equipment_id', 'cycle_code']).doUpdateSet((eb) => ({
          record_done_at: eb.ref('excluded.record_done_at'),
          last_done_at: eb.ref('excluded.last_done_at'),
          due_date: eb.ref('excluded.due_date'),
          notice_date: eb.ref('excluded.notice_date'),
        })),
      )
      .execute();
}

async function writeSnapshots(
  ctx: Ctx,
  trx: Trx,
  rows: { p: Planned; id: number; kind: 'CREATED' | 'UPDATED' }[],
) {
  if (rows.length === 0) return;
  const actor = actorOf(ctx);
  await trx
    .insertInto('equipment_snapshots')
    .values(
      rows.map(({ p, id, kind }) => ({
        equipment_id: id,
        kind,
        ...actor,
        // null without a tag (nullable from tenant 1401)
        tag_serial: (p.row.tag?.serial ?? null) as string,
        product_id: p.row.product.id,
        product_name: p.row.product.name,
        product_sku: p.row.product.sku,
        extra_label: p.extraLabel,
        extra_code: p.extraCode,
      })),
    )
    .execute();
}

/**
 * Writes a chunk's checked rows: new equipment for rows without `existing`, an update for rows whose
 * values differ from the stored ones, nothing for the others (skipped). Rows past a limit fail.
 */
export async function bulkRegisterEquipment(
  ctx: Ctx,
  trx: Trx,
  rows: BulkEquipmentRow[],
): Promise<BulkOutcome> {
  const failed: BulkOutcome['failed'] = [];
  const planned = rows.map(plan);
  const creates = await withinLimits(
    ctx,
    trx,
    planned.filter((p) => !p.row.existing),
    failed,
  );
  const updates = planned.filter((p) => p.row.existing && changes(p));
  const newIds = await insertEquipment(ctx, trx, creates);
  await updateEquipment(trx, updates);
  const written = [...creates, ...updates];
  const ids = [...newIds, ...updates.map((u) => u.row.existing!.id)];
  await saveValuesAndCycles(trx, written, ids);
  await pruneAfterProductChange(
    trx,
    updates.filter((u) => u.row.existing!.product_id !== u.row.product.id),
  );
  await refreshEquipmentSearch(trx, { equipmentIds: updates.map((u) => u.row.existing!.id) });
  await writeSnapshots(ctx, trx, [
    ...creates.map((p, i) => ({ p, id: newIds[i]!, kind: 'CREATED' as const })),
    ...updates
      .filter((u) => {
        const ex = u.row.existing!;
        return (
          ex.product_id !== u.row.product.id ||
          ex.extra_label !== u.extraLabel ||
          ex.extra_code !== u.extraCode
        );
      })
      .map((p) => ({ p, id: p.row.existing!.id, kind: 'UPDATED' as const })),
  ]);
  const tagIds = creates.flatMap((c) => (c.row.tag ? [c.row.tag.id] : []));
  if (tagIds.length)
    await trx
      .updateTable('tags')
      .set({ activated_at: sql`now()`, updated_at: sql`now()` })
      .where('id', 'in', tagIds)
      .execute();
  return {
    created: creates.length,
    updated: updates.length,
    skipped: planned.length - creates.length - updates.length - failed.length,
    failed,
  };
}
