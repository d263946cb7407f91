/**
 * A visit on the calendar: a chip (company, status coloured) that opens the visit and, for the
 * admin roles, can be dragged to another day; its small reschedule button is the keyboard path
 * (Tab to it, Enter opens the date/technician dialog).
 */
import { CalendarClock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { showDay } from '../../../shared/dates.ts';
import type { Visit, VisitStatus } from '../../../shared/visits/schemas.ts';
import { NS } from './i18n.ts';

export const DRAG_TYPE = 'application/x-equipcheck-visit';

const STATUS_CLASS: Record<VisitStatus, string> = {
  SCHEDULED: 'border-sky-300 bg-sky-50 text-sky-900 dark:bg-sky-950 dark:text-sky-100',
  LATE: 'border-red-300 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100',
  DONE: 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  PARTIAL: 'border-amber-300 bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
};

export function VisitChip({
  visit,
  canMove,
  onOpen,
  onMove,
}: {
  visit: Visit;
  canMove: boolean;
  onOpen(): void;
  onMove(): void;
}) {
  const { t } = useTranslation(NS);
  const movable = canMove && visit.closedAt === null;
  const status = t(`status.${visit.status}`);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dragging is a shortcut; the reschedule button is the accessible way
    <div
      className={`flex items-center gap-1 rounded-md border px-1.5 py-1 text-xs ${STATUS_CLASS[visit.status]}`}
      data-testid={`visit-chip-${visit.id}`}
      data-status={visit.status}
      data-date={visit.date}
      draggable={movable}
      onDragStart={(e) => {
        e.dataTransfer.setData(DRAG_TYPE, String(visit.id));
        e.dataTransfer.effectAllowed = 'move';
      }}
    >
      <button
        type="button"
        className="min-w-0 flex-1 truncate text-left font-medium focus-visible:outline-2 focus-visible:outline-ring"
        onClick={onOpen}
        aria-label={t('chipLabel', {
          company: visit.companyName,
          date: showDay(visit.date),
          technician: visit.technicianName ?? '',
          status,
          count: t('equipmentCount', { count: visit.equipmentCount }),
        })}
        data-testid={`visit-open-${visit.id}`}
      >
        {visit.startTime ? `${visit.startTime} ` : ''}
        {visit.companyName}
        <span className="block truncate font-normal opacity-80">
          {visit.technicianName} · {status}
        </span>
        <span
          className="block truncate font-normal tabular-nums opacity-80"
          data-testid={`visit-count-${visit.id}`}
        >
          {t('equipmentCount', { count: visit.equipmentCount })}
        </span>
      </button>
      {movable && (
        <button
          type="button"
          className="shrink-0 rounded p-0.5 hover:bg-black/10 focus-visible:outline-2 focus-visible:outline-ring"
          onClick={onMove}
          aria-label={t('move')}
          title={t('move')}
          data-testid={`visit-move-${visit.id}`}
        >
          <CalendarClock className="size-3.5" aria-hidden />
        </button>
      )}
    </div>
  );
}
