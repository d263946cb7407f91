/**
 * /my-day (issue 30 item 4): the signed-in technician's visits of today, each with its equipment
 * ordered by a short walking route (nearest neighbour from the equipment's reference locations;
 * equipment without one comes last). Each equipment links to its field page. Without signal the
 * visits come from the phone's working set (./use-my-day.ts), with a hint of when it was downloaded.
 */
import { Link } from '@tanstack/react-router';
import { MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { showDay } from '../../../shared/dates.ts';
import { nearestNeighbourOrder } from '../../../shared/visits/route.ts';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { localToday } from '../../components/list/day-text.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { errorMessage } from '../../lib/trpc.ts';
import { FinishVisitButton } from './finish-visit-button.tsx';
import { NS } from './i18n.ts';
import { MyDayOfflineHint } from './my-day-offline.tsx';
import { type DayVisit as DayVisitData, useDayVisitDetail, useMyDay } from './use-my-day.ts';

export function MyDayPage() {
  const { t } = useTranslation(NS);
  const today = localToday();
  const visits = useMyDay(today);
  return (
    <div className="mx-auto max-w-2xl space-y-4" data-testid="my-day">
      <PageHeader title={t('myDay.title')} description={t('myDay.description', { day: showDay(today) })} />
      <MyDayOfflineHint day={visits} />
      {visits.isPending && <Skeleton className="h-32 w-full" />}
      {visits.isError && (
        <ErrorPanel
          message={errorMessage(visits.error, t('loadFailed'))}
          onRetry={() => void visits.refetch()}
        />
      )}
      {visits.data?.items.length === 0 && (
        <p className="text-muted-foreground" data-testid="my-day-empty">
          {t('myDay.empty')}
        </p>
      )}
      {visits.data?.items.map((v) => (
        <DayVisit key={v.id} visit={v} />
      ))}
    </div>
  );
}

function DayVisit({ visit }: { visit: DayVisitData }) {
  const { t } = useTranslation(NS);
  const detail = useDayVisitDetail(visit);
  const route = detail.data
    ? nearestNeighbourOrder(detail.data.equipment.items.map((e) => ({ item: e, location: e.location })))
    : [];
  return (
    <Card data-testid={`my-day-visit-${visit.id}`}>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center justify-between gap-2">
          <span>{visit.companyName}</span>
          <span className="text-sm font-normal text-muted-foreground">
            {visit.startTime ? `${visit.startTime}${visit.endTime ? `–${visit.endTime}` : ''} · ` : ''}
            {t(`status.${visit.status}`)}
          </span>
        </CardTitle>
        {/* Closing needs the server: a visit from the phone's copy (it carries its equipment) has no button. */}
        {!('equipment' in visit) && (
          <FinishVisitButton visit={visit} missing={detail.data?.equipment.total} />
        )}
      </CardHeader>
      <CardContent>
        {detail.isPending && <Skeleton className="h-16 w-full" />}
        {detail.data && route.length === 0 && (
          <p className="text-sm text-muted-foreground">{t('noEquipment')}</p>
        )}
        <ol className="space-y-2">
          {route.map((e, i) => (
            <li key={e.id} className="flex items-start gap-3" data-serial={e.tagSerialNumber}>
              <span className="w-6 shrink-0 text-right font-semibold tabular-nums">{i + 1}.</span>
              <div className="min-w-0 flex-1">
                <Link
                  to="/t/$serial"
                  params={{ serial: e.tagSerialNumber }}
                  className="font-mono font-medium text-primary underline-offset-4 hover:underline"
                >
                  {e.tagSerialNumber}
                </Link>
                <span className="ml-2">
                  {e.productName}
                  {e.extraLabel ? ` · ${e.extraLabel}` : ''}
                </span>
                <span className="block text-xs text-muted-foreground">
                  {e.cycles.map((c) => `${c.name}: ${showDay(c.dueDate)}`).join(' · ')}
                </span>
              </div>
              {e.location === null && (
                <MapPin
                  className="size-4 shrink-0 text-muted-foreground opacity-40"
                  aria-label={t('myDay.noLocation')}
                />
              )}
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
