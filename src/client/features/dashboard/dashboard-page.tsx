/**
 * '/' signed in (seed 000 §2 "Dashboard", §3, §5, §9; issue 15). Admins: the scope and period row,
 * the summary (users, equipment, inspections), the monthly chart of the last 24 months, the
 * equipment-status doughnut, the employee, product and subcategory charts of the period, the
 * recent activity and the cycles' expired and expiring counts (issue 30); every bar and slice opens the inspection report filtered to what it counts
 * (./dashboard-model.ts `reportLink`). The operator gets the simpler home: no filter row, no
 * company, period, product, status or employee charts — the summary, the monthly chart and the
 * recent activity of their company.
 */
import { useQuery } from '@tanstack/react-query';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { localToday } from '../../components/list/day-range-filter.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { useLoggedUser } from '../../lib/session.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { DossierButton } from '../organisations/dossier-button.tsx';
import { monthBars, reportLink } from './dashboard-model.ts';
import { DASHBOARD_NS } from './i18n.ts';
import { OpenReportContext } from './open-report.ts';
import {
  type CardQuery,
  ChartCard,
  MonthlyChart,
  ProductBars,
  RecentActivityCard,
  SimpleBars,
  StatusDoughnut,
  SummaryCards,
} from './parts.tsx';
import { CyclesCard } from './cycles-card.tsx';
import { FilterRow } from './dashboard-filters.tsx';
import { type AdminDashboard, useAdminDashboard } from './use-admin-dashboard.ts';

/** '/' for admins. */
export function DashboardPage() {
  const { t } = useTranslation(DASHBOARD_NS);
  const d = useAdminDashboard();
  const { role, state, update, today, otherGroup } = d;
  return (
    <OpenReportContext.Provider value={d.open}>
      <div className="space-y-6" data-testid="dashboard">
        <PageHeader
          title={t('title')}
          description={t('description')}
          actions={role === 'COMPANY_ADMIN' ? <OwnDossier /> : undefined}
        />
        <FilterRow role={role} state={state} update={update} today={today} />
        {otherGroup && (
          <p className="rounded-lg border bg-muted px-4 py-2 text-sm text-muted-foreground" role="note">
            {t('otherGroupNote')}
          </p>
        )}
        <SummaryCards query={d.summary} />
        <div className="grid gap-4 lg:grid-cols-3">
          <MonthlyCard query={d.monthly} today={today} linkOf={(index) => d.link({ kind: 'month', index })} />
          <StatusCard d={d} />
        </div>
        <PeriodCharts d={d} />
      </div>
    </OpenReportContext.Provider>
  );
}

/**
 * A company admin's "Dossiê AVCB/CLCB" of their own company: they land here and have no companies
 * list (seed 000 §2), where the group and provider admins find it per company.
 */
function OwnDossier() {
  const user = useLoggedUser();
  if (user.companyId === null) return null;
  return <DossierButton company={{ id: user.companyId, name: user.companyName ?? '' }} />;
}

/** The equipment-status doughnut, and how many were never inspected. */
function StatusCard({ d }: { d: AdminDashboard }) {
  const { t } = useTranslation(DASHBOARD_NS);
  return (
    <ChartCard
      title={t('charts.status')}
      hint={t('charts.statusHint')}
      testId="card-status"
      query={d.status}
      isEmpty={(c) => c.EXPIRED + c.IMPROPER + c.VALID === 0}
      emptyText={t('empty.status')}
      skeleton="h-[220px]"
    >
      {(counts, titleId) => (
        <>
          <StatusDoughnut
            counts={counts}
            labelledBy={titleId}
            linkOf={(s) => d.link({ kind: 'status', status: s })}
          />
          {counts.NA > 0 && (
            <p className="mt-3 text-xs text-muted-foreground" data-testid="status-never-inspected">
              {t('neverInspected', { count: counts.NA, value: d.count(counts.NA) })}
            </p>
          )}
        </>
      )}
    </ChartCard>
  );
}

/** The period's charts (employees, products, subcategories) and the recent activity. */
function PeriodCharts({ d }: { d: AdminDashboard }) {
  const { t } = useTranslation(DASHBOARD_NS);
  return (
    <div className="grid items-start gap-4 lg:grid-cols-2">
      <ChartCard
        title={t('charts.employees')}
        hint={`${t('charts.employeesHint')} ${d.period}.`}
        testId="card-employees"
        query={d.employees}
        isEmpty={(rows) => rows.length === 0}
        emptyText={t('empty.range')}
        skeleton="h-48"
      >
        {(rows, titleId) => (
          <SimpleBars
            testId="employee-chart"
            labelledBy={titleId}
            rows={rows.map((r) => ({
              key: r.label,
              label: r.label,
              value: r.qtt,
              link: d.link({ kind: 'employee', name: r.label }),
            }))}
          />
        )}
      </ChartCard>
      <ChartCard
        title={t('charts.products')}
        hint={`${t('charts.productsHint')} ${d.period}.`}
        testId="card-products"
        query={d.products}
        isEmpty={(rows) => rows.length === 0}
        emptyText={t('empty.range')}
        skeleton="h-48"
      >
        {(bars, titleId) => (
          <ProductBars
            bars={bars}
            labelledBy={titleId}
            linkOf={(bar, answer) =>
              d.link({ kind: 'product', productId: bar.productId, name: bar.name, sku: bar.sku, answer })
            }
          />
        )}
      </ChartCard>
      <ChartCard
        title={t('charts.types')}
        hint={`${t('charts.typesHint')} ${d.period}.`}
        testId="card-types"
        query={d.types}
        isEmpty={(rows) => rows.length === 0}
        emptyText={t('empty.range')}
        skeleton="h-48"
      >
        {(rows, titleId) => (
          <SimpleBars
            testId="type-chart"
            labelledBy={titleId}
            rows={rows.map((r) => ({
              key: String(r.inspectionTypeId),
              label: `${r.label} (${r.categoryName})`,
              value: r.qtt,
              link: d.link({
                kind: 'inspectionType',
                inspectionTypeId: r.inspectionTypeId,
                label: r.label,
                categoryId: d.categoryIds.get(r.categoryName),
              }),
            }))}
          />
        )}
      </ChartCard>
      <RecentActivityCard query={d.recent} />
      <CyclesCard query={d.cycles} />
    </div>
  );
}

/** The operator's welcome card (kept from the first home page). */
function Welcome() {
  const { t } = useTranslation(DASHBOARD_NS);
  const user = useLoggedUser();
  return (
    <Card className="overflow-hidden">
      <div className="h-1.5 bg-gradient-to-r from-primary via-primary to-secondary" />
      <CardHeader>
        <CardTitle className="text-xl" data-testid="welcome-title">
          {t('welcome', { name: user.name.split(' ')[0] })}
        </CardTitle>
        <CardDescription>
          {t('operatorText')}{' '}
          {user.companyName && <strong className="font-medium">{user.companyName}</strong>}
        </CardDescription>
      </CardHeader>
    </Card>
  );
}

/** The last 24 months' bars, on the admin dashboard and the operator's home alike. */
function MonthlyCard({
  query,
  today,
  linkOf,
}: {
  query: CardQuery<Parameters<typeof monthBars>[0]>;
  today: string;
  linkOf: React.ComponentProps<typeof MonthlyChart>['linkOf'];
}) {
  const { t } = useTranslation(DASHBOARD_NS);
  const bars = React.useMemo(
    () => (query.data ? monthBars(query.data, today) : undefined),
    [query.data, today],
  );
  return (
    <ChartCard
      title={t('charts.monthly')}
      hint={t('charts.monthlyHint')}
      testId="card-monthly"
      query={{ ...query, data: bars }}
      isEmpty={(b) => b.every((x) => x.value === 0)}
      emptyText={t('empty.monthly')}
      className="lg:col-span-2"
    >
      {(b, titleId) => <MonthlyChart bars={b} labelledBy={titleId} linkOf={linkOf} />}
    </ChartCard>
  );
}

/**
 * '/' for the company operator: the simpler home (seed 000 §2) — no filter row, none of the
 * company, period, product, status or employee charts; the summary, the monthly chart (its bars
 * open the report, which the operator reaches) and the recent activity of their company.
 */
export function OperatorHomePage() {
  const { t } = useTranslation(DASHBOARD_NS);
  const trpc = useTRPC();
  const today = localToday();
  const summary = useQuery(trpc.dashboard.summary.queryOptions({}));
  const monthly = useQuery(trpc.dashboard.monthlyInspections.queryOptions({}));
  const recent = useQuery(trpc.dashboard.recentActivity.queryOptions({}));
  return (
    <div className="space-y-6" data-testid="operator-home">
      <PageHeader title={t('operatorTitle')} />
      <Welcome />
      <SummaryCards query={summary} />
      <div className="grid gap-4 lg:grid-cols-3">
        <MonthlyCard
          query={monthly}
          today={today}
          linkOf={(index) => reportLink({ kind: 'month', index }, { dateStart: today, dateEnd: today })}
        />
        <RecentActivityCard query={recent} />
      </div>
    </div>
  );
}
