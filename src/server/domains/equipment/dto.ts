/**
 * Equipment as every call answers it (`equipmentSchema`, seed 001 §3): one loader by ids, so the
 * list, GET by tag, the field forms and other domains (tags, replacement) map rows the same way.
 * Statuses come from the stored dates and today (`statusColumns`), never from stored flags.
 */
import { sql } from 'kysely';
import type { Equipment } from '../../../shared/equipment/schemas.ts';
import type { EquipmentStatus } from '../../../shared/equipment/status.ts';
import type { Db } from './common.ts';
import { presenceFlags } from '../../../shared/equipment/presence.ts';
import { presenceLimits } from './presence.ts';
import { selectStatus } from './status-sql.ts';
import { today } from '../../db/days.ts';
import { companyNameOf } from '../../db/company-name.ts';
import { asJsonRows, executeJsonRows } from '../../db/json-rows.ts';

export function selectEquipment(db: Db, day: string) {
  return (
    db
      .selectFrom('equipment as e')
      .leftJoin('tags as t', 't.id', 'e.tag_id')
      .innerJoin('products as p', 'p.id', 'e.product_id')
      .innerJoin('inspection_types as it', 'it.id', 'p.inspection_type_id')
      .leftJoin('inspections as li', 'li.id', 'e.last_inspection_id')
      .leftJoin('maintenances as lm', 'lm.id', 'e.last_maintenance_id')
      // The attributes of the product's inspection type, once per type (issue 32): a lateral join
      // on the type alone, which Postgres memoizes across the page's rows (a page holds few types).
      // `toEquipmentDto` merges them with the row's values (`attributeList`).
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('inspection_type_attributes as a')
            .select(
              sql<
                AttributeDef[] | null
              >`json_agg(json_build_array(a.id, a.attribute, a.type, a.enabled) order by a.position, a.id)`.as(
                'defs',
              ),
            )
            .whereRef('a.inspection_type_id', '=', 'p.inspection_type_id')
            .as('ad'),
        (j) => j.onTrue(),
      )
      .select([
        'e.id',
        'e.company_id',
        'e.extra_label',
        'e.extra_code',
        'e.created_at',
        'e.due_date',
        'e.next_inspection_date',
        'e.last_inspection_at',
        'e.last_maintenance_at',
        't.serial_number',
        't.enabled as tag_enabled',
        'p.id as product_id',
        'p.sku',
        'p.name as product_name',
        'p.is_dv_exclusive',
        'p.is_due_date',
        'p.image_key',
        'p.updated_at as product_updated_at',
        'p.inspection_type_id',
        'it.category_id',
        'li.user_name as li_user_name',
        'li.user_email as li_user_email',
        'li.identified_by as li_identified_by',
        'li.scanned_at as li_scanned_at',
        'li.performed_at as li_performed_at',
        'li.latitude as li_latitude',
        'li.longitude as li_longitude',
        'e.reference_latitude',
        'e.reference_longitude',
        'e.reference_source',
        'e.last_scanned_at',
        'lm.user_name as lm_user_name',
        'lm.user_email as lm_user_email',
        ...selectStatus('e', day),
      ])
      // The page's attribute values and company names in the same statement (issue 12: the list ran
      // two more round trips for them). Building each row's attribute list in SQL (a join and a
      // sorted aggregate of json objects per row) was about 40% of the statement's Postgres time.
      .select((eb) => [
        'ad.defs as attribute_defs',
        eb
          .selectFrom('equipment_attribute_values as v')
          .select(sql<Record<string, string> | null>`json_object_agg(v.attribute_id, v.value)`.as('values'))
          .whereRef('v.equipment_id', '=', 'e.id')
          .as('attribute_values'),
        companyNameOf(sql.ref('e.company_id')).as('company_name'),
      ])
  );
}
/** The equipment's reference location (issue 20), null while it has none. */
export function referenceOf(r: {
  reference_latitude: number | null;
  reference_longitude: number | null;
  reference_source: 'MEDIAN' | 'ADMIN' | null;
}) {
  return r.reference_latitude === null || r.reference_longitude === null || r.reference_source === null
    ? null
    : { latitude: r.reference_latitude, longitude: r.reference_longitude, source: r.reference_source };
}

/** `selectEquipment`'s timestamptz columns (read back from json rows, db/json-rows.ts). */
export const EQUIPMENT_DATES = [
  'created_at',
  'last_inspection_at',
  'last_maintenance_at',
  'product_updated_at',
  'li_scanned_at',
  'li_performed_at',
  'last_scanned_at',
] as const;

export type EquipmentRow = Awaited<ReturnType<ReturnType<typeof selectEquipment>['executeTakeFirstOrThrow']>>;
export type EquipmentAttributeDto = Equipment['inspectionTypeAttribute'][number];
/** An attribute of an inspection type as the statement reads it: id, name, type, enabled; in position order. */
type AttributeDef = [id: number, attribute: string, type: EquipmentAttributeDto['type'], enabled: boolean];

/**
 * The equipment's attributes as every answer lists them: the type's attributes in position order
 * (then id), the enabled ones and the disabled ones that hold a value, each with its value or null.
 */
export function attributeList(
  defs: readonly AttributeDef[] | null,
  values: Readonly<Record<string, string>> | null,
): EquipmentAttributeDto[] {
  const out: EquipmentAttributeDto[] = [];
  for (const [attributeId, attribute, type, enabled] of defs ?? []) {
    const value = values?.[attributeId] ?? null;
    if (enabled || value !== null) out.push({ attributeId, attribute, type, value });
  }
  return out;
}

/**
 * A row (its attributes and company name read in the same statement) → the answer. `maintenanceStatus` is NA while the
 * equipment was never maintained, else the equipment's status (docs/decisions.md).
 */
export function toEquipmentDto(r: EquipmentRow, limits = presenceLimits()): Equipment {
  const attributes = attributeList(r.attribute_defs, r.attribute_values);
  const reference = referenceOf(r);
  const companyName = r.company_name;
  return {
    id: r.id,
    status: r.status,
    // Waiting for a tag (tenant 1401): no tag, so none disabled — the row is not dimmed.
    enabledTag: r.tag_enabled ?? true,
    companyId: r.company_id,
    companyName,
    tagSerialNumber: r.serial_number,
    extraLabel: r.extra_label,
    extraCode: r.extra_code,
    createdAt: r.created_at,
    dueDate: r.due_date,
    dueDateExpirationStatus: r.due_status,
    dueDateDaysToExpire: r.due_days,
    lastInspection: r.last_inspection_at
      ? { createdAt: r.last_inspection_at, userName: r.li_user_name, userEmail: r.li_user_email }
      : null,
    nextInspectionDate: r.next_inspection_date,
    lastInspectionExpirationStatus: r.last_inspection_status,
    lastInspectionDaysToExpire: r.last_inspection_days,
    lastMaintenance: r.last_maintenance_at
      ? { createdAt: r.last_maintenance_at, userName: r.lm_user_name, userEmail: r.lm_user_email }
      : null,
    maintenanceStatus: r.last_maintenance_at ? r.status : ('NA' satisfies EquipmentStatus),
    lastInspectionPresence:
      r.li_performed_at === null
        ? null
        : presenceFlags(
            {
              identifiedBy: r.li_identified_by,
              latitude: r.li_latitude,
              longitude: r.li_longitude,
              scannedAt: r.li_scanned_at,
              performedAt: r.li_performed_at,
            },
            reference,
            limits,
          ),
    lastScannedAt: r.last_scanned_at,
    referenceLocation: reference,
    inspectionTypeAttribute: attributes,
    product: {
      id: r.product_id,
      sku: r.sku,
      name: r.product_name,
      categoryId: r.category_id,
      inspectionTypeId: r.inspection_type_id,
      isDvExclusive: r.is_dv_exclusive,
      isDueDate: r.is_due_date,
      hasImage: r.image_key !== null,
      updateDate: r.product_updated_at,
    },
  };
}

/** Equipment by id, in the order of `ids` (missing ids are skipped). */
export async function loadEquipment(db: Db, ids: number[], day = today()): Promise<Equipment[]> {
  if (ids.length === 0) return [];
  const plain = selectEquipment(db, day).where('e.id', 'in', ids).compile();
  const rows = await executeJsonRows<EquipmentRow>(db, asJsonRows(plain), EQUIPMENT_DATES);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const limits = presenceLimits();
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [toEquipmentDto(r, limits)] : [];
  });
}

/**
 * The ids of equipment `ids`' last inspection and maintenance (null: none), as a query the domains
 * above extend (the reports' XLSX counts those records' photos in the same statement).
 */
export function lastRecordsOf(db: Db, ids: number[]) {
  return db
    .selectFrom('equipment as e')
    .select(['e.id', 'e.last_inspection_id', 'e.last_maintenance_id'])
    .where('e.id', 'in', ids);
}

/** One equipment by id (it must exist: the caller found it). */
export async function loadOneEquipment(db: Db, id: number): Promise<Equipment> {
  const [e] = await loadEquipment(db, [id]);
  if (!e) throw new Error(`equipment ${id} vanished`);
  return e;
}
