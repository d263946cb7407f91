/**
 * The file the user chose, checked before it is sent (pure; tests/unit/imports-mapping.test.ts):
 * the size and the kind by its name, answered as the server's own codes so the screen shows the
 * same text either way. The server still decides by the bytes (a renamed file is its 415).
 */
import { IMPORT_MAX_BYTES } from '../../../shared/imports/schemas.ts';

export interface FileProblem {
  code: 'IMPORT_FILE_TOO_LARGE' | 'IMPORT_FILE_TYPE_INVALID' | 'IMPORT_FILE_EMPTY';
  params: Record<string, number>;
}

/** What the picker offers (the extensions and their types). */
export const IMPORT_ACCEPT =
  '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The limit as the server's message says it, in MB. */
export const IMPORT_MAX_MB = Math.round(IMPORT_MAX_BYTES / (1024 * 1024));

export function fileProblem(file: { name: string; size: number }): FileProblem | null {
  if (!/\.(csv|xlsx)$/i.test(file.name.trim())) return { code: 'IMPORT_FILE_TYPE_INVALID', params: {} };
  if (file.size > IMPORT_MAX_BYTES) return { code: 'IMPORT_FILE_TOO_LARGE', params: { max: IMPORT_MAX_MB } };
  if (file.size === 0) return { code: 'IMPORT_FILE_EMPTY', params: {} };
  return null;
}

/** "1,2 MB", "830 KB": the size of the chosen file, in the user's language. */
export function fileSizeText(bytes: number, lang: string): string {
  const kb = bytes / 1024;
  const fmt = (n: number) => n.toLocaleString(lang, { maximumFractionDigits: 1 });
  return kb < 1024 ? `${fmt(Math.max(kb, 0.1))} KB` : `${fmt(kb / 1024)} MB`;
}
