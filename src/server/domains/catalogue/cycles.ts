/**
 * Maintenance cycles of inspection types and products (issue 30 item 1): read, replace the whole
 * list, apply a shipped preset. A save publishes `cyclesChanged`, and the equipment domain moves
 * every equipment of the list in the same transaction (set-based, `equipment/cycles-sql.ts`).
 * A product's own list (`own_cycles`) replaces its type's entirely: simpler to read than a merge,
 * and a stricter contract for one product is a copy of the type's list with other intervals.
 */
import { sql } from 'kysely';
import type { z } from 'zod';
import { CYCLE_PRESETS, cyclePreset } from '../../../shared/cycles/presets.ts';
import { answerKey } from '../../../shared/cycles/rules.ts';
import type {
  applyCyclePresetSchema,
  Cycle,
  CycleFields,
  CyclePreset,
  CycleRefresh,
  SavedTypeCycles,
  saveProductCyclesSchema,
  saveTypeCyclesSchema,
} from '../../../shared/cycles/schemas.ts';
import { normalizeSearch } from '../../../shared/text.ts';
import { AppError } from '../../errors.ts';
import { publish } from '../../kit/events.ts';
import { type Ctx, type Db, inTenantTx, isProvider, type Trx } from './common.ts';
import { cyclesChanged } from './events.ts';

type Owner = { inspectionTypeId: number; productId: number | null };

function readCycles(db: Db, owner: Owner): Promise<Cycle[]> {
  let q = db
    .selectFrom('maintenance_cycles')
    .select([
      'code',
      'name',
      'norm',
      'interval_value as intervalValue',
      'interval_unit as intervalUnit',
      'done_by as doneBy',
      'maintenance_level as maintenanceLevel',
      'question_id as questionId',
      'answer',
      'done_attributes as doneAttributes',
      'start_from as startFrom',
      'start_date as startDate',
      'warning_days as warningDays',
    ])
    .where('product_id', owner.productId === null ? 'is' : '=', owner.productId);
  // A product's own rows are found by the product alone (its type may have changed since).
  if (owner.productId === null) q = q.where('inspection_type_id', '=', owner.inspectionTypeId);
  return q.orderBy('position').orderBy('id').execute();
}

async function typeExists(db: Db, id: number): Promise<void> {
  const t = await db.selectFrom('inspection_types').select('id').where('id', '=', id).executeTakeFirst();
  if (!t) throw new AppError('NOT_FOUND');
}

/** GET /web/inspection-types/{id}/cycles/ */
export async function getTypeCycles(ctx: Ctx, { id }: { id: number }): Promise<Cycle[]> {
  await typeExists(ctx.auth.tenant, id);
  return readCycles(ctx.auth.tenant, { inspectionTypeId: id, productId: null });
}

/**
 * The list's own checks: codes distinct (400 CYCLE_CODE_DUPLICATE), an ANSWER cycle names an
 * inspection question of the type (400 CYCLE_QUESTION_INVALID).
 */
async function checkCycles(trx: Trx, inspectionTypeId: number, cycles: readonly CycleFields[]) {
  const seen = new Set<string>();
  for (const c of cycles) {
    if (seen.has(c.code)) throw new AppError('CYCLE_CODE_DUPLICATE', { params: { code: c.code } });
    seen.add(c.code);
  }
  const asked = cycles.filter((c) => c.doneBy === 'ANSWER').map((c) => c.questionId!);
  if (asked.length === 0) return;
  const found = new Set(
    (
      await trx
        .selectFrom('inspection_questions')
        .select('id')
        .where('inspection_type_id', '=', inspectionTypeId)
        .where('id', 'in', asked)
        .execute()
    ).map((q) => q.id),
  );
  const bad = cycles.find((c) => c.doneBy === 'ANSWER' && !found.has(c.questionId!));
  if (bad) throw new AppError('CYCLE_QUESTION_INVALID', { params: { code: bad.code } });
}

/** The rows of a list as stored: answers upper-case, attribute words folded like `core.search_text`. */
export function cycleRows(owner: Owner, cycles: readonly CycleFields[]) {
  return cycles.map((c, i) => ({
    inspection_type_id: owner.inspectionTypeId,
    product_id: owner.productId,
    code: c.code,
    name: c.name,
    norm: c.norm,
    interval_value: c.intervalValue,
    interval_unit: c.intervalUnit,
    done_by: c.doneBy,
    maintenance_level: c.doneBy === 'MAINTENANCE' ? c.maintenanceLevel : null,
    question_id: c.doneBy === 'ANSWER' ? c.questionId : null,
    answer: c.doneBy === 'ANSWER' && c.answer ? answerKey(c.answer) : null,
    done_attributes: sql<
      string[]
    >`${c.doneAttributes.map((w) => normalizeSearch(w)).filter(Boolean)}::text[]`,
    start_from: c.startFrom,
    start_date: c.startFrom === 'FIXED' ? c.startDate : null,
    warning_days: c.warningDays,
    position: i + 1,
  }));
}

/**
 * Replaces a list (a type's or a product's) and moves its equipment in the caller's transaction, or
 * (many equipment) answers the job that moves them.
 */
async function writeCycles(
  ctx: Ctx,
  trx: Trx,
  owner: Owner,
  cycles: readonly CycleFields[],
): Promise<CycleRefresh | null> {
  await checkCycles(trx, owner.inspectionTypeId, cycles);
  let del = trx
    .deleteFrom('maintenance_cycles')
    .where('product_id', owner.productId === null ? 'is' : '=', owner.productId);
  if (owner.productId === null) del = del.where('inspection_type_id', '=', owner.inspectionTypeId);
  await del.execute();
  if (cycles.length) await trx.insertInto('maintenance_cycles').values(cycleRows(owner, cycles)).execute();
  const [refresh] = await publish(
    trx,
    ctx,
    cyclesChanged,
    owner.productId === null ? { inspectionTypeId: owner.inspectionTypeId } : { productId: owner.productId },
  );
  return refresh ?? null;
}

/** PUT /web/inspection-types/{id}/cycles/: the whole list (codes keep each equipment's state). */
export async function saveTypeCycles(
  ctx: Ctx,
  input: z.output<typeof saveTypeCyclesSchema>,
): Promise<SavedTypeCycles> {
  const refresh = await inTenantTx(ctx, async (trx) => {
    await lockType(trx, input.id);
    return writeCycles(ctx, trx, { inspectionTypeId: input.id, productId: null }, input.cycles);
  });
  return {
    cycles: await readCycles(ctx.auth.tenant, { inspectionTypeId: input.id, productId: null }),
    refresh,
  };
}

async function lockType(trx: Trx, id: number) {
  const t = await trx
    .selectFrom('inspection_types')
    .select('id')
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!t) throw new AppError('NOT_FOUND');
}

/** A preset's cycles as stored fields, named in `language`. */
export function presetFields(preset: CyclePreset, language: 'pt' | 'en' | 'es'): CycleFields[] {
  return preset.cycles.map((c) => ({ ...c, name: c.name[language], doneAttributes: [...c.doneAttributes] }));
}

/**
 * POST /web/inspection-types/{id}/cycles/preset: the preset's cycles replace the type's cycles of
 * the same code (an edited interval goes back to the norm's), the type's other cycles stay.
 */
export async function applyCyclePreset(
  ctx: Ctx,
  input: z.output<typeof applyCyclePresetSchema>,
): Promise<SavedTypeCycles> {
  const owner = { inspectionTypeId: input.id, productId: null };
  const refresh = await inTenantTx(ctx, async (trx) => {
    await lockType(trx, input.id);
    const current: CycleFields[] = await readCycles(trx, owner);
    const added = presetFields(cyclePreset(input.preset), input.language);
    const codes = new Set(added.map((c) => c.code));
    return writeCycles(ctx, trx, owner, [...current.filter((c) => !codes.has(c.code)), ...added]);
  });
  return { cycles: await readCycles(ctx.auth.tenant, owner), refresh };
}

/** GET /web/maintenance-cycles/presets/ */
export function cyclePresets(): CyclePreset[] {
  return [...CYCLE_PRESETS];
}

async function productOwner(db: Db, id: number, opts: { lock?: boolean } = {}) {
  let q = db
    .selectFrom('products')
    .select(['id', 'inspection_type_id', 'own_cycles', 'is_dv_exclusive'])
    .where('id', '=', id);
  if (opts.lock) q = q.forUpdate();
  const p = await q.executeTakeFirst();
  if (!p) throw new AppError('NOT_FOUND');
  return p;
}

/** GET /web/products/{id}/cycles/: the product's own list, or its type's. */
export async function getProductCycles(ctx: Ctx, { id }: { id: number }) {
  const p = await productOwner(ctx.auth.tenant, id);
  const cycles = await readCycles(ctx.auth.tenant, {
    inspectionTypeId: p.inspection_type_id,
    productId: p.own_cycles ? p.id : null,
  });
  return { ownCycles: p.own_cycles, cycles };
}

/** PUT /web/products/{id}/cycles/: its own list (`ownCycles`), or back to its type's. */
export async function saveProductCycles(ctx: Ctx, input: z.output<typeof saveProductCyclesSchema>) {
  const refresh = await inTenantTx(ctx, async (trx) => {
    const p = await productOwner(trx, input.id, { lock: true });
    // Provider-exclusive products are the provider admin's (as their other fields).
    if (p.is_dv_exclusive && !isProvider(ctx)) throw new AppError('PRODUCT_EXCLUSIVE_READ_ONLY');
    await trx.updateTable('products').set({ own_cycles: input.ownCycles }).where('id', '=', p.id).execute();
    // The type's list is untouched; the product's own rows follow `ownCycles`.
    return writeCycles(
      ctx,
      trx,
      { inspectionTypeId: p.inspection_type_id, productId: p.id },
      input.ownCycles ? input.cycles : [],
    );
  });
  return { ...(await getProductCycles(ctx, { id: input.id })), refresh };
}
