import type { Generated } from 'kysely';
import type { DefaultTimestamp, Json } from '../../db/core-tables.ts';

/** Imports (issue 31, tenant migration 1411). */
export interface ImportUploadTable {
  id: Generated<number>;
  file_key: string;
  name: string;
  size: number;
  format: 'csv' | 'xlsx';
  encoding: Generated<'utf8' | 'latin1'>;
  uploaded_by: number | null;
  created_at: DefaultTimestamp;
}

export interface ImportRunTable {
  job_id: string;
  upload_id: number;
  kind: string;
  company_id: number | null;
  mapping: Json<Record<string, string | null>>;
  rows_done: Generated<number>;
  created: Generated<number>;
  updated: Generated<number>;
  skipped: Generated<number>;
  failed: Generated<number>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}

export interface ImportFailedRowTable {
  job_id: string;
  line: number;
  cells: Json<Record<string, string>>;
  reasons: string;
}

export interface ImportMappingTable {
  company_id: number;
  kind: string;
  mapping: Json<Record<string, string | null>>;
  updated_at: DefaultTimestamp;
}

export interface ImportTables {
  import_uploads: ImportUploadTable;
  import_runs: ImportRunTable;
  import_failed_rows: ImportFailedRowTable;
  import_mappings: ImportMappingTable;
}

declare module '../../db/schema.ts' {
  // biome-ignore lint/suspicious/noEmptyInterface: merged with the database type
  interface TenantDatabase extends ImportTables {}
}
