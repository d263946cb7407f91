/**
 * /visits (issue 30 item 4): the visits of a week or a month as chips per day, filtered by
 * technician; view, day and technician live in the URL. The admin roles drag a chip to another day
 * (HTML5 drag and drop) or use its reschedule button (date and technician dialog) to call
 * `visits.update`; a chip opens the visit. Operators read.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { showDay } from '../../../shared/dates.ts';
import { ADMIN_ROLES, type Role } from '../../../shared/roles.ts';
import type { Visit } from '../../../shared/visits/schemas.ts';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { localToday } from '../../components/list/day-text.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { NativeSelect } from '../../components/form/index.ts';
import { Button } from '../../components/ui/button.tsx';
import { errorMessage, useTRPC } from '../../lib/trpc.ts';
import { useSession } from '../../lib/session.tsx';
import { CALENDAR_VIEWS, type CalendarView, calendarDays, stepDay, weekdayOf } from './calendar-days.ts';
import { NS } from './i18n.ts';
import { type MoveChange, MoveDialog } from './move-dialog.tsx';
import { DRAG_TYPE, VisitChip } from './visit-chip.tsx';
import { VisitDialog } from './visit-dialog.tsx';

interface CalendarSearch {
  view?: string;
  date?: string;
  technicianId?: string;
}

function useCalendarUrl() {
  const raw = (useSearch({ strict: false, shouldThrow: false }) ?? {}) as CalendarSearch;
  const navigate = useNavigate();
  const view: CalendarView = (CALENDAR_VIEWS as readonly string[]).includes(raw.view ?? '')
    ? (raw.view as CalendarView)
    : 'week';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(raw.date ?? '') ? (raw.date as string) : localToday();
  const technicianId = Number(raw.technicianId) > 0 ? Number(raw.technicianId) : undefined;
  const set = React.useCallback(
    (next: CalendarSearch) =>
      void navigate({
        to: '.',
        replace: true,
        search: ((prev: CalendarSearch) => {
          const merged: Record<string, string | undefined> = { ...prev, ...next };
          for (const k of Object.keys(merged)) if (!merged[k]) delete merged[k];
          return merged;
        }) as never,
      }),
    [navigate],
  );
  return { view, date, technicianId, set };
}

type Open = { kind: 'view' | 'move'; visit: Visit } | null;

export function VisitsPage() {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { role, user } = useSession();
  const canMove = ADMIN_ROLES.includes(role as Role);
  const url = useCalendarUrl();
  const days = React.useMemo(() => calendarDays(url.view, url.date), [url.view, url.date]);
  const from = days[0] as string;
  const to = days[days.length - 1] as string;
  const list = useQuery(
    trpc.visits.list.queryOptions({
      from,
      to,
      technicianId: url.technicianId,
      sort: 'date',
      direction: 'asc',
      pageSize: 1000,
    }),
  );
  // the technicians of the range without the filter, for the filter's options
  const everyone = useQuery(trpc.visits.list.queryOptions({ from, to, sort: 'technician', pageSize: 1000 }));
  const technicians = React.useMemo(() => {
    const seen = new Map<number, string>();
    for (const v of everyone.data?.items ?? [])
      seen.set(v.technicianId, v.technicianName ?? String(v.technicianId));
    return [...seen.entries()].sort((a, b) => a[1].localeCompare(b[1]));
  }, [everyone.data]);
  const byDay = React.useMemo(() => {
    const map = new Map<string, Visit[]>();
    for (const v of list.data?.items ?? []) map.set(v.date, [...(map.get(v.date) ?? []), v]);
    return map;
  }, [list.data]);
  const [open, setOpen] = React.useState<Open>(null);
  const update = useMutation(
    trpc.visits.update.mutationOptions({
      onSuccess: async () => {
        toast.success(t('moved'));
        setOpen(null);
        await qc.invalidateQueries({ queryKey: trpc.visits.pathKey() });
      },
      onError: (e) => toast.error(errorMessage(e, t('moveFailed'))),
    }),
  );
  const move = (visit: Visit, change: Partial<MoveChange>) => {
    const date = change.date && change.date !== visit.date ? change.date : undefined;
    const technicianId =
      change.technicianId && change.technicianId !== visit.technicianId ? change.technicianId : undefined;
    if (!date && !technicianId) return setOpen(null);
    update.mutate({ id: visit.id, date, technicianId });
  };
  const today = localToday();
  return (
    <div className="space-y-4" data-testid="visits-page">
      <PageHeader title={t('title')} description={t('description')} />
      <CalendarToolbar url={url} from={from} to={to} technicians={technicians} />
      {list.isError && (
        <ErrorPanel message={errorMessage(list.error, t('loadFailed'))} onRetry={() => void list.refetch()} />
      )}
      <div
        className="grid grid-cols-7 gap-px overflow-hidden rounded-lg border bg-border"
        data-testid="visits-grid"
      >
        {days.slice(0, 7).map((d) => (
          <div key={`h${d}`} className="bg-muted px-2 py-1 text-center text-xs font-semibold">
            {t(`weekdays.${weekdayOf(d)}`)}
          </div>
        ))}
        {days.map((d) => (
          <DayCell
            key={d}
            day={d}
            today={d === today}
            outside={url.view === 'month' && d.slice(0, 7) !== url.date.slice(0, 7)}
            tall={url.view === 'week'}
            canDrop={canMove}
            onDrop={(id) => {
              const visit = list.data?.items.find((v) => v.id === id);
              if (visit) move(visit, { date: d });
            }}
          >
            {(byDay.get(d) ?? []).map((v) => (
              <VisitChip
                key={v.id}
                visit={v}
                canMove={canMove}
                onOpen={() => setOpen({ kind: 'view', visit: v })}
                onMove={() => setOpen({ kind: 'move', visit: v })}
              />
            ))}
          </DayCell>
        ))}
      </div>
      {open?.kind === 'move' && (
        <MoveDialog
          visit={open.visit}
          saving={update.isPending}
          onSave={(change) => move(open.visit, change)}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'view' && (
        <VisitDialog
          id={open.visit.id}
          canClose={canMove || open.visit.technicianId === user?.id}
          onClose={() => setOpen(null)}
        />
      )}
    </div>
  );
}

function CalendarToolbar({
  url,
  from,
  to,
  technicians,
}: {
  url: ReturnType<typeof useCalendarUrl>;
  from: string;
  to: string;
  technicians: [number, string][];
}) {
  const { t } = useTranslation(NS);
  const today = localToday();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <fieldset className="flex rounded-md border">
        {CALENDAR_VIEWS.map((v) => (
          <Button
            key={v}
            variant={url.view === v ? 'secondary' : 'ghost'}
            aria-pressed={url.view === v}
            onClick={() => url.set({ view: v })}
            data-testid={`visits-view-${v}`}
          >
            {t(v)}
          </Button>
        ))}
      </fieldset>
      <Button
        variant="outline"
        size="icon"
        aria-label={t('previous')}
        onClick={() => url.set({ date: stepDay(url.view, url.date, -1) })}
        data-testid="visits-previous"
      >
        <ChevronLeft aria-hidden />
      </Button>
      <Button variant="outline" onClick={() => url.set({ date: today })} data-testid="visits-today">
        {t('today')}
      </Button>
      <Button
        variant="outline"
        size="icon"
        aria-label={t('next')}
        onClick={() => url.set({ date: stepDay(url.view, url.date, 1) })}
        data-testid="visits-next"
      >
        <ChevronRight aria-hidden />
      </Button>
      <span className="font-medium tabular-nums" data-testid="visits-range">
        {showDay(from)} – {showDay(to)}
      </span>
      <NativeSelect
        aria-label={t('technician')}
        className="ml-auto w-auto"
        value={url.technicianId ?? ''}
        onChange={(e) => url.set({ technicianId: e.target.value || undefined })}
        data-testid="visits-technician"
      >
        <option value="">{t('allTechnicians')}</option>
        {url.technicianId && !technicians.some(([id]) => id === url.technicianId) && (
          <option value={url.technicianId}>{url.technicianId}</option>
        )}
        {technicians.map(([id, name]) => (
          <option key={id} value={id}>
            {name}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

function DayCell({
  day,
  today,
  outside,
  tall,
  canDrop,
  onDrop,
  children,
}: {
  day: string;
  today: boolean;
  outside: boolean;
  tall: boolean;
  canDrop: boolean;
  onDrop(visitId: number): void;
  children: React.ReactNode;
}) {
  const [over, setOver] = React.useState(false);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target; the reschedule button is the accessible way
    <div
      className={`flex flex-col gap-1 p-1.5 ${tall ? 'min-h-48' : 'min-h-24'} ${
        over ? 'bg-accent' : outside ? 'bg-muted/50' : 'bg-card'
      }`}
      data-testid={`visits-day-${day}`}
      onDragOver={(e) => {
        if (!canDrop || !e.dataTransfer.types.includes(DRAG_TYPE)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        setOver(false);
        const id = Number(e.dataTransfer.getData(DRAG_TYPE));
        if (!canDrop || !id) return;
        e.preventDefault();
        onDrop(id);
      }}
    >
      <span className={`text-xs tabular-nums ${today ? 'font-bold text-primary' : 'text-muted-foreground'}`}>
        {Number(day.slice(8))}
      </span>
      {children}
    </div>
  );
}
