import type { ColumnType, Generated } from 'kysely';
import type { DefaultTimestamp, Json, Timestamp } from '../../db/core-tables.ts';

/** A calendar day: read as `YYYY-MM-DD` (the pg type parser keeps dates as text). */
type NullableDay = ColumnType<string | null, string | null | undefined, string | null>;

/**
 * Equipment on a tag. The status columns are *dates* (see migrations/tenant/0301_equipment.ts);
 * statuses are derived from them and today in `status-sql.ts`.
 */
export interface EquipmentTable {
  id: Generated<number>;
  /** null while the equipment waits for a tag (imported without one; tenant 1401) */
  tag_id: number | null;
  company_id: number;
  product_id: number;
  extra_label: string | null;
  extra_code: string | null;
  due_date: NullableDay;
  due_date_manual: Generated<boolean>;
  due_notice_date: NullableDay;
  last_inspection_id: number | null;
  last_inspection_at: Timestamp | null;
  last_inspection_day: NullableDay;
  last_inspection_user_id: number | null;
  last_inspection_improper: Generated<boolean>;
  /** the last inspection's `user_name`, copied by a trigger when `last_inspection_id` is written (0601) */
  last_inspection_user_name: Generated<string | null>;
  next_inspection_date: NullableDay;
  inspection_notice_date: NullableDay;
  last_maintenance_id: number | null;
  last_maintenance_at: Timestamp | null;
  last_maintenance_user_id: number | null;
  /** where the equipment normally is (issue 20, migration 0307): see `presence.ts` */
  reference_latitude: number | null;
  reference_longitude: number | null;
  reference_source: 'MEDIAN' | 'ADMIN' | null;
  /** located inspections the MEDIAN was taken over (kept until `REFERENCE_SAMPLES`) */
  reference_samples: Generated<number>;
  /** the performed time of the newest SCAN/NFC inspection (the never-scanned report) */
  last_scanned_at: Timestamp | null;
  /** `core.search_text` of serial, labels, product name and SKU */
  search: Generated<string>;
  /** the product's normalised name, kept by a trigger (tenant migration 0306): the report's product sort */
  product_sort: Generated<string | null>;
  created_by: number | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface EquipmentAttributeValueTable {
  equipment_id: number;
  attribute_id: number;
  value: string;
}

export interface StoredAnswer {
  questionId: number | null;
  type: 'YES_NO_NA' | 'TEXT' | 'CUSTOM';
  question: string;
  answer: string;
  answerType: 'POSITIVE' | 'NEGATIVE' | 'NA' | null;
}
export interface StoredAttribute {
  attributeId: number | null;
  attribute: string;
  value: string;
}
export interface StoredPart {
  partId: number | null;
  part: string;
  quantity: number;
  unit: string;
}

/** Who did it, as records keep it (the name and e-mail as they were then: `actorOf`). */
interface ActorColumns {
  user_id: number | null;
  user_name: string | null;
  user_email: string | null;
}

/** What inspections and maintenances both keep: the equipment, who, the answers and attribute values. */
interface FieldRecordColumns extends ActorColumns {
  id: Generated<number>;
  equipment_id: number;
  company_id: number;
  product_id: number;
  answers: Json<StoredAnswer[]>;
  attributes: Json<StoredAttribute[]>;
  /** when it arrived at the server */
  created_at: DefaultTimestamp;
  /** when it was made (submitted on the device): the record's date (issue 20) */
  performed_at: DefaultTimestamp;
  identified_by: 'SCAN' | 'NFC' | 'TYPED' | null;
  scanned_at: Timestamp | null;
}

export interface InspectionTable extends FieldRecordColumns {
  latitude: number | null;
  longitude: number | null;
  accuracy: number | null;
  improper: Generated<boolean>;
}

export interface MaintenanceTable extends FieldRecordColumns {
  parts: Json<StoredPart[]>;
  /** the codes of the cycles it fulfilled (issue 30, tenant 1301) */
  cycles: Generated<string[]>;
}

/** An equipment's state per maintenance cycle (issue 30, tenant 1301): days as `YYYY-MM-DD`. */
export interface EquipmentCycleTable {
  equipment_id: number;
  cycle_code: string;
  /** the newest inspection or maintenance that fulfilled it */
  record_done_at: string | null;
  /** that, or a newer done attribute of the equipment */
  last_done_at: string | null;
  due_date: string | null;
  notice_date: string | null;
}

/** A cycle list's equipment being recomputed by a `cycle-refresh` job (tenant 1371). */
export interface CycleRefreshTable {
  /** `type:<inspection type id>` or `product:<product id>` */
  owner_key: string;
  /** the core.jobs id of the job that owns the refresh (a later save of the list replaces it) */
  job_id: string;
  total: Generated<number>;
  done: Generated<number>;
  /** equipment ids up to this one are done */
  after_id: Generated<number>;
  started_at: DefaultTimestamp;
  finished_at: Timestamp | null;
}

export interface EquipmentSnapshotTable extends ActorColumns {
  id: Generated<number>;
  equipment_id: number;
  kind: 'CREATED' | 'UPDATED' | 'TAG_REPLACED' | 'TAG_ASSIGNED';
  /** null on the CREATED snapshot of equipment created without a tag */
  tag_serial: string | null;
  product_id: number | null;
  product_name: string;
  product_sku: string;
  extra_label: string | null;
  extra_code: string | null;
  created_at: DefaultTimestamp;
}

export interface TagReplacementRequestTable {
  id: Generated<number>;
  new_tag_id: number;
  company_id: number;
  suggested_equipment_id: number | null;
  /** the old serial as the operator typed it (tenant 0308), found or not */
  typed_old_serial: Generated<string | null>;
  description: string | null;
  status: Generated<'PENDING' | 'COMPLETED' | 'CANCELLED'>;
  requested_by: number | null;
  requested_by_name: string | null;
  completed_equipment_id: number | null;
  completed_by: number | null;
  completed_at: Timestamp | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface EquipmentTenantTables {
  equipment: EquipmentTable;
  equipment_attribute_values: EquipmentAttributeValueTable;
  inspections: InspectionTable;
  maintenances: MaintenanceTable;
  equipment_cycles: EquipmentCycleTable;
  cycle_refreshes: CycleRefreshTable;
  equipment_snapshots: EquipmentSnapshotTable;
  tag_replacement_requests: TagReplacementRequestTable;
}

declare module '../../db/schema.ts' {
  // biome-ignore lint/suspicious/noEmptyInterface: merged with the database type
  interface TenantDatabase extends EquipmentTenantTables {}
}

declare module '../../db/core-tables.ts' {
  interface CompanyTable {
    /** false: a scanned label shows only "registered equipment" (migrations/core/0305) */
    public_tag_card: Generated<boolean>;
  }
}
