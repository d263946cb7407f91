import { refreshCycles } from './cycles-sql.ts';
import { type Expression, type SqlBool, sql } from 'kysely';
import { searchDocument } from '../../db/search.ts';
import type { Db } from './common.ts';
import { recomputeProductDates } from './status-sql.ts';

/**
 * The equipment's search document over `e`, `t` (its tag) and `p` (its product): tag serial,
 * labels, product name and SKU, and the last inspector's name as the inspection recorded it (the
 * report's `employeeData` preset searches it; kept on the row by tenant migration 0601).
 */
export function equipmentSearchDocument(serial: Expression<unknown> = sql.ref('t.serial_number')) {
  return searchDocument([
    serial,
    sql.ref('e.extra_label'),
    sql.ref('e.extra_code'),
    sql.ref('p.name'),
    sql.ref('p.sku'),
    sql.ref('e.last_inspection_user_name'),
  ]);
}

/** The same document from values (a write that already holds them, e.g. an inspection). */
export function equipmentSearchDocumentOf(v: {
  serial: string;
  extraLabel: string | null;
  extraCode: string | null;
  productName: string;
  productSku: string;
  inspector: string | null;
}) {
  return searchDocument(
    [v.serial, v.extraLabel, v.extraCode, v.productName, v.productSku, v.inspector].map(
      (x) => sql`${x}::text`,
    ),
  );
}

/**
 * Rewrites `equipment.search` (tag serial, labels, product name and SKU, last inspector) of one equipment, of a
 * product's equipment or of a tag's equipment; rows already right are left alone. Call it in the
 * transaction of any write that changes one of those (registration, update, product rename, tag
 * replacement).
 */
export async function refreshEquipmentSearch(
  db: Db,
  where: { equipmentId: number } | { equipmentIds: number[] } | { productId: number } | { tagId: number },
): Promise<void> {
  // The serial as a scalar subquery: equipment waiting for a tag (tenant 1401) has none, and an
  // UPDATE's FROM cannot left-join its target.
  const doc = equipmentSearchDocument(
    sql`(${db.selectFrom('tags as t').select('t.serial_number').whereRef('t.id', '=', sql.ref('e.tag_id'))})`,
  );
  let q = db
    .updateTable('equipment as e')
    .from('products as p')
    .set({ search: doc })
    .whereRef('p.id', '=', 'e.product_id')
    .where(sql<SqlBool>`e.search is distinct from ${doc}`);
  if ('equipmentId' in where) q = q.where('e.id', '=', where.equipmentId);
  else if ('equipmentIds' in where) {
    if (where.equipmentIds.length === 0) return;
    q = q.where('e.id', 'in', where.equipmentIds);
  } else if ('productId' in where) q = q.where('e.product_id', '=', where.productId);
  else q = q.where('e.tag_id', '=', where.tagId);
  await q.execute();
}

/**
 * A product's schedule, notice days, expiration flag, name or SKU changed: its equipment's stored
 * dates and search text follow, in the product update's transaction.
 */
export async function syncProductEquipment(db: Db, productId: number): Promise<void> {
  await recomputeProductDates(db, productId);
  // Its type, notice days or expiration flag may have changed: the cycles follow (issue 30).
  await refreshCycles(db, { productId }, { prune: true });
  await refreshEquipmentSearch(db, { productId });
}
