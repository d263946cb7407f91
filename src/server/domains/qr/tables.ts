import type { Generated, Selectable } from 'kysely';
import type { DefaultTimestamp, Json, Timestamp } from '../../db/core-tables.ts';

/** Tables of tags and QR batches: `core.tag_registry` and the tenant `tags`. */
export interface TagRegistryTable {
  serial: string;
  company_group_id: number;
  company_id: number;
  job_id: string | null;
  batch_index: number | null;
  created_at: DefaultTimestamp;
}

export interface TagTable {
  id: Generated<number>;
  serial_number: string;
  company_id: number;
  enabled: Generated<boolean>;
  job_id: string | null;
  batch_index: number | null;
  /** set when equipment is registered on the tag (the tag is in use) */
  activated_at: Timestamp | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface QrCoreTables extends QrLabelCoreTables {
  tag_registry: TagRegistryTable;
}
/** Kept by triggers on `tags` (migrations/tenant/0303_tag_counters.ts); read-only for the code. */
export interface TagCountsTable {
  company_id: number;
  in_use: number;
  spare: number;
}
export interface TagMonthlyCountsTable {
  company_id: number;
  /** first day of the UTC month, YYYY-MM-DD */
  month: string;
  generated: number;
}

export interface QrTenantTables {
  tags: TagTable;
  tag_counts: TagCountsTable;
  tag_monthly_counts: TagMonthlyCountsTable;
}

export type TagRow = Selectable<TagTable>;

declare module '../../db/core-tables.ts' {
  interface CompanyTable {
    /** monthly QR generation quota set by the provider admin; null = QR_MONTHLY_QUOTA */
    qr_monthly_quota: number | null;
  }
}

// The domain's tables join the database types here (declaration merging), not in db/schema.ts.
declare module '../../db/schema.ts' {
  // biome-ignore lint/suspicious/noEmptyInterface: merged with the database type
  interface CoreDatabase extends QrCoreTables {}
  // biome-ignore lint/suspicious/noEmptyInterface: merged with the database type
  interface TenantDatabase extends QrTenantTables {}
}

/** Custom label templates (migrations/core/0210); built-ins are in src/shared/qr/templates.ts. */
export interface QrLabelTemplateTable {
  id: Generated<number>;
  name: string;
  kind: 'sheet' | 'roll';
  /** LabelTemplateFields without name and kind (mm) */
  layout: Json<Record<string, unknown>>;
  created_by: number | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  deleted_at: Timestamp | null;
}

/** A company's remembered label choice (migrations/core/0211). */
export interface QrLabelSettingsTable {
  company_id: number;
  template: string;
  cut_marks: boolean;
  company_name: boolean;
  note: string | null;
  logo: boolean;
  updated_at: DefaultTimestamp;
}

export interface QrLabelCoreTables {
  qr_label_templates: QrLabelTemplateTable;
  qr_label_settings: QrLabelSettingsTable;
}
