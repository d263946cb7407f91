/**
 * '/' signed in (seed 000 §2 "Dashboard", §3, §5, §9; issue 15). Admins: the scope and period row,
 * the summary (users, equipment, inspections), the monthly chart of the last 24 months, the
 * equipment-status doughnut, the employee, product and subcategory charts of the period, and the
 * recent activity; every bar and slice opens the inspection report filtered to what it counts
 * (./dashboard-model.ts `reportLink`). The operator gets the simpler home: no filter row, no
 * company, period, product, status or employee charts — the summary, the monthly chart and the
 * recent activity of their company.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Search } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/dates.ts';
import type { Role } from '../../../shared/roles.ts';
import { FilterSelect } from '../../components/filter-select.tsx';
import { DayRangeFilter, localToday } from '../../components/list/day-range-filter.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { toast } from 'sonner';
import { useLoggedUser, useSession } from '../../lib/session.tsx';
import { errorMessage, useTRPC } from '../../lib/trpc.ts';
import {
  type DashboardState,
  type LinkScope,
  monthBars,
  type ReportLink,
  productBars,
  reportLink,
  scopeInput,
} from './dashboard-model.ts';
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
  useCount,
} from './parts.tsx';
import { useDashboardState } from './use-dashboard-state.ts';

const ALL = 'all';

/** A select of the filter row with a visible label. */
function LabelledSelect(props: React.ComponentProps<typeof FilterSelect<string>> & { label: string }) {
  return (
    <div className="flex flex-col gap-1">
      <span className="text-xs font-medium text-muted-foreground" aria-hidden>
        {props.label}
      </span>
      <FilterSelect<string> {...props} className={props.className ?? 'min-w-52'} />
    </div>
  );
}

/** Provider admin: a company group (the session's by default), then one of its companies or all. */
function ProviderScope({ state, update }: ScopeProps) {
  const { t } = useTranslation(DASHBOARD_NS);
  const trpc = useTRPC();
  const user = useLoggedUser();
  const groups = useQuery(
    trpc.organisations.companyGroups.list.queryOptions({ pageSize: 1000, sort: 'name' }),
  );
  const groupId = state.companyGroupId ?? user.companyGroupId ?? undefined;
  const items = groups.data?.items ?? [];
  const group = items.find((g) => g.id === groupId);
  return (
    <>
      <LabelledSelect
        label={t('group')}
        value={groupId === undefined ? '' : String(groupId)}
        onChange={(v) => {
          const id = Number(v);
          update({ companyGroupId: id === user.companyGroupId ? undefined : id, companyId: undefined });
        }}
        options={items.map((g) => ({
          value: String(g.id),
          label: g.id === user.companyGroupId ? t('currentGroup', { name: g.name }) : g.name,
        }))}
        placeholder={user.companyGroupName ?? t('group')}
        testId="dashboard-group"
      />
      <LabelledSelect
        label={t('company')}
        value={state.companyId === undefined ? ALL : String(state.companyId)}
        onChange={(v) => update({ companyId: v === ALL ? undefined : Number(v) })}
        options={[
          { value: ALL, label: t('allCompanies') },
          ...(group?.companies ?? []).map((c) => ({ value: String(c.id), label: c.name })),
        ]}
        testId="dashboard-company"
      />
    </>
  );
}

/** Group admin: one company of the group, or all. */
function GroupScope({ state, update }: ScopeProps) {
  const { t } = useTranslation(DASHBOARD_NS);
  const trpc = useTRPC();
  const companies = useQuery(
    trpc.organisations.companies.list.queryOptions({ pageSize: 1000, sort: 'name' }),
  );
  return (
    <LabelledSelect
      label={t('company')}
      value={state.companyId === undefined ? ALL : String(state.companyId)}
      onChange={(v) => update({ companyId: v === ALL ? undefined : Number(v) })}
      options={[
        { value: ALL, label: t('allCompanies') },
        ...(companies.data?.items ?? []).map((c) => ({ value: String(c.id), label: c.name })),
      ]}
      testId="dashboard-company"
    />
  );
}

interface ScopeProps {
  state: DashboardState;
  update(patch: Partial<DashboardState>): void;
}

/** The period of the range charts: two days and a search button enabled only with both (seed 000 §5). */
function PeriodForm({ state, update, today }: ScopeProps & { today: string }) {
  const { t } = useTranslation(DASHBOARD_NS);
  const [from, setFrom] = React.useState<string | undefined>(state.dateStart);
  const [upTo, setUpTo] = React.useState<string | undefined>(state.dateEnd);
  const [error, setError] = React.useState<string | null>(null);
  // The URL wins when it changes (back/forward, a bookmark).
  React.useEffect(() => {
    setFrom(state.dateStart);
    setUpTo(state.dateEnd);
    setError(null);
  }, [state.dateStart, state.dateEnd]);
  const ready = from !== undefined && upTo !== undefined;
  const hintId = React.useId();
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      aria-label={t('period')}
      data-testid="dashboard-period"
      onSubmit={(e) => {
        e.preventDefault();
        if (!from || !upTo) return;
        if (from > upTo) {
          setError(t('rangeInvalid'));
          return;
        }
        setError(null);
        update({ dateStart: from, dateEnd: upTo });
      }}
    >
      <DayRangeFilter
        from={from}
        upTo={upTo}
        onChange={(f, u) => {
          setFrom(f);
          setUpTo(u);
          setError(null);
        }}
        fromLabel={t('dateStart')}
        upToLabel={t('dateEnd')}
        max={today}
        testId="dashboard-date"
      />
      <div className="flex flex-col gap-1">
        <Button
          type="submit"
          disabled={!ready}
          aria-describedby={ready ? undefined : hintId}
          data-testid="dashboard-search"
        >
          <Search aria-hidden />
          {t('search')}
        </Button>
      </div>
      {!ready && (
        <p id={hintId} className="basis-full text-xs text-muted-foreground">
          {t('searchHint')}
        </p>
      )}
      {error && (
        <p className="basis-full text-xs text-destructive" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

/** The filter row: the scope the role may choose, then the period. */
function FilterRow({ role, state, update, today }: ScopeProps & { role: Role; today: string }) {
  const { t } = useTranslation(DASHBOARD_NS);
  const user = useLoggedUser();
  return (
    <section
      aria-label={t('filters')}
      className="flex flex-wrap items-end gap-x-6 gap-y-3 rounded-xl border bg-card p-4"
      data-testid="dashboard-filters"
    >
      {role === 'MOBCHECK_ADMIN' && <ProviderScope state={state} update={update} />}
      {role === 'COMPANY_GROUP_ADMIN' && <GroupScope state={state} update={update} />}
      {role === 'COMPANY_ADMIN' && (
        <div className="flex flex-col gap-1">
          <span className="text-xs font-medium text-muted-foreground">{t('company')}</span>
          <span className="flex h-9 items-center font-medium" data-testid="dashboard-own-company">
            {user.companyName ?? '—'}
          </span>
        </div>
      )}
      <PeriodForm state={state} update={update} today={today} />
    </section>
  );
}

/** The company a provider admin's session switches to before a link from another group's charts. */
function useSwitchTarget(
  role: Role,
  state: DashboardState,
): { companyGroup: number; companyId: number } | null {
  const trpc = useTRPC();
  const groups = useQuery({
    ...trpc.organisations.companyGroups.list.queryOptions({ pageSize: 1000, sort: 'name' }),
    enabled: role === 'MOBCHECK_ADMIN',
  });
  const group = groups.data?.items.find((g) => g.id === state.companyGroupId);
  const companyId = state.companyId ?? group?.companies[0]?.id;
  const groupId = group?.id;
  return React.useMemo(
    () => (groupId !== undefined && companyId !== undefined ? { companyGroup: groupId, companyId } : null),
    [groupId, companyId],
  );
}

/**
 * Opens a report link; with a switch target, switches the session to that company first (the
 * report reads the session's group), reloads the logged user and every query, then opens it.
 */
function useOpenAfterSwitch(
  target: { companyGroup: number; companyId: number } | null,
): ((link: ReportLink) => void) | null {
  const { t } = useTranslation(DASHBOARD_NS);
  const trpc = useTRPC();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { refreshUser } = useSession();
  const { mutate, isPending } = useMutation(trpc.organisations.switchCompany.mutationOptions());
  return React.useMemo(() => {
    if (!target) return null;
    return (link: ReportLink) => {
      if (isPending) return;
      mutate(target, {
        onSuccess: async (u) => {
          await Promise.all([refreshUser(), qc.invalidateQueries()]);
          toast.success(t('switched', { company: u.companyName ?? '' }));
          void navigate({ to: link.to, search: link.search as never });
        },
        onError: (e) => toast.error(errorMessage(e, t('loadError'))),
      });
    };
  }, [target, mutate, isPending, refreshUser, qc, navigate, t]);
}

/** '/' for admins. */
export function DashboardPage() {
  const { t } = useTranslation(DASHBOARD_NS);
  const trpc = useTRPC();
  const user = useLoggedUser();
  const role = user.currentRole;
  const { state, update, today } = useDashboardState(role);
  const scope = scopeInput(state);
  const range = { ...scope, dateStart: state.dateStart, dateEnd: state.dateEnd };
  const keep = { placeholderData: keepPreviousData };

  const summary = useQuery({ ...trpc.dashboard.summary.queryOptions(scope), ...keep });
  const monthly = useQuery({ ...trpc.dashboard.monthlyInspections.queryOptions(scope), ...keep });
  const status = useQuery({ ...trpc.dashboard.equipmentStatus.queryOptions(scope), ...keep });
  const employees = useQuery({ ...trpc.dashboard.employeeInspections.queryOptions(range), ...keep });
  const products = useQuery({ ...trpc.dashboard.productInspections.queryOptions(range), ...keep });
  const types = useQuery({ ...trpc.dashboard.inspectionTypeInspections.queryOptions(range), ...keep });
  const recent = useQuery({ ...trpc.dashboard.recentActivity.queryOptions(scope), ...keep });
  const categories = useQuery(trpc.catalogue.categories.options.queryOptions());
  const count = useCount();

  // The report reads the session's group: a link from another group's charts switches the session
  // to that group first (to the company picked, else its first one); without a company, no link.
  const otherGroup = state.companyGroupId !== undefined && state.companyGroupId !== user.companyGroupId;
  const switchTo = useSwitchTarget(role, state);
  const open = useOpenAfterSwitch(otherGroup ? switchTo : null);
  const linkScope: LinkScope = {
    companyId: state.companyId,
    dateStart: state.dateStart,
    dateEnd: state.dateEnd,
  };
  const link = otherGroup && !switchTo ? () => null : reportLink;
  const period = t('periodShown', { from: formatDate(state.dateStart), upTo: formatDate(state.dateEnd) });
  // the session group's categories: another group's names are not looked up
  const categoryIds = React.useMemo(
    () => new Map(otherGroup ? [] : (categories.data ?? []).map((c) => [c.name, c.id])),
    [categories.data, otherGroup],
  );

  const productBarsData = React.useMemo(
    () => (products.data ? productBars(products.data) : undefined),
    [products.data],
  );

  return (
    <OpenReportContext.Provider value={open}>
      <div className="space-y-6" data-testid="dashboard">
        <PageHeader title={t('title')} description={t('description')} />
        <FilterRow role={role} state={state} update={update} today={today} />
        {otherGroup && (
          <p className="rounded-lg border bg-muted px-4 py-2 text-sm text-muted-foreground" role="note">
            {t('otherGroupNote')}
          </p>
        )}
        <SummaryCards query={summary} />
        <div className="grid gap-4 lg:grid-cols-3">
          <MonthlyCard
            query={monthly}
            today={today}
            linkOf={(index) => link({ kind: 'month', index }, linkScope)}
          />
          <ChartCard
            title={t('charts.status')}
            hint={t('charts.statusHint')}
            testId="card-status"
            query={status}
            isEmpty={(c) => c.EXPIRED + c.IMPROPER + c.VALID === 0}
            emptyText={t('empty.status')}
            skeleton="h-[220px]"
          >
            {(counts, titleId) => (
              <>
                <StatusDoughnut
                  counts={counts}
                  labelledBy={titleId}
                  linkOf={(s) => link({ kind: 'status', status: s }, linkScope)}
                />
                {counts.NA > 0 && (
                  <p className="mt-3 text-xs text-muted-foreground" data-testid="status-never-inspected">
                    {t('neverInspected', { count: counts.NA, value: count(counts.NA) })}
                  </p>
                )}
              </>
            )}
          </ChartCard>
        </div>
        <div className="grid items-start gap-4 lg:grid-cols-2">
          <ChartCard
            title={t('charts.employees')}
            hint={`${t('charts.employeesHint')} ${period}.`}
            testId="card-employees"
            query={employees}
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
                  link: link({ kind: 'employee', name: r.label }, linkScope),
                }))}
              />
            )}
          </ChartCard>
          <ChartCard
            title={t('charts.products')}
            hint={`${t('charts.productsHint')} ${period}.`}
            testId="card-products"
            query={{ ...products, data: productBarsData }}
            isEmpty={(rows) => rows.length === 0}
            emptyText={t('empty.range')}
            skeleton="h-48"
          >
            {(bars, titleId) => (
              <ProductBars
                bars={bars}
                labelledBy={titleId}
                linkOf={(bar, answer) =>
                  link(
                    { kind: 'product', productId: bar.productId, name: bar.name, sku: bar.sku, answer },
                    linkScope,
                  )
                }
              />
            )}
          </ChartCard>
          <ChartCard
            title={t('charts.types')}
            hint={`${t('charts.typesHint')} ${period}.`}
            testId="card-types"
            query={types}
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
                  link: link(
                    {
                      kind: 'inspectionType',
                      inspectionTypeId: r.inspectionTypeId,
                      label: r.label,
                      categoryId: categoryIds.get(r.categoryName),
                    },
                    linkScope,
                  ),
                }))}
              />
            )}
          </ChartCard>
          <RecentActivityCard query={recent} />
        </div>
      </div>
    </OpenReportContext.Provider>
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
