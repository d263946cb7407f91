/**
 * Equipment as every call answers it (`equipmentSchema`, seed 001 §3): one loader by ids, so the
 * list, GET by tag, the field forms and other domains (tags, replacement) map rows the same way.
 * Statuses come from the stored dates and today (`statusColumns`), never from stored flags.
 */
import type { Equipment } from '../../../shared/equipment/schemas.ts';
import type { EquipmentStatus } from '../../../shared/equipment/status.ts';
import { coreDb } from '../../db/database.ts';
import type { Db } from './common.ts';
import { selectStatus } from './status-sql.ts';
import { today } from '../../db/days.ts';

function selectEquipment(db: Db, day: string) {
  return db
    .selectFrom('equipment as e')
    .innerJoin('tags as t', 't.id', 'e.tag_id')
    .innerJoin('products as p', 'p.id', 'e.product_id')
    .innerJoin('inspection_types as it', 'it.id', 'p.inspection_type_id')
    .leftJoin('inspections as li', 'li.id', 'e.last_inspection_id')
    .leftJoin('maintenances as lm', 'lm.id', 'e.last_maintenance_id')
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
      'lm.user_name as lm_user_name',
      'lm.user_email as lm_user_email',
      ...selectStatus('e', day),
    ]);
}
export type EquipmentRow = Awaited<ReturnType<ReturnType<typeof selectEquipment>['executeTakeFirstOrThrow']>>;
export type EquipmentAttributeDto = Equipment['inspectionTypeAttribute'][number];

/**
 * A row (with its attributes and company name) → the answer. `maintenanceStatus` is NA while the
 * equipment was never maintained, else the equipment's status (docs/decisions.md).
 */
export function toEquipmentDto(
  r: EquipmentRow,
  attributes: EquipmentAttributeDto[],
  companyName: string | null,
): Equipment {
  return {
    id: r.id,
    status: r.status,
    enabledTag: r.tag_enabled,
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

/**
 * The attributes of each equipment's inspection type — enabled ones, and disabled ones it still
 * holds a value of — with its values, in the type's order.
 */
export async function attributesOf(db: Db, ids: number[]): Promise<Map<number, EquipmentAttributeDto[]>> {
  const out = new Map<number, EquipmentAttributeDto[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('equipment as e')
    .innerJoin('products as p', 'p.id', 'e.product_id')
    .innerJoin('inspection_type_attributes as a', 'a.inspection_type_id', 'p.inspection_type_id')
    .leftJoin('equipment_attribute_values as v', (j) =>
      j.onRef('v.equipment_id', '=', 'e.id').onRef('v.attribute_id', '=', 'a.id'),
    )
    .select(['e.id as equipment_id', 'a.id', 'a.attribute', 'a.type', 'v.value'])
    .where('e.id', 'in', ids)
    .where((eb) => eb.or([eb('a.enabled', '=', true), eb('v.value', 'is not', null)]))
    .orderBy('a.position')
    .orderBy('a.id')
    .execute();
  for (const r of rows)
    out
      .get(r.equipment_id)
      ?.push({ attributeId: r.id, attribute: r.attribute, type: r.type, value: r.value });
  return out;
}

/** Company names by id (core), for the rows of a page. */
async function companyNames(ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await coreDb().selectFrom('companies').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Equipment by id, in the order of `ids` (missing ids are skipped). */
export async function loadEquipment(db: Db, ids: number[], day = today()): Promise<Equipment[]> {
  if (ids.length === 0) return [];
  const rows = await selectEquipment(db, day).where('e.id', 'in', ids).execute();
  const [attrs, names] = await Promise.all([
    attributesOf(db, ids),
    companyNames([...new Set(rows.map((r) => r.company_id))]),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [toEquipmentDto(r, attrs.get(id) ?? [], names.get(r.company_id) ?? null)] : [];
  });
}

/** One equipment by id (it must exist: the caller found it). */
export async function loadOneEquipment(db: Db, id: number): Promise<Equipment> {
  const [e] = await loadEquipment(db, [id]);
  if (!e) throw new Error(`equipment ${id} vanished`);
  return e;
}
