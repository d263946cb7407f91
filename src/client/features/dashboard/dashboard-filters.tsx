/** The admin dashboard's filter row: the scope the role may choose (group, company) and the period. */
import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '../../../shared/roles.ts';
import { FilterSelect } from '../../components/filter-select.tsx';
import { DayRangeFilter } from '../../components/list/day-range-filter.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useLoggedUser } from '../../lib/session.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import type { DashboardState } from './dashboard-model.ts';
import { DASHBOARD_NS } from './i18n.ts';

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
export function FilterRow({ role, state, update, today }: ScopeProps & { role: Role; today: string }) {
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
