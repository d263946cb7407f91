/** Equipment status badge and dated values with the seed's texts (seed 001 §4). */
import { useTranslation } from 'react-i18next';
import { EMPTY_DATE, formatDate } from '../../../shared/dates.ts';
import type { EquipmentStatus, ExpirationStatus } from '../../../shared/equipment/status.ts';
import { cn } from '../../lib/utils.ts';
import { dateNote } from './field-rules.ts';
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

/** A date (DD/MM/YYYY, --/--/---- when empty) with "Válido até hoje" / "… amanhã" / "expira em N dias"; expired highlighted. */
export function DateWithStatus({
  date,
  status,
  days,
  testId,
}: {
  date: string | null;
  status: ExpirationStatus;
  days: number | null;
  testId?: string;
}) {
  const { t } = useTranslation(FIELD_NS);
  const note = dateNote(status, days);
  const text = date ? formatDate(date) : EMPTY_DATE;
  return (
    <span className="flex flex-col items-end gap-0.5 text-right" data-testid={testId}>
      <span
        className={cn(
          'font-medium tabular-nums',
          note.kind === 'expired' && 'rounded bg-destructive/12 px-1.5 text-destructive',
        )}
      >
        {text}
      </span>
      {note.kind === 'expired' && (
        <span className="text-xs font-semibold text-destructive">{t('expired')}</span>
      )}
      {note.kind === 'today' && <span className="text-xs text-warning">{t('validUntilToday')}</span>}
      {note.kind === 'tomorrow' && <span className="text-xs text-warning">{t('validUntilTomorrow')}</span>}
      {note.kind === 'inDays' && (
        <span className="text-xs text-warning">{t('expiresInDays', { count: note.days })}</span>
      )}
    </span>
  );
}
