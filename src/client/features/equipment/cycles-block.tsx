/**
 * The equipment's maintenance cycles (issue 30 item 1): each cycle's name, norm, last done day,
 * next due day (with the due date's note, as the dialog shows the due date) and status in the
 * seed's colours. Shown by the equipment dialog and the field page's tag card (the public card's
 * cycles have no last done day: that column is left out).
 */
import { useTranslation } from 'react-i18next';
import type { EquipmentCycle, PublicCycle } from '../../../shared/cycles/schemas.ts';
import { formatDate } from '../../../shared/dates.ts';
import type { ExpirationStatus } from '../../../shared/equipment/status.ts';
import { cn } from '../../lib/utils.ts';
import { CYCLES_NS } from '../catalogue/cycles-i18n.ts';
import { DateWithStatus } from '../field/status.tsx';

/** NA transparent, VALID orange, EXPIRING orange-soft, EXPIRED grey (the seed's status colours). */
const CYCLE_STATUS_CLASS: Record<ExpirationStatus, string> = {
  NA: 'border-input bg-transparent text-foreground',
  VALID: 'border-transparent bg-secondary text-secondary-foreground',
  EXPIRING: 'border-secondary bg-secondary-soft text-warning',
  EXPIRED: 'border-transparent bg-[#7b878b] text-white',
};

export function CycleStatusBadge({ status, className }: { status: ExpirationStatus; className?: string }) {
  const { t } = useTranslation(CYCLES_NS);
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        CYCLE_STATUS_CLASS[status],
        className,
      )}
      data-testid="cycle-status"
      data-status={status}
    >
      {t(`statuses.${status}`)}
    </span>
  );
}

/** The cycles, one row each (stacked on a phone). */
export function EquipmentCycles({
  cycles,
  className,
}: {
  cycles: readonly (EquipmentCycle | PublicCycle)[];
  className?: string;
}) {
  const { t } = useTranslation(CYCLES_NS);
  return (
    <section
      className={cn('space-y-2', className)}
      aria-labelledby="equipment-cycles-title"
      data-testid="equipment-cycles"
    >
      <h3 id="equipment-cycles-title" className="text-sm font-semibold">
        {t('equipmentTitle')}
      </h3>
      {cycles.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="equipment-cycles-empty">
          {t('noCycles')}
        </p>
      ) : (
        <ul className="divide-y rounded-md border">
          {cycles.map((c) => (
            <li
              key={c.code}
              className="grid gap-x-4 gap-y-1 p-3 text-sm sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1.3fr)_auto] sm:items-center"
              data-testid="equipment-cycle"
              data-code={c.code}
              data-status={c.status}
            >
              <div className="min-w-0">
                <p className="font-medium break-words" data-testid="equipment-cycle-name">
                  {c.name}
                </p>
                {c.norm && <p className="text-xs text-muted-foreground">{c.norm}</p>}
              </div>
              {'lastDoneAt' in c ? (
                <p className="flex items-start justify-between gap-2 sm:flex-col sm:justify-start sm:gap-0">
                  <span className="text-xs text-muted-foreground">{t('lastDone')}</span>
                  <span className="tabular-nums" data-testid="equipment-cycle-last-done">
                    {formatDate(c.lastDoneAt)}
                  </span>
                </p>
              ) : (
                <span aria-hidden />
              )}
              <div className="flex items-start justify-between gap-2 sm:flex-col sm:justify-start sm:gap-0">
                <span className="text-xs text-muted-foreground">{t('nextDue')}</span>
                <DateWithStatus
                  date={c.dueDate}
                  status={c.status}
                  days={c.daysToExpire}
                  align="start"
                  testId="equipment-cycle-due"
                />
              </div>
              <div>
                <CycleStatusBadge status={c.status} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
