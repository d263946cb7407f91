import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CheckCircle2, ChevronLeft, Search } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/dates.ts';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useDebouncedValue } from '../../lib/hooks.ts';
import { errorMessage, useTRPC } from '../../lib/trpc.ts';
import { cn } from '../../lib/utils.ts';
import { ProductImage } from '../catalogue/components.tsx';
import { NS } from './i18n.ts';
import { DASH } from './replace-parts.tsx';
import type { Equipment } from './use-replace-dialog.ts';

const CANDIDATES_PAGE_SIZE = 10;

/** CHOOSE_EQUIPMENT: the company's equipment, searchable and paged; the chosen one shown on top. */
export function ChooseEquipment({
  requestId,
  chosen,
  onChoose,
  onBack,
}: {
  requestId: number;
  chosen: Equipment | null;
  onChoose(e: Equipment): void;
  onBack(): void;
}) {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const [text, setText] = React.useState('');
  const query = useDebouncedValue(text.trim(), 300);
  const [paged, setPaged] = React.useState({ query: '', page: 0 });
  // A new search starts at the first page.
  const page = paged.query === query ? paged.page : 0;
  const setPage = (f: (p: number) => number) => setPaged({ query, page: f(page) });
  const q = useQuery({
    ...trpc.tags.replacementCandidates.queryOptions({
      id: requestId,
      query: query || undefined,
      page,
      pageSize: CANDIDATES_PAGE_SIZE,
    }),
    placeholderData: keepPreviousData,
  });
  const pages = Math.max(1, Math.ceil((q.data?.total ?? 0) / CANDIDATES_PAGE_SIZE));
  const searchId = React.useId();
  return (
    <div className="flex flex-col gap-3" data-step="CHOOSE_EQUIPMENT" data-testid="step-choose">
      <div
        className="rounded-lg border bg-muted/40 p-3 text-sm"
        data-testid="chosen-equipment"
        aria-live="polite"
      >
        <span className="font-medium">{t('selected')}: </span>
        {chosen ? (
          <span>
            <span className="font-mono">{chosen.tagSerialNumber}</span> · {chosen.productName}
            {chosen.extraLabel ? ` · ${chosen.extraLabel}` : ''}
          </span>
        ) : (
          <span className="text-muted-foreground">{t('noneChosen')}</span>
        )}
      </div>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-muted-foreground"
          aria-hidden
        />
        <label htmlFor={searchId} className="sr-only">
          {t('candidatesSearch')}
        </label>
        <Input
          id={searchId}
          type="search"
          className="pl-8"
          placeholder={t('candidatesSearch')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoFocus
          data-testid="candidates-search"
        />
      </div>
      <h3 className="text-sm font-semibold">{t('candidates')}</h3>
      {q.isError && (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(q.error, t('common:common.error'))}
        </p>
      )}
      <ul
        className={cn('flex flex-col gap-2', q.isFetching && q.isPlaceholderData && 'opacity-60')}
        aria-busy={q.isFetching || undefined}
        data-testid="candidates"
      >
        {q.isPending &&
          Array.from({ length: 3 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
            <li key={i}>
              <Skeleton className="h-16 w-full" />
            </li>
          ))}
        {q.data?.items.map((e) => (
          <Candidate key={e.id} equipment={e} selected={chosen?.id === e.id} onChoose={onChoose} />
        ))}
      </ul>
      {q.data && q.data.items.length === 0 && (
        <p className="py-6 text-center text-sm text-muted-foreground" data-testid="empty-list">
          {t('common:common.emptyList')}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="outline" onClick={onBack} data-testid="back">
          <ChevronLeft aria-hidden />
          {t('back')}
        </Button>
        <div className="flex items-center gap-2 text-sm">
          <Button variant="ghost" size="sm" disabled={page <= 0} onClick={() => setPage((p) => p - 1)}>
            {t('previous')}
          </Button>
          <span className="tabular-nums text-muted-foreground" aria-live="polite">
            {t('pageOf', { page: Math.min(page + 1, pages), pages })}
          </span>
          <Button
            variant="ghost"
            size="sm"
            disabled={page + 1 >= pages}
            onClick={() => setPage((p) => p + 1)}
          >
            {t('next')}
          </Button>
        </div>
      </div>
    </div>
  );
}

/** One equipment of the list: a toggle button with its image, tag, product and labels. */
function Candidate({
  equipment: e,
  selected,
  onChoose,
}: {
  equipment: Equipment;
  selected: boolean;
  onChoose(e: Equipment): void;
}) {
  const { t } = useTranslation(NS);
  return (
    <li>
      <button
        type="button"
        aria-pressed={selected}
        onClick={() => onChoose(e)}
        className={cn(
          'flex w-full items-center gap-3 rounded-lg border p-2 text-left transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring',
          selected && 'border-primary bg-primary-soft',
        )}
        data-testid={`candidate-${e.tagSerialNumber}`}
      >
        <ProductImage path={e.productImage} name={e.productName} className="size-12" />
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="font-mono text-sm font-medium">{e.tagSerialNumber}</span>
          <span className="truncate text-sm">
            {e.productName} <span className="text-muted-foreground">({e.productSku})</span>
          </span>
          <span className="truncate text-xs text-muted-foreground">
            {[e.extraLabel, e.extraCode].filter(Boolean).join(' · ') || DASH} ·{' '}
            {t('createdAt', { date: formatDate(e.createdAtMillis) })}
          </span>
        </span>
        {selected && <CheckCircle2 className="size-5 text-primary" aria-hidden />}
      </button>
    </li>
  );
}
