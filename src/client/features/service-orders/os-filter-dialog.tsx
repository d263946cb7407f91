/**
 * The /os filter dialog (seed 000 §2 "Filter dialog"; §5 "The filter dialog requires priority"):
 * status, priority (required), type, responsible and a start-date range. "Aplicar" writes them to
 * the list's URL at once; the page's "Limpar filtros" removes them.
 */
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import type { OsStatus } from '../../../shared/service-orders/status.ts';
import type { OsType, Priority } from '../../../shared/service-orders/schemas.ts';
import { Field } from '../../components/form/index.ts';
import { ANY_DAY, DayRangeFilter } from '../../components/list/day-range-filter.tsx';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../components/ui/select.tsx';
import { NS } from './i18n.ts';
import { priorityOptions, statusOptions, typeOptions, useOsUsers } from './os-parts.tsx';

/** The filters this dialog edits (the list's URL keys). */
export interface OsFilters {
  status?: OsStatus;
  priority?: Priority;
  type?: OsType;
  responsibleUserId?: number;
  dateStart?: string;
  dateEnd?: string;
}

export const NO_FILTERS: Record<keyof OsFilters, undefined> = {
  status: undefined,
  priority: undefined,
  type: undefined,
  responsibleUserId: undefined,
  dateStart: undefined,
  dateEnd: undefined,
};

/** How many filters are on (the filter button's count). */
export function activeFilterCount(f: OsFilters): number {
  return (Object.keys(NO_FILTERS) as (keyof OsFilters)[]).filter((k) => f[k] !== undefined).length;
}

const ALL = 'all';

/** A select whose blank value reads "Todos" (optional filters) or the placeholder (required ones). */
function ChoiceSelect({
  value,
  onChange,
  options,
  placeholder,
  allLabel,
  testId,
  ...aria
}: {
  value: string | undefined;
  onChange(v: string | undefined): void;
  options: readonly { value: string; label: string }[];
  placeholder: string;
  /** offer an "all" choice that clears the filter */
  allLabel?: string;
  testId: string;
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  return (
    <Select value={value ?? (allLabel ? ALL : '')} onValueChange={(v) => onChange(v === ALL ? undefined : v)}>
      <SelectTrigger {...aria} className="w-full" data-testid={testId}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {allLabel && <SelectItem value={ALL}>{allLabel}</SelectItem>}
        {options.map((o) => (
          <SelectItem key={o.value} value={o.value}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

export function OsFilterDialog({
  current,
  onApply,
  onClose,
}: {
  current: OsFilters;
  onApply(filters: OsFilters): void;
  onClose(): void;
}) {
  const { t } = useTranslation(NS);
  const users = useOsUsers();
  const [draft, setDraft] = React.useState<OsFilters>(current);
  const [tried, setTried] = React.useState(false);
  const id = React.useId();
  const set = <K extends keyof OsFilters>(key: K, value: OsFilters[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const priorityMissing = tried && !draft.priority;

  const apply = (e: React.FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!draft.priority) return;
    onApply(draft);
  };

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-xl" data-testid="os-filter-dialog">
        <DialogHeader>
          <DialogTitle>{t('filterTitle')}</DialogTitle>
          <DialogDescription>{t('filterDescription')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={apply} noValidate className="grid gap-4 sm:grid-cols-2">
          <Field id={`${id}-status`} label={t('fields.status')}>
            <ChoiceSelect
              value={draft.status}
              onChange={(v) => set('status', v as OsStatus | undefined)}
              options={statusOptions(t)}
              placeholder={t('all')}
              allLabel={t('all')}
              testId="os-filter-status"
            />
          </Field>
          <Field
            id={`${id}-priority`}
            label={`${t('fields.priority')} *`}
            error={priorityMissing && t('kit:errors.REQUIRED')}
          >
            <ChoiceSelect
              value={draft.priority}
              onChange={(v) => set('priority', v as Priority | undefined)}
              options={priorityOptions(t)}
              placeholder={t('select')}
              testId="os-filter-priority"
            />
          </Field>
          <Field id={`${id}-type`} label={t('fields.type')}>
            <ChoiceSelect
              value={draft.type}
              onChange={(v) => set('type', v as OsType | undefined)}
              options={typeOptions(t)}
              placeholder={t('all')}
              allLabel={t('all')}
              testId="os-filter-type"
            />
          </Field>
          <Field id={`${id}-responsible`} label={t('fields.responsible')}>
            <ChoiceSelect
              value={draft.responsibleUserId === undefined ? undefined : String(draft.responsibleUserId)}
              onChange={(v) => set('responsibleUserId', v === undefined ? undefined : Number(v))}
              options={(users.data ?? []).map((u) => ({ value: String(u.id), label: u.name }))}
              placeholder={t('all')}
              allLabel={t('all')}
              testId="os-filter-responsible"
            />
          </Field>
          <div className="sm:col-span-2">
            <DayRangeFilter
              from={draft.dateStart}
              upTo={draft.dateEnd}
              onChange={(dateStart, dateEnd) => setDraft((d) => ({ ...d, dateStart, dateEnd }))}
              fromLabel={t('dateFrom')}
              upToLabel={t('dateUpTo')}
              max={ANY_DAY}
              testId="os-filter-date"
            />
          </div>
          <DialogFooter className="sm:col-span-2">
            <Button type="button" variant="outline" onClick={onClose}>
              {t('common:common.cancel')}
            </Button>
            <Button type="submit" data-testid="os-filter-apply">
              {t('apply')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
