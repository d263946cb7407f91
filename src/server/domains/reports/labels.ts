/**
 * The Portuguese texts of the exported reports (the product's interface language in these areas,
 * seed 001 §1): status names, the date cells' texts (seed 001 §4 "Date cell text") and headers.
 */
import { EMPTY_DATE, formatDate } from '../../../shared/dates.ts';
import type {
  EquipmentStatus,
  ExpirationFilter,
  ExpirationStatus,
} from '../../../shared/equipment/status.ts';

export const STATUS_LABELS: Record<EquipmentStatus, string> = {
  NA: 'N/A',
  VALID: 'Válido',
  EXPIRED: 'Vencido',
  IMPROPER: 'Impróprio',
};

export const EXPIRATION_LABELS: Record<ExpirationFilter, string> = {
  NA: 'N/A',
  VALID: 'Válido',
  EXPIRING: 'A vencer',
  EXPIRED: 'Vencido',
  EXPIRED_OR_EXPIRING: 'Vencido ou a vencer',
};

/** An expiration as the report's date cells say it ("Válido até hoje", "Válido, expira em 3 dias"…). */
export function expirationText(status: ExpirationStatus, daysToExpire: number | null): string {
  if (status === 'EXPIRING') {
    if (daysToExpire === 0) return 'Válido até hoje';
    if (daysToExpire === 1) return 'Válido até amanhã';
    return `Válido, expira em ${daysToExpire} dias`;
  }
  return status === 'NA' ? '' : EXPIRATION_LABELS[status];
}

/** A date over its expiration text, as a two-line table cell; `--/--/----` without a date. */
export function dateWithStatus(
  date: Date | string | null,
  status: ExpirationStatus,
  days: number | null,
  timeZone: string,
): string {
  if (!date) return EMPTY_DATE;
  const text = expirationText(status, days);
  return text ? `${formatDate(date, timeZone)}\n${text}` : formatDate(date, timeZone);
}

export const SORT_LABELS: Record<string, string> = {
  createdAt: 'Cadastro',
  dueDate: 'Vencimento',
  lastInspection: 'Última inspeção',
  nextInspection: 'Próxima inspeção',
  lastMaintenance: 'Última manutenção',
  product: 'Produto',
  extraLabel: 'Identificação',
  tagSerialNumber: 'Tag',
  status: 'Status',
};

export const REPORT_TITLES = {
  inspections: 'Relatório de inspeções',
  maintenances: 'Relatório de manutenções',
} as const;

export const REPORT_SHEETS = { inspections: 'Inspeções', maintenances: 'Manutenções' } as const;

/** File names: `relatorio-inspecoes-2026-01-15.pdf`. */
export const REPORT_FILE_NAMES = {
  inspections: 'relatorio-inspecoes',
  maintenances: 'relatorio-manutencoes',
} as const;
