/**
 * Attribute values of equipment (the inspection type's attributes: TEXT or DATE) and the due date
 * that follows from them for extinguishers (ABNT NBR 12962, `extinguisherDueDate`).
 */
import {
  extinguisherDateKind,
  extinguisherDueDate,
  retestBeforeManufacture,
} from '../../../shared/equipment/status.ts';
import { isRealDate } from '../../../shared/dates.ts';
import { attributeProblem } from '../../../shared/field/answer-rules.ts';
import { AppError } from '../../errors.ts';
import type { Db, Trx } from './common.ts';

export interface TypeAttribute {
  id: number;
  attribute: string;
  type: 'TEXT' | 'DATE';
  enabled: boolean;
}

/** A value as the equipment holds it, with the attribute's text as it is now. */
export interface AttributeValue {
  attributeId: number;
  attribute: string;
  type: 'TEXT' | 'DATE';
  value: string;
}

/** The attributes of an inspection type, in the type's order (disabled ones included). */
export function typeAttributes(db: Db, inspectionTypeId: number): Promise<TypeAttribute[]> {
  return db
    .selectFrom('inspection_type_attributes')
    .select(['id', 'attribute', 'type', 'enabled'])
    .where('inspection_type_id', '=', inspectionTypeId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/**
 * Checks submitted values against the inspection type's attributes: each must be one of them, given
 * once, enabled (or one the equipment already holds a value of: `kept`), and a DATE must be a real
 * day. An empty value clears the attribute. Else 400 EQUIPMENT_ATTRIBUTE_INVALID naming it, by text
 * and by id (`attributeId`). The rule is the field record's (`shared/field/answer-rules.ts`).
 */
export function checkAttributeValues(
  attrs: TypeAttribute[],
  input: { attributeId: number; value: string }[],
  kept: ReadonlySet<number> = new Set(),
): { attribute: TypeAttribute; value: string }[] {
  const problem = attributeProblem(attrs, input, kept);
  if (problem)
    throw new AppError(problem.code, {
      params: { attribute: problem.attribute, attributeId: problem.attributeId },
    });
  const byId = new Map(attrs.map((a) => [a.id, a]));
  return input.map(({ attributeId, value }) => ({ attribute: byId.get(attributeId)!, value }));
}

/**
 * Checked values whose dates hold together: a hydrostatic retest before the manufacturing date is
 * 400 EQUIPMENT_RETEST_BEFORE_MANUFACTURE naming the retest attribute (the forms put it on that
 * field).
 */
export function checkAttributeDates(values: readonly { attribute: TypeAttribute; value: string }[]): void {
  const bad = retestBeforeManufacture(
    values.map((v) => ({ attribute: v.attribute.attribute, type: v.attribute.type, value: v.value })),
  );
  if (bad >= 0)
    throw new AppError('EQUIPMENT_RETEST_BEFORE_MANUFACTURE', {
      params: { attribute: values[bad]!.attribute.attribute, attributeId: values[bad]!.attribute.id },
    });
}

/**
 * Writes checked values: an empty one deletes, the others upsert. With `replace`, values of
 * attributes left out are deleted too (PUT semantics of the equipment update).
 */
export async function saveAttributeValues(
  trx: Trx,
  equipmentId: number,
  values: { attribute: TypeAttribute; value: string }[],
  opts: { replace?: boolean } = {},
): Promise<void> {
  for (const q of attributeValueWrites(trx, equipmentId, values, opts)) await q.execute();
}

/**
 * The statements of `saveAttributeValues` (a delete, an upsert; either may be left out), for a
 * caller that runs them as parts of one statement (records/inspect.ts): the delete and the upsert
 * touch different rows.
 */
export function attributeValueWrites(
  db: Db,
  equipmentId: number,
  values: { attribute: TypeAttribute; value: string }[],
  opts: { replace?: boolean } = {},
) {
  const set = values.filter((v) => v.value !== '');
  const cleared = values.filter((v) => v.value === '').map((v) => v.attribute.id);
  const out = [];
  if (opts.replace) {
    let del = db.deleteFrom('equipment_attribute_values').where('equipment_id', '=', equipmentId);
    if (set.length)
      del = del.where(
        'attribute_id',
        'not in',
        set.map((v) => v.attribute.id),
      );
    out.push(del);
  } else if (cleared.length) {
    out.push(
      db
        .deleteFrom('equipment_attribute_values')
        .where('equipment_id', '=', equipmentId)
        .where('attribute_id', 'in', cleared),
    );
  }
  const upsert = set.length
    ? db
        .insertInto('equipment_attribute_values')
        .values(set.map((v) => ({ equipment_id: equipmentId, attribute_id: v.attribute.id, value: v.value })))
        .onConflict((oc) =>
          oc
            .columns(['equipment_id', 'attribute_id'])
            .doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })),
        )
    : null;
  return [...out, ...(upsert ? [upsert] : [])];
}

/** The values an equipment holds now, in its inspection type's order. */
export function currentAttributeValues(db: Db, equipmentId: number): Promise<AttributeValue[]> {
  return db
    .selectFrom('equipment_attribute_values as v')
    .innerJoin('inspection_type_attributes as a', 'a.id', 'v.attribute_id')
    .select(['a.id as attributeId', 'a.attribute', 'a.type', 'v.value'])
    .where('v.equipment_id', '=', equipmentId)
    .orderBy('a.position')
    .orderBy('a.id')
    .execute();
}

/** The extinguisher due date from DATE attribute values, by each attribute's name. */
export function extinguisherDueFrom(
  values: { attribute: string; type: string; value: string }[],
): string | null {
  const dates: { rechargeDate?: string; retestDate?: string; manufacturingDate?: string } = {};
  for (const v of values) {
    if (v.type !== 'DATE' || !isRealDate(v.value)) continue;
    const kind = extinguisherDateKind(v.attribute);
    if (kind === 'recharge') dates.rechargeDate = v.value;
    else if (kind === 'retest') dates.retestDate = v.value;
    else if (kind === 'manufacturing') dates.manufacturingDate = v.value;
  }
  return extinguisherDueDate(dates);
}

/**
 * The due date an equipment keeps (docs/decisions.md, "Due dates"): none unless the product has an
 * expiration date (`is_due_date`); a typed date is kept as manual; otherwise extinguishers follow
 * their attributes; other products have none until one is typed.
 */
export function resolveDueDate(
  product: { isDueDate: boolean; isExtinguisher: boolean },
  manual: string | null,
  values: { attribute: string; type: string; value: string }[],
): { due_date: string | null; due_date_manual: boolean } {
  if (!product.isDueDate) return { due_date: null, due_date_manual: false };
  if (manual) return { due_date: manual, due_date_manual: true };
  if (product.isExtinguisher) return { due_date: extinguisherDueFrom(values), due_date_manual: false };
  return { due_date: null, due_date_manual: false };
}
