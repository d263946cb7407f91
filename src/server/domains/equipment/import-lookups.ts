/**
 * What an import chunk (issue 31) needs to know of the tenant, one statement each for the whole
 * chunk: products by SKU or name (with their rules, type attributes and cycle list), tags by serial,
 * and equipment by natural key (company + tag, or company + control number) with its current values.
 */
import { sql } from 'kysely';
import { isExtinguisherType } from '../../../shared/equipment/status.ts';
import type { Db } from './common.ts';
import { cycleRulesOf, type EquipmentCycleRule } from './cycles.ts';
import { productRuleColumns, productsWithType } from './product-rules.ts';

export interface ImportProduct {
  id: number;
  name: string;
  sku: string;
  registrable: boolean;
  is_dv_exclusive: boolean;
  is_due_date: boolean;
  inspection_schedule: number;
  days_notification_next_inspection_date: number | null;
  days_notification_due_date: number | null;
  inspection_type_id: number;
  isExtinguisher: boolean;
  /** the product's cycle list (no equipment's record days) */
  rules: EquipmentCycleRule[];
  /** its type's attributes, disabled ones included (the form's check) */
  attributes: { id: number; attribute: string; type: 'TEXT' | 'DATE'; enabled: boolean }[];
  /** `core.search_text` of the name: how a name in a file is matched */
  name_key: string;
}

/** Products whose SKU (case-insensitive) or name (as the search compares it) is one of these. */
export async function importProducts(
  db: Db,
  by: { skus: readonly string[]; names: readonly string[] },
): Promise<ImportProduct[]> {
  if (by.skus.length === 0 && by.names.length === 0) return [];
  const skus = [...new Set(by.skus.map((s) => s.toUpperCase()))];
  const rows = await productsWithType(db)
    .select((eb) => [
      'p.id',
      'p.name',
      'p.sku',
      ...productRuleColumns,
      'it.name as type_name',
      'c.name as category_name',
      sql<boolean>`(p.enabled and it.enabled and c.enabled)`.as('registrable'),
      sql<string>`core.search_text(p.name)`.as('name_key'),
      cycleRulesOf(eb, null).as('rules'),
      eb
        .selectFrom('inspection_type_attributes as a')
        .select(
          sql<
            ImportProduct['attributes']
          >`coalesce(json_agg(json_build_object('id', a.id, 'attribute', a.attribute,
            'type', a.type, 'enabled', a.enabled) order by a.position, a.id), '[]'::json)`.as('x'),
        )
        .whereRef('a.inspection_type_id', '=', 'p.inspection_type_id')
        .as('attributes'),
    ])
    .where((eb) =>
      eb.or([
        eb(sql`upper(p.sku)`, '=', sql<string>`any(${skus}::text[])`),
        eb(
          sql`core.search_text(p.name)`,
          '=',
          sql<string>`any(array(select core.search_text(x) from unnest(${[...new Set(by.names)]}::text[]) x))`,
        ),
      ]),
    )
    .execute();
  return rows.map(({ type_name, category_name, ...p }) => ({
    ...p,
    rules: p.rules ?? [],
    attributes: p.attributes ?? [],
    isExtinguisher: isExtinguisherType(category_name, type_name),
  }));
}

export interface ImportTag {
  id: number;
  serial_number: string;
  company_id: number;
  enabled: boolean;
}

/** Tags by serial. */
export function importTags(db: Db, serials: readonly string[]): Promise<ImportTag[]> {
  if (serials.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('tags')
    .select(['id', 'serial_number', 'company_id', 'enabled'])
    .where('serial_number', 'in', [...new Set(serials)])
    .execute();
}

/** Equipment as an import compares it with a row (and updates it). */
export interface ImportExisting {
  id: number;
  company_id: number;
  tag_id: number | null;
  product_id: number;
  extra_label: string | null;
  extra_code: string | null;
  due_date: string | null;
  due_date_manual: boolean;
  last_inspection_day: string | null;
  attributes: { attributeId: number; value: string }[];
  /** stored record days by cycle code */
  records: Record<string, string | null>;
}

/** The columns an import compares, with the equipment's attribute values and cycles' record days. */
function existingRows(db: Db) {
  return db
    .selectFrom('equipment as e')
    .select((eb) => [
      'e.id',
      'e.company_id',
      'e.tag_id',
      'e.product_id',
      'e.extra_label',
      'e.extra_code',
      'e.due_date',
      'e.due_date_manual',
      'e.last_inspection_day',
      eb
        .selectFrom('equipment_attribute_values as v')
        .select(
          sql<
            ImportExisting['attributes']
          >`coalesce(json_agg(json_build_object('attributeId', v.attribute_id, 'value', v.value)), '[]'::json)`.as(
            'x',
          ),
        )
        .whereRef('v.equipment_id', '=', 'e.id')
        .as('attributes'),
      eb
        .selectFrom('equipment_cycles as ec')
        .select(
          sql<
            Record<string, string | null>
          >`coalesce(json_object_agg(ec.cycle_code, ec.record_done_at), '{}'::json)`.as('x'),
        )
        .whereRef('ec.equipment_id', '=', 'e.id')
        .as('records'),
    ]);
}

/**
 * Equipment on these tags, and of these companies with these control numbers: two statements, each
 * an index probe per key (one `or` of both made Postgres scan the table — 30 s for a re-run of
 * 50,000 rows).
 */
export async function importExisting(
  db: Db,
  keys: { tagIds: readonly number[]; codes: readonly { companyId: number; code: string }[] },
): Promise<ImportExisting[]> {
  const companies = keys.codes.map((k) => k.companyId);
  const codes = keys.codes.map((k) => k.code);
  const [byTag, byCode] = await Promise.all([
    keys.tagIds.length
      ? existingRows(db)
          .where('e.tag_id', '=', sql<number>`any(${[...keys.tagIds]}::int[])`)
          .execute()
      : [],
    keys.codes.length
      ? existingRows(db)
          .where('e.company_id', '=', sql<number>`any(${[...new Set(companies)]}::bigint[])`)
          .where('e.extra_code', '=', sql<string>`any(${[...new Set(codes)]}::text[])`)
          .execute()
      : [],
  ]);
  // The codes' query matches companies × codes: keep the pairs asked for.
  const pairs = new Set(keys.codes.map((k) => `${k.companyId}:${k.code}`));
  const seen = new Set<number>();
  return (
    [...byTag, ...byCode.filter((e) => pairs.has(`${e.company_id}:${e.extra_code}`))] as ImportExisting[]
  ).filter((e) => !seen.has(e.id) && seen.add(e.id));
}
