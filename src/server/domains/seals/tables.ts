import type { Generated } from 'kysely';
import type { DefaultTimestamp, Timestamp } from '../../db/core-tables.ts';

export type SealKind = 'INSPECTION' | 'MAINTENANCE';

/** `core.seal_codes` (core migration 1101): which company group a public code belongs to. */
export interface SealCodeTable {
  code: string;
  company_group_id: number;
  kind: SealKind;
  record_id: number;
  created_at: DefaultTimestamp;
}

/** A signed, sealed record (tenant migration 1101); never updated nor deleted (a trigger refuses it). */
export interface RecordSealTable {
  id: Generated<number>;
  kind: SealKind;
  record_id: number;
  equipment_id: number;
  company_id: number;
  tag_serial: string;
  product_name: string;
  technician_name: string;
  technician_image: Buffer;
  client_name: string | null;
  client_role: string | null;
  client_image: Buffer | null;
  signed_by: number | null;
  sealed_at: Timestamp;
  sha256: string;
  code: string;
  corrects_id: number | null;
}

export interface SealsCoreTables {
  seal_codes: SealCodeTable;
}
export interface SealsTenantTables {
  record_seals: RecordSealTable;
}

declare module '../../db/schema.ts' {
  // biome-ignore lint/suspicious/noEmptyInterface: merged with the database type
  interface CoreDatabase extends SealsCoreTables {}
  // biome-ignore lint/suspicious/noEmptyInterface: merged with the database type
  interface TenantDatabase extends SealsTenantTables {}
}
