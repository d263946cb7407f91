/**
 * The photos domain's public file (issue 29 item 1): what the domains above need of record photos —
 * their hashes in a stable order (the seal), their bytes (the per-record PDF) and how many the
 * equipment's last records have (the reports' XLSX).
 */
export {
  type LastRecordPhotoCounts,
  lastRecordPhotoCounts,
  type RecordPhotoFile,
  recordPhotoFiles,
  recordPhotoHashes,
} from './reads.ts';
