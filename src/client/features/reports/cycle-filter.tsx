/**
 * The reports' cycle filter (issue 30): a maintenance cycle (`cycle`, the tenant's cycle codes from
 * `reports.cycles`) and its status today (`cycleStatus`; without a cycle, any of the equipment's
 * cycles in that status). Both are URL params of the list like every other filter.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EXPIRATION_STATUSES, type ExpirationStatus } from '../../../shared/enums.ts';
import { FilterSelect } from '../../components/filter-select.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { REPORTS_NS } from './i18n.ts';

const ALL = 'all';

export interface CycleFilters {
  cycle?: string;
  cycleStatus?: ExpirationStatus;
}

export function CycleFilter({
  value,
  onChange,
}: {
  value: CycleFilters;
  onChange(patch: CycleFilters): void;
}) {
  const { t } = useTranslation(REPORTS_NS);
  const trpc = useTRPC();
  const cycles = useQuery(trpc.reports.cycles.queryOptions({}));
  const choices = cycles.data ?? [];
  // A code in the URL that is no cycle (any more) is still shown, as its code.
  const known = value.cycle === undefined || choices.some((c) => c.code === value.cycle);
  return (
    <fieldset
      className="flex flex-wrap items-end gap-2 rounded-lg border bg-card px-3 pt-1 pb-3"
      data-testid="cycle-filters"
    >
      <legend className="px-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {t('cycle')}
      </legend>
      <FilterSelect<string>
        value={value.cycle ?? ALL}
        onChange={(v) => onChange({ cycle: v === ALL ? undefined : v })}
        options={[
          { value: ALL, label: t('allCycles') },
          ...choices.map((c) => ({ value: c.code, label: c.name })),
          ...(known ? [] : [{ value: value.cycle!, label: value.cycle! }]),
        ]}
        label={t('cycle')}
        testId="filter-cycle"
        className="min-w-48"
      />
      <FilterSelect<string>
        value={value.cycleStatus ?? ALL}
        onChange={(v) => onChange({ cycleStatus: v === ALL ? undefined : (v as ExpirationStatus) })}
        options={[
          { value: ALL, label: t('anyStatus') },
          ...EXPIRATION_STATUSES.map((s) => ({ value: s, label: t(`expiration.${s}`) })),
        ]}
        label={t('cycleStatus')}
        prefix={t('statusPrefix')}
        testId="filter-cycle-status"
        className="min-w-44"
      />
    </fieldset>
  );
}
