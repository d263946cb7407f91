import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { X } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/dates.ts';
import { DayRangeFilter, localToday } from '../../components/list/day-range-filter.tsx';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table.tsx';
import type { RouterOutputs } from '../../lib/api-types.ts';
import { flushPageViews } from '../../lib/page-views.ts';
import { errorMessage, useTRPC } from '../../lib/trpc.ts';
import { NS } from './i18n.ts';

type Usage = RouterOutputs['analytics']['usage'];
type CompanyRow = Usage['companies'][number];

const DailyViewsChart = React.lazy(async () => ({
  default: (await import('./usage-chart.tsx')).DailyViewsChart,
}));

/** The default range: the last 30 days, today included. */
function defaultRange(): { from: string; to: string } {
  const to = localToday();
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}

/**
 * /usage (provider admin, issue 18): page views per day, per route (screen) and per company over a
 * day range. The range and the chosen route or company live in the URL (`?from=&to=&route=&companyId=`),
 * so reload and bookmarks keep them; a row of either table narrows the page to it.
 */
export function UsagePage() {
  const { t, i18n } = useTranslation(NS);
  const trpc = useTRPC();
  const navigate = useNavigate();
  const search = useSearch({ from: '/usage' });
  const fallback = React.useMemo(defaultRange, []);
  const input = {
    from: search.from ?? fallback.from,
    to: search.to ?? fallback.to,
    ...(search.route ? { route: search.route } : {}),
    ...(search.companyId && /^\d+$/.test(search.companyId) ? { companyId: Number(search.companyId) } : {}),
  };
  // The views this page's own visit queued are counted before the numbers are read.
  const [flushed, setFlushed] = React.useState(false);
  React.useEffect(() => {
    void flushPageViews().finally(() => setFlushed(true));
  }, []);
  const usage = useQuery({ ...trpc.analytics.usage.queryOptions(input), enabled: flushed });
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const count = React.useMemo(() => new Intl.NumberFormat(lang), [lang]);

  const setSearch = (patch: Partial<Record<'from' | 'to' | 'route' | 'companyId', string | undefined>>) =>
    void navigate({ to: '/usage', search: { ...search, ...patch }, replace: true });
  const companyName = (c: Pick<CompanyRow, 'companyId' | 'companyName'>) =>
    c.companyId === null ? t('noCompany') : (c.companyName ?? `${t('removed')} #${c.companyId}`);
  const chosenCompany = usage.data?.companies.find((c) => c.companyId === input.companyId);

  return (
    <div className="space-y-6">
      <PageHeader title={t('title')} description={t('description')} />
      <div className="flex flex-wrap items-end gap-3">
        <DayRangeFilter
          from={input.from}
          upTo={input.to}
          onChange={(from, to) => setSearch({ from, to })}
          fromLabel={t('from')}
          upToLabel={t('to')}
          testId="usage"
        />
        {input.route && (
          <FilterBadge
            label={t('filterRoute', { route: input.route })}
            onClear={() => setSearch({ route: undefined })}
          />
        )}
        {input.companyId !== undefined && (
          <FilterBadge
            label={t('filterCompany', {
              name: chosenCompany ? companyName(chosenCompany) : `#${input.companyId}`,
            })}
            onClear={() => setSearch({ companyId: undefined })}
          />
        )}
      </div>

      {usage.isError ? (
        <ErrorPanel
          message={errorMessage(usage.error, t('loadError'))}
          onRetry={() => void usage.refetch()}
        />
      ) : !usage.data ? (
        <div className="space-y-4">
          <Skeleton className="h-64 w-full rounded-xl" />
          <Skeleton className="h-48 w-full rounded-xl" />
        </div>
      ) : (
        <>
          <Card>
            <CardHeader>
              <CardDescription>{t('total')}</CardDescription>
              <CardTitle className="text-3xl tabular-nums" data-testid="usage-total">
                {count.format(usage.data.total)}
              </CardTitle>
            </CardHeader>
            <CardContent>
              <h2 className="mb-2 text-sm font-medium">{t('daily')}</h2>
              <figure aria-label={t('daily')} data-testid="usage-daily">
                <React.Suspense fallback={<Skeleton className="h-60 w-full" />}>
                  <DailyViewsChart
                    days={usage.data.days}
                    dayLabel={(d) => formatDate(d)}
                    viewsLabel={t('views')}
                  />
                </React.Suspense>
                <figcaption className="sr-only">
                  {t('dailySummary', {
                    total: count.format(usage.data.total),
                    from: formatDate(usage.data.from),
                    to: formatDate(usage.data.to),
                  })}
                </figcaption>
              </figure>
            </CardContent>
          </Card>
          {/* min-w-0: a grid item grows to its widest content (a long route), past a phone's screen. */}
          <div className="grid gap-4 lg:grid-cols-2">
            <Card className="min-w-0">
              <CardHeader>
                <CardTitle className="text-base">{t('byRoute')}</CardTitle>
                {usage.data.routesCapped && (
                  <CardDescription data-testid="usage-routes-capped">
                    {t('routesCapped', { max: usage.data.routes.length })}
                  </CardDescription>
                )}
              </CardHeader>
              <CardContent>
                <Table data-testid="usage-routes" aria-label={t('byRoute')}>
                  <TableHeader>
                    <TableRow>
                      <TableHead>{t('route')}</TableHead>
                      <TableHead className="text-right">{t('views')}</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {usage.data.routes.length === 0 && <EmptyRow colSpan={2} text={t('empty')} />}
                    {usage.data.routes.map((r) => (
                      <TableRow key={r.route} data-route={r.route}>
                        <TableCell>
                          <Button
                            variant="link"
                            className="h-auto whitespace-normal break-all p-0 text-left font-mono text-sm"
                            aria-label={t('showRoute', { route: r.route })}
                            onClick={() => setSearch({ route: r.route })}
                          >
                            {r.route}
                          </Button>
                        </TableCell>
                        <TableCell className="text-right tabular-nums" data-testid="usage-route-views">
                          {count.format(r.views)}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </CardContent>
            </Card>
            <Card className="min-w-0">
              <CardHeader>
                <CardTitle className="text-base">{t('byCompany')}</CardTitle>
                {usage.data.companiesCapped && (
                  <CardDescription>{t('capped', { max: usage.data.companies.length })}</CardDescription>
                )}
              </CardHeader>
              <CardContent>
                <Table data-testid="usage-companies" aria-label={t('byCompany')}>
                  <TableHeader>
                    <TableRow>
                      <TableHead>{t('company')}</TableHead>
                      <TableHead>{t('group')}</TableHead>
                      <TableHead className="text-right">{t('views')}</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {usage.data.companies.length === 0 && <EmptyRow colSpan={3} text={t('empty')} />}
                    {usage.data.companies.map((c) => (
                      <TableRow key={`${c.companyId}-${c.groupName}`} data-company={c.companyId ?? ''}>
                        <TableCell>
                          {c.companyId === null ? (
                            companyName(c)
                          ) : (
                            <Button
                              variant="link"
                              className="h-auto p-0 text-sm"
                              aria-label={t('showCompany', { name: companyName(c) })}
                              onClick={() => setSearch({ companyId: String(c.companyId) })}
                            >
                              {companyName(c)}
                            </Button>
                          )}
                        </TableCell>
                        <TableCell className="text-muted-foreground">{c.groupName ?? '—'}</TableCell>
                        <TableCell className="text-right tabular-nums">{count.format(c.views)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </CardContent>
            </Card>
          </div>
        </>
      )}
    </div>
  );
}

function FilterBadge({ label, onClear }: { label: string; onClear(): void }) {
  const { t } = useTranslation(NS);
  return (
    <Badge variant="soft" className="h-9 gap-1 pr-1 text-sm" data-testid="usage-filter">
      {label}
      <Button
        variant="ghost"
        size="icon"
        className="size-7"
        aria-label={t('clearFilter', { label })}
        onClick={onClear}
      >
        <X aria-hidden />
      </Button>
    </Badge>
  );
}

function EmptyRow({ colSpan, text }: { colSpan: number; text: string }) {
  return (
    <TableRow>
      <TableCell colSpan={colSpan} className="py-6 text-center text-muted-foreground">
        {text}
      </TableCell>
    </TableRow>
  );
}
