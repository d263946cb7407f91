/**
 * /my-day without signal (issue 30 item 4): says the visits shown are the phone's copy and when it
 * was downloaded, as the field pages do — or that the phone has none, with the way to prepare it.
 */
import { Link } from '@tanstack/react-router';
import { WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/dates.ts';
import { NS } from './i18n.ts';
import type { MyDay } from './use-my-day.ts';

export function MyDayOfflineHint({ day }: { day: Pick<MyDay, 'offlineAsOf' | 'offlineWithoutCopy'> }) {
  const { t } = useTranslation(NS);
  if (!day.offlineAsOf && !day.offlineWithoutCopy) return null;
  return (
    <p
      className="flex flex-wrap items-start gap-2 rounded-lg border border-foreground/15 bg-muted p-3 text-sm"
      role="status"
      data-testid="my-day-offline"
    >
      <WifiOff className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span className="min-w-0 flex-1">
        {day.offlineAsOf
          ? t('dayOffline.asOf', { date: formatDateTime(day.offlineAsOf) })
          : t('dayOffline.none')}
      </span>
      {day.offlineWithoutCopy && (
        <Link to="/offline" className="font-semibold underline underline-offset-2">
          {t('dayOffline.prepare')}
        </Link>
      )}
    </p>
  );
}
