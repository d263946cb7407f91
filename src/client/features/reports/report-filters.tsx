/**
 * The reports' filters (seed 001 §2 screens 1 and 2), each writing the list's own URL params:
 * status, "active tags only" (default on), the category → subcategory → product cascade (a choice
 * clears what depends on it; disabled items are not offered), the company (group-wide roles), the
 * date ranges with their own status selects, the extinguisher dates (only for the fire-fighting
 * category's extinguishers, seed 001 §9) and the clear-fields button.
 * The catalogue selects read option calls open to every tenant role (the operator reaches the
 * reports but not the registrations, seed 001 §6).
 */
import { useQuery } from '@tanstack/react-query';
import { Eraser } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { EQUIPMENT_STATUSES, type ExpirationStatus } from '../../../shared/enums.ts';
import {
  EXPIRATION_FILTERS,
  type EquipmentStatus,
  type ExpirationFilter,
  isExtinguisherType,
} from '../../../shared/equipment/status.ts';
import type { TriState } from '../../../shared/list.ts';
import { FilterSelect } from '../../components/filter-select.tsx';
import { TriStateFilter } from '../../components/list/filters.tsx';
import { ANY_DAY, DayFilter, DayRangeFilter } from '../../components/list/day-range-filter.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { CycleFilter } from './cycle-filter.tsx';
import { REPORTS_NS } from './i18n.ts';

const ALL = 'all';
const idValue = (id: number | undefined) => (id === undefined ? ALL : String(id));
const idOf = (v: string) => (v === ALL ? undefined : Number(v));

/** The filters both reports have. */
export interface CommonFilters {
  status?: EquipmentStatus;
  enabledTagsOnly: boolean;
  categoryId?: number;
  inspectionTypeId?: number;
  productId?: number;
  createFrom?: string;
  createUpTo?: string;
  manufacturingDate?: string;
  rechargeDate?: string;
  weighingDate?: string;
  cycle?: string;
  cycleStatus?: ExpirationStatus;
  awaitingTag: TriState;
}

/** What the filters need of a list (`useServerList`'s result fits). */
export interface FilterList<F> {
  input: F;
  setFilters(patch: Partial<F>): void;
}

export function StatusFilter({
  value,
  onChange,
}: {
  value: EquipmentStatus | undefined;
  onChange(v: EquipmentStatus | undefined): void;
}) {
  const { t } = useTranslation(REPORTS_NS);
  return (
    <FilterSelect<string>
      value={value ?? ALL}
      onChange={(v) => onChange(v === ALL ? undefined : (v as EquipmentStatus))}
      options={[
        { value: ALL, label: t('anyStatus') },
        ...EQUIPMENT_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) })),
      ]}
      label={t('status')}
      prefix={t('statusPrefix')}
      testId="filter-status"
    />
  );
}

export function ActiveTagsFilter({ checked, onChange }: { checked: boolean; onChange(v: boolean): void }) {
  const { t } = useTranslation(REPORTS_NS);
  const id = React.useId();
  return (
    <div className="flex h-9 items-center gap-2">
      <Checkbox
        id={id}
        checked={checked}
        onCheckedChange={(v) => onChange(v === true)}
        data-testid="filter-active-tags"
      />
      <label htmlFor={id} className="text-sm">
        {t('activeTagsOnly')}
      </label>
    </div>
  );
}

/** Items a select offers: the enabled ones, and the one already chosen (to show its name). */
function offered<T extends { id: number; enabled: boolean }>(
  items: readonly T[] | undefined,
  current?: number,
) {
  return (items ?? []).filter((i) => i.enabled || i.id === current);
}

/** The catalogue's options for the cascade, and whether the choice is the extinguishers' one. */
function useCatalogueOptions(categoryId?: number, inspectionTypeId?: number, productId?: number) {
  const trpc = useTRPC();
  const categories = useQuery(trpc.catalogue.categories.options.queryOptions());
  const types = useQuery({
    ...trpc.catalogue.inspectionTypes.options.queryOptions({ categoryId }),
    enabled: categoryId !== undefined,
  });
  const products = useQuery({
    ...trpc.catalogue.products.options.queryOptions({ inspectionTypeId: inspectionTypeId ?? 0 }),
    enabled: inspectionTypeId !== undefined,
  });
  const category = categories.data?.find((c) => c.id === categoryId);
  const type = types.data?.find((c) => c.id === inspectionTypeId);
  return {
    categories: offered(categories.data, categoryId),
    types: offered(types.data, inspectionTypeId),
    products: offered(products.data, productId),
    isExtinguisher: !!category && !!type && isExtinguisherType(category.name, type.name),
  };
}

/** Category → subcategory → product; a choice clears the choices below it and the extinguisher dates. */
export function CatalogueFilters({
  list,
  options,
}: {
  list: FilterList<CommonFilters>;
  options: ReturnType<typeof useCatalogueOptions>;
}) {
  const { t } = useTranslation(REPORTS_NS);
  const { categoryId, inspectionTypeId, productId } = list.input;
  const noDates = { manufacturingDate: undefined, rechargeDate: undefined, weighingDate: undefined };
  return (
    <>
      <FilterSelect
        value={idValue(categoryId)}
        onChange={(v) =>
          list.setFilters({
            categoryId: idOf(v),
            inspectionTypeId: undefined,
            productId: undefined,
            ...noDates,
          })
        }
        options={[
          { value: ALL, label: t('allCategories') },
          ...options.categories.map((c) => ({ value: String(c.id), label: c.name })),
        ]}
        label={t('category')}
        testId="filter-category"
        className="min-w-48"
      />
      <FilterSelect
        value={idValue(inspectionTypeId)}
        onChange={(v) => list.setFilters({ inspectionTypeId: idOf(v), productId: undefined, ...noDates })}
        options={[
          { value: ALL, label: t('allSubcategories') },
          ...options.types.map((c) => ({ value: String(c.id), label: c.name })),
        ]}
        label={t('subcategory')}
        placeholder={t('selectCategoryFirst')}
        disabled={categoryId === undefined}
        testId="filter-subcategory"
        className="min-w-48"
      />
      <FilterSelect
        value={idValue(productId)}
        onChange={(v) => list.setFilters({ productId: idOf(v) })}
        options={[
          { value: ALL, label: t('allProducts') },
          ...options.products.map((p) => ({ value: String(p.id), label: `${p.name} (${p.sku})` })),
        ]}
        label={t('product')}
        placeholder={t('selectSubcategoryFirst')}
        disabled={inspectionTypeId === undefined}
        testId="filter-product"
        className="min-w-48"
      />
    </>
  );
}

/** The companies of the current group (provider and group admins only). */
export function CompanyFilter({
  value,
  onChange,
}: {
  value: number | undefined;
  onChange(v: number | undefined): void;
}) {
  const { t } = useTranslation(REPORTS_NS);
  const trpc = useTRPC();
  const companies = useQuery(
    trpc.organisations.companies.list.queryOptions({ pageSize: 1000, sort: 'name' }),
  );
  return (
    <FilterSelect
      value={idValue(value)}
      onChange={(v) => onChange(idOf(v))}
      options={[
        { value: ALL, label: t('allCompanies') },
        ...(companies.data?.items ?? []).map((c) => ({ value: String(c.id), label: c.name })),
      ]}
      label={t('company')}
      testId="filter-company"
      className="min-w-48"
    />
  );
}

/** A date range with, when given, its own expiration-status select. */
export function RangeFilter({
  legend,
  from,
  upTo,
  onChange,
  futureAllowed,
  status,
  testId,
}: {
  legend: string;
  from: string | undefined;
  upTo: string | undefined;
  onChange(from: string | undefined, upTo: string | undefined): void;
  /** due dates may be in the future; registrations and inspections may not (seed 001 §5) */
  futureAllowed?: boolean;
  status?: { value: ExpirationFilter | undefined; onChange(v: ExpirationFilter | undefined): void };
  testId: string;
}) {
  const { t } = useTranslation(REPORTS_NS);
  return (
    <fieldset className="flex flex-wrap items-end gap-2 rounded-lg border bg-card px-3 pt-1 pb-3">
      <legend className="px-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {legend}
      </legend>
      <DayRangeFilter
        from={from}
        upTo={upTo}
        onChange={onChange}
        fromLabel={t('from')}
        upToLabel={t('upTo')}
        max={futureAllowed ? ANY_DAY : undefined}
        testId={testId}
      />
      {status && (
        <FilterSelect<string>
          value={status.value ?? ALL}
          onChange={(v) => status.onChange(v === ALL ? undefined : (v as ExpirationFilter))}
          options={[
            { value: ALL, label: t('anyStatus') },
            ...EXPIRATION_FILTERS.map((s) => ({ value: s, label: t(`expiration.${s}`) })),
          ]}
          label={t('expirationStatusOf', { what: legend })}
          prefix={t('statusPrefix')}
          testId={`${testId}-status`}
          className="min-w-52"
        />
      )}
    </fieldset>
  );
}

/**
 * The never-scanned report (issue 20): equipment with no inspection whose tag was read (QR code or
 * NFC) since this day — or never read. One day, up to today.
 */
export function NotScannedSinceFilter({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange(v: string | undefined): void;
}) {
  const { t } = useTranslation(REPORTS_NS);
  return (
    <fieldset
      className="flex flex-wrap items-end gap-2 rounded-lg border bg-card px-3 pt-1 pb-3"
      data-testid="not-scanned-since"
    >
      <legend
        className="px-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
        title={t('notScannedSinceHint')}
      >
        {t('notScannedSince')}
      </legend>
      <DayFilter
        label={t('notScannedSinceDay')}
        value={value}
        onChange={onChange}
        testId="filter-not-scanned-since"
      />
      <p className="sr-only">{t('notScannedSinceHint')}</p>
    </fieldset>
  );
}

/** The three extinguisher dates, each an exact day (seed 001 screen 1). */
function ExtinguisherDates({ list }: { list: FilterList<CommonFilters> }) {
  const { t } = useTranslation(REPORTS_NS);
  return (
    <fieldset
      className="flex flex-wrap items-end gap-2 rounded-lg border bg-card px-3 pt-1 pb-3"
      data-testid="extinguisher-dates"
    >
      <legend className="px-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {t('extinguisherDates')}
      </legend>
      {(['manufacturingDate', 'rechargeDate', 'weighingDate'] as const).map((key) => (
        <DayFilter
          key={key}
          label={t(key)}
          value={list.input[key]}
          onChange={(v) => list.setFilters({ [key]: v })}
          max={ANY_DAY}
          testId={`filter-${key}`}
        />
      ))}
    </fieldset>
  );
}

/**
 * The whole filter area of a report: the selects of both reports, `selects` (the company), the
 * date ranges (`ranges`, the registration range first) and the clear-fields button.
 */
export function ReportFilters({
  list,
  selects,
  ranges,
  onClear,
}: {
  list: FilterList<CommonFilters>;
  selects?: React.ReactNode;
  ranges: React.ReactNode;
  onClear(): void;
}) {
  const { t } = useTranslation(REPORTS_NS);
  const options = useCatalogueOptions(
    list.input.categoryId,
    list.input.inspectionTypeId,
    list.input.productId,
  );
  return (
    <>
      <StatusFilter value={list.input.status} onChange={(status) => list.setFilters({ status })} />
      <ActiveTagsFilter
        checked={list.input.enabledTagsOnly}
        onChange={(enabledTagsOnly) => list.setFilters({ enabledTagsOnly })}
      />
      <TriStateFilter
        value={list.input.awaitingTag}
        onChange={(awaitingTag) => list.setFilters({ awaitingTag })}
        label={t('awaitingTag')}
        testId="filter-awaiting-tag"
      />
      <CatalogueFilters list={list} options={options} />
      {selects}
      <div className="flex basis-full flex-wrap items-end gap-3" data-testid="date-filters">
        <RangeFilter
          legend={t('registration')}
          from={list.input.createFrom}
          upTo={list.input.createUpTo}
          onChange={(createFrom, createUpTo) => list.setFilters({ createFrom, createUpTo })}
          testId="filter-create"
        />
        {ranges}
        <CycleFilter value={list.input} onChange={(patch) => list.setFilters(patch)} />
        {options.isExtinguisher && <ExtinguisherDates list={list} />}
        <Button variant="ghost" onClick={onClear} className="mb-3" data-testid="clear-filters">
          <Eraser aria-hidden />
          {t('clearFields')}
        </Button>
      </div>
    </>
  );
}
