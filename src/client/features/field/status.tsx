/** Equipment status badge and dated values with the seed's texts (seed 001 §4). */
import { useTranslation } from 'react-i18next';
import { dateCellText } from '../../../shared/equipment/date-cell.ts';
import type { EquipmentStatus, ExpirationStatus } from '../../../shared/equipment/status.ts';
import { cn } from '../../lib/utils.ts';
import { FIELD_NS } from './i18n.ts';

/** NA transparent, VALID orange, EXPIRED grey, IMPROPER red (seed 001 §4). */
const STATUS_CLASS: Record<EquipmentStatus, string> = {
  NA: 'border-input bg-transparent text-foreground',
  VALID: 'border-transparent bg-secondary text-secondary-foreground',
  EXPIRED: 'border-transparent bg-[#7b878b] text-white',
  IMPROPER: 'border-transparent bg-destructive text-destructive-foreground',
};

export function StatusBadge({ status, className }: { status: EquipmentStatus; className?: string }) {
  const { t } = useTranslation(FIELD_NS);
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-3 py-1 text-sm font-semibold whitespace-nowrap',
        STATUS_CLASS[status],
        className,
      )}
      data-testid="equipment-status"
      data-status={status}
    >
      {t(`status.${status}`)}
    </span>
  );
}

/** The left border colour of a card by equipment status. */
export const STATUS_BORDER: Record<EquipmentStatus, string> = {
  NA: 'border-l-transparent',
  VALID: 'border-l-secondary',
  EXPIRED: 'border-l-[#7b878b]',
  IMPROPER: 'border-l-destructive',
};

/**
 * A date (DD/MM/YYYY, --/--/---- when empty) with "Válido até hoje" / "… amanhã" / "expira em N
 * dias", expired highlighted: the shared rule (`dateCellText`, seed 001 §4) in the user's language.
 * `align="start"` for table cells and the dialog's rows (the field card aligns to the end).
 */
export function DateWithStatus({
  date,
  status,
  days,
  testId,
  align = 'end',
}: {
  date: Date | string | null;
  status: ExpirationStatus;
  days: number | null;
  testId?: string;
  align?: 'start' | 'end';
}) {
  const { i18n } = useTranslation(FIELD_NS);
  const cell = dateCellText(date, status, days, i18n.resolvedLanguage ?? i18n.language);
  return (
    <span
      className={cn(
        'flex flex-col gap-0.5',
        align === 'end' ? 'items-end text-right' : 'items-start text-left',
      )}
      data-testid={testId}
      data-note={cell.kind}
    >
      <span
        className={cn(
          'font-medium whitespace-nowrap tabular-nums',
          cell.highlight && 'rounded bg-destructive/12 px-1.5 text-destructive',
        )}
        data-testid="date-cell-date"
      >
        {cell.date}
      </span>
      {cell.note && (
        <span
          className={cn('text-xs', cell.highlight ? 'font-semibold text-destructive' : 'text-warning')}
          data-testid="date-cell-note"
        >
          {cell.note}
        </span>
      )}
    </span>
  );
}
