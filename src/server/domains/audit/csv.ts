/**
 * The audit export's CSV (RFC 4180: comma separated, a field quoted when needed): one line per
 * entry, dates DD/MM/YYYY HH:mm in the product's time zone, the changes as JSON. The entity and
 * the action are given as stored (for scripts) and by their Portuguese names (for people).
 */
import { auditActionLabel, auditEntityLabel } from '../../../shared/audit/labels.ts';
import { formatDateTime } from '../../../shared/dates.ts';
import { config } from '../../config.ts';
import type { EntryRow } from './queries.ts';

const COLUMNS = [
  'Data/hora',
  'Usuário',
  'E-mail',
  'Papel',
  'IP',
  'Operação',
  'Entidade',
  'Nome da entidade',
  'Registro',
  'Ação',
  'Nome da ação',
  'Empresa',
  'Alterações',
] as const;

/** A field quoted when it holds a comma, quote or line break; a leading =+-@ is neutralised (CSV injection). */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvHeader(): string {
  return `${COLUMNS.map(csvField).join(',')}\r\n`;
}

let tz: string | undefined;
export function csvLine(r: EntryRow): string {
  tz ??= config().APP_TIME_ZONE;
  return `${[
    formatDateTime(r.at, tz),
    r.user_name,
    r.user_email,
    r.role,
    r.ip,
    r.operation,
    r.entity,
    auditEntityLabel(r.entity),
    r.entity_id,
    r.action,
    auditActionLabel(r.action),
    r.company_id,
    JSON.stringify(r.changes),
  ]
    .map(csvField)
    .join(',')}\r\n`;
}
