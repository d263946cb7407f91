import type { Generated } from 'kysely';
import type { DefaultTimestamp } from '../../db/core-tables.ts';
import type { PhotoRecordKind } from '../../../shared/photos/schemas.ts';

/** See migrations/tenant/1111_record_photos.ts. */
export interface RecordPhotoTable {
  id: Generated<number>;
  record_kind: PhotoRecordKind;
  record_id: number;
  /** 1..10 in the record, taken under the record's row lock */
  position: number;
  question_id: number | null;
  file_key: string;
  content_type: string;
  byte_size: number;
  /** hex SHA-256 of the stored (stripped) bytes */
  sha256: string;
  width: number;
  height: number;
  /** EXIF DateTimeOriginal, when the photo carried one */
  taken_at: Date | null;
  created_at: DefaultTimestamp;
  created_by: number | null;
  created_by_name: string | null;
}

export interface PhotoTables {
  record_photos: RecordPhotoTable;
}

declare module '../../db/schema.ts' {
  // biome-ignore lint/suspicious/noEmptyInterface: merged with the database type
  interface TenantDatabase extends PhotoTables {}
}
