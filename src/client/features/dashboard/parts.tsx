/**
 * The dashboard's pieces that need no chart library: the card every chart sits in (skeleton while
 * loading, the error with a retry, the empty state), the summary cards, the recent activity and
 * the lazily loaded charts (./charts.tsx, recharts, one chunk fetched on first use).
 */
import { Link } from '@tanstack/react-router';
import { ClipboardCheck, HardHat, Users, Wrench } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/dates.ts';
import type {
  DashboardSummary,
  RecentActivity as RecentActivityRows,
} from '../../../shared/dashboard/schemas.ts';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { errorMessage } from '../../lib/trpc.ts';
import { cn } from '../../lib/utils.ts';
import { formatCount } from './dashboard-model.ts';
import { DASHBOARD_NS } from './i18n.ts';

const charts = () => import('./charts.tsx');
export const MonthlyChart = React.lazy(async () => ({ default: (await charts()).MonthlyChart }));
export const StatusDoughnut = React.lazy(async () => ({ default: (await charts()).StatusDoughnut }));
export const SimpleBars = React.lazy(async () => ({ default: (await charts()).SimpleBars }));
export const ProductBars = React.lazy(async () => ({ default: (await charts()).ProductBars }));

export function useCount() {
  const { i18n } = useTranslation(DASHBOARD_NS);
  const lang = i18n.resolvedLanguage ?? i18n.language;
  return React.useCallback((n: number) => formatCount(n, lang), [lang]);
}

/** A loading placeholder that says so to screen readers. */
function Loading({ className, testId }: { className: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" data-testid={testId}>
      <span className="sr-only">{t('common.loading')}</span>
      <Skeleton className={className} />
    </div>
  );
}

/** What a chart card needs of a query (React Query's result fits). */
export interface CardQuery<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isFetching: boolean;
  refetch(): unknown;
}

/**
 * A chart's card: its title (the chart's accessible name, `titleId`), a hint, then a skeleton while
 * loading, the error with a retry, the empty text, or the chart (`children(data, titleId)`).
 */
export function ChartCard<T>({
  title,
  hint,
  testId,
  query,
  isEmpty,
  emptyText,
  skeleton = 'h-[280px]',
  className,
  children,
}: {
  title: string;
  hint?: React.ReactNode;
  testId: string;
  query: CardQuery<T>;
  isEmpty(data: T): boolean;
  emptyText: string;
  /** the skeleton's height class */
  skeleton?: string;
  className?: string;
  children(data: T, titleId: string): React.ReactNode;
}) {
  const { t } = useTranslation(DASHBOARD_NS);
  const titleId = React.useId();
  const { data, error } = query;
  let body: React.ReactNode;
  if (error && data === undefined)
    body = <ErrorPanel message={errorMessage(error, t('loadError'))} onRetry={() => void query.refetch()} />;
  else if (data === undefined)
    body = <Loading className={cn('w-full', skeleton)} testId={`${testId}-loading`} />;
  else if (isEmpty(data))
    body = (
      <p
        className="flex min-h-24 items-center justify-center rounded-lg border border-dashed text-sm text-muted-foreground"
        data-testid={`${testId}-empty`}
      >
        {emptyText}
      </p>
    );
  else
    body = (
      <React.Suspense fallback={<Loading className={cn('w-full', skeleton)} testId={`${testId}-loading`} />}>
        {children(data, titleId)}
      </React.Suspense>
    );
  return (
    <Card
      className={cn('min-w-0', className)}
      data-testid={testId}
      aria-busy={query.isFetching || undefined}
      data-state={data === undefined ? 'loading' : 'ready'}
    >
      <CardHeader className="pb-3">
        <h2 id={titleId} className="text-base font-semibold leading-tight">
          {title}
        </h2>
        {hint && <CardDescription>{hint}</CardDescription>}
      </CardHeader>
      <CardContent className={cn(query.isFetching && data !== undefined && 'opacity-70 transition-opacity')}>
        {body}
      </CardContent>
    </Card>
  );
}

// ── summary ─────────────────────────────────────────────────────────────────────────────────────

const SUMMARY_ICONS = {
  users: <Users className="size-5" aria-hidden />,
  equipments: <HardHat className="size-5" aria-hidden />,
  inspections: <ClipboardCheck className="size-5" aria-hidden />,
} as const;

/** Users, equipment, inspections: all-time total, last 7 days, last creation (seed 000 §3). */
export function SummaryCards({ query }: { query: CardQuery<DashboardSummary> }) {
  const { t } = useTranslation(DASHBOARD_NS);
  const count = useCount();
  const { data, error } = query;
  if (error && !data)
    return <ErrorPanel message={errorMessage(error, t('loadError'))} onRetry={() => void query.refetch()} />;
  return (
    <section className="grid gap-4 md:grid-cols-3" aria-label={t('summaryLabel')} data-testid="summary">
      {(['users', 'equipments', 'inspections'] as const).map((key) => {
        const card = data?.[key];
        return (
          <Card key={key} data-testid={`summary-${key}`} aria-busy={!card || undefined}>
            <CardContent className="flex items-start gap-4 p-5">
              <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
                {SUMMARY_ICONS[key]}
              </span>
              <div className="min-w-0 flex-1">
                <h2 className="text-sm text-muted-foreground">{t(`summary.${key}`)}</h2>
                {card ? (
                  <>
                    <p className="text-2xl font-semibold tabular-nums" data-testid={`summary-${key}-total`}>
                      <span className="sr-only">{t('summary.total')}: </span>
                      {count(card.allTimeTotal)}
                    </p>
                    <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-xs text-muted-foreground">
                      <dt>{t('summary.last7Days')}:</dt>
                      <dd
                        className="font-medium text-foreground tabular-nums"
                        data-testid={`summary-${key}-week`}
                      >
                        {count(card.last7DaysTotal)}
                      </dd>
                      <dt>{t('summary.lastCreate')}:</dt>
                      <dd className="tabular-nums" data-testid={`summary-${key}-last`}>
                        {formatDateTime(card.lastCreateTime)}
                      </dd>
                    </dl>
                  </>
                ) : (
                  <Loading className="mt-1 h-12 w-32" testId={`summary-${key}-loading`} />
                )}
              </div>
            </CardContent>
          </Card>
        );
      })}
    </section>
  );
}

// ── recent activity ─────────────────────────────────────────────────────────────────────────────

/** The newest inspections and maintenances of the last 7 days; each opens its equipment in the report. */
export function RecentActivityCard({
  query,
  className,
}: {
  query: CardQuery<RecentActivityRows>;
  className?: string;
}) {
  const { t } = useTranslation(DASHBOARD_NS);
  return (
    <ChartCard
      title={t('charts.recent')}
      hint={t('charts.recentHint')}
      testId="recent-activity"
      query={query}
      isEmpty={(rows) => rows.length === 0}
      emptyText={t('empty.recent')}
      skeleton="h-48"
      className={className}
    >
      {(rows, titleId) => (
        <ul className="divide-y" aria-labelledby={titleId}>
          {rows.map((r) => (
            <li key={`${r.kind}-${r.id}`} className="py-2 first:pt-0 last:pb-0" data-testid="activity-row">
              <Link
                to={'/inspections' as never}
                search={{ query: r.tagSerialNumber, enabledTagsOnly: 'false' } as never}
                className="flex items-start gap-3 rounded-md p-1 hover:bg-muted focus-visible:bg-muted"
                aria-label={`${t(`kinds.${r.kind}`)}: ${r.productName}${r.extraLabel ? ` — ${r.extraLabel}` : ''}, ${r.tagSerialNumber}, ${formatDateTime(r.createdAt)}. ${t('activityLink', { tag: r.tagSerialNumber })}`}
              >
                <span
                  className={cn(
                    'mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full',
                    r.kind === 'INSPECTION'
                      ? 'bg-primary-soft text-primary'
                      : 'bg-secondary-soft text-warning',
                  )}
                >
                  {r.kind === 'INSPECTION' ? (
                    <ClipboardCheck className="size-4" aria-hidden />
                  ) : (
                    <Wrench className="size-4" aria-hidden />
                  )}
                </span>
                <span className="min-w-0 flex-1 text-sm">
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{t(`kinds.${r.kind}`)}</span>
                    {r.improper && <Badge variant="destructive">{t('improper')}</Badge>}
                  </span>
                  <span className="block truncate">
                    {r.productName}
                    {r.extraLabel && <span className="text-muted-foreground"> — {r.extraLabel}</span>}
                  </span>
                  <span className="block text-xs text-muted-foreground">
                    {r.tagSerialNumber} ·{' '}
                    {r.userName ? t('activityBy', { name: r.userName }) : t('unknownPerson')}
                  </span>
                </span>
                <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
                  {formatDateTime(r.createdAt)}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </ChartCard>
  );
}
