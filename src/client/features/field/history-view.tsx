/**
 * The equipment's history (seed 001 "Equipment dialog"): inspections (responsible, date, answers,
 * attributes, location as coordinates with a link — no map tiles, the CSP allows no other origin),
 * maintenances (answers, parts with quantity and unit) and modifications. Newest first, 10 a page.
 */
import { keepPreviousData, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, MapPin } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../../shared/dates.ts';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import type { RouterOutputs } from '../../lib/api-types.ts';
import { errorMessage, useTRPC } from '../../lib/trpc.ts';
import { cn } from '../../lib/utils.ts';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { FIELD_NS } from './i18n.ts';

type Inspection = RouterOutputs['equipment']['inspections']['items'][number];
type Maintenance = RouterOutputs['equipment']['maintenances']['items'][number];
type Snapshot = RouterOutputs['equipment']['snapshots']['items'][number];
type Answer = Inspection['questionsAnswers'][number];

const PAGE_SIZE = 10;

export function HistoryView({ serial }: { serial: string }) {
  const { t } = useTranslation(FIELD_NS);
  return (
    <Tabs defaultValue="inspections" className="flex flex-col" data-testid="history">
      <TabsList className="grid w-full grid-cols-3">
        <TabsTrigger value="inspections" className="min-h-10" data-testid="history-tab-inspections">
          {t('history.inspections')}
        </TabsTrigger>
        <TabsTrigger value="maintenances" className="min-h-10" data-testid="history-tab-maintenances">
          {t('history.maintenances')}
        </TabsTrigger>
        <TabsTrigger value="snapshots" className="min-h-10" data-testid="history-tab-snapshots">
          {t('history.snapshots')}
        </TabsTrigger>
      </TabsList>
      <TabsContent value="inspections">
        <InspectionsTab serial={serial} />
      </TabsContent>
      <TabsContent value="maintenances">
        <MaintenancesTab serial={serial} />
      </TabsContent>
      <TabsContent value="snapshots">
        <SnapshotsTab serial={serial} />
      </TabsContent>
    </Tabs>
  );
}

type Kind = 'inspections' | 'maintenances' | 'snapshots';

function InspectionsTab({ serial }: { serial: string }) {
  const trpc = useTRPC();
  const [page, setPage] = React.useState(0);
  const q = useQuery({
    ...trpc.equipment.inspections.queryOptions({ tag: serial, page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  return (
    <PagedList
      kind="inspections"
      q={q}
      page={page}
      setPage={setPage}
      render={(r) => <InspectionItem r={r} />}
    />
  );
}

function MaintenancesTab({ serial }: { serial: string }) {
  const trpc = useTRPC();
  const [page, setPage] = React.useState(0);
  const q = useQuery({
    ...trpc.equipment.maintenances.queryOptions({ tag: serial, page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  return (
    <PagedList
      kind="maintenances"
      q={q}
      page={page}
      setPage={setPage}
      render={(r) => <MaintenanceItem r={r} />}
    />
  );
}

function SnapshotsTab({ serial }: { serial: string }) {
  const trpc = useTRPC();
  const [page, setPage] = React.useState(0);
  const q = useQuery({
    ...trpc.equipment.snapshots.queryOptions({ tag: serial, page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  return (
    <PagedList kind="snapshots" q={q} page={page} setPage={setPage} render={(r) => <SnapshotItem r={r} />} />
  );
}

function PagedList<T>({
  kind,
  q,
  page,
  setPage,
  render,
}: {
  kind: Kind;
  q: UseQueryResult<{ items: T[]; total: number }, unknown>;
  page: number;
  setPage: React.Dispatch<React.SetStateAction<number>>;
  render(row: T): React.ReactNode;
}) {
  const { t } = useTranslation(FIELD_NS);
  if (q.isPending)
    return (
      <div className="space-y-3">
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  if (q.isError)
    return <ErrorPanel message={errorMessage(q.error, t('loadFailed'))} onRetry={() => void q.refetch()} />;
  const data = q.data;
  const pages = Math.max(1, Math.ceil(data.total / PAGE_SIZE));
  if (data.total === 0)
    return (
      <p
        className="rounded-lg bg-muted p-4 text-center text-sm text-muted-foreground"
        data-testid={`history-${kind}-empty`}
      >
        {t(`history.empty.${kind}`)}
      </p>
    );
  return (
    <div
      className={cn('flex flex-col gap-3', q.isPlaceholderData && 'opacity-60')}
      data-testid={`history-${kind}`}
    >
      <ol className="flex flex-col gap-3">
        {data.items.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: read-only records in a fixed order per page
          <li key={`${page}-${i}`}>{render(r)}</li>
        ))}
      </ol>
      {pages > 1 && (
        <div className="flex items-center justify-between gap-2">
          <Button
            variant="outline"
            className="h-11"
            onClick={() => setPage((p) => Math.max(0, p - 1))}
            disabled={page === 0}
          >
            <ChevronLeft aria-hidden />
            {t('history.newer')}
          </Button>
          <span className="text-sm text-muted-foreground tabular-nums">
            {t('history.page', { page: page + 1, pages })}
          </span>
          <Button
            variant="outline"
            className="h-11"
            onClick={() => setPage((p) => Math.min(pages - 1, p + 1))}
            disabled={page >= pages - 1}
          >
            {t('history.older')}
            <ChevronRight aria-hidden />
          </Button>
        </div>
      )}
    </div>
  );
}

function Item({
  title,
  by,
  children,
  tone,
}: {
  title: string;
  by: string | null;
  children?: React.ReactNode;
  tone?: 'bad';
}) {
  const { t } = useTranslation(FIELD_NS);
  return (
    <article
      className={cn(
        'rounded-xl border bg-card p-4 text-sm',
        tone === 'bad' && 'border-l-4 border-l-destructive',
      )}
    >
      <header className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-semibold tabular-nums">{title}</p>
        <p className="text-muted-foreground">
          {t('history.by')}: {by ?? t('history.unknownUser')}
        </p>
      </header>
      {children}
    </article>
  );
}

function AnswerList({ answers }: { answers: Answer[] }) {
  const { t } = useTranslation(FIELD_NS);
  if (answers.length === 0) return null;
  return (
    <dl className="mt-3 flex flex-col gap-2">
      {answers.map((a, i) => {
        const negative = (a.type === 'YES_NO_NA' && a.answer === 'NO') || a.answerType === 'NEGATIVE';
        const text =
          a.type === 'YES_NO_NA' && ['YES', 'NO', 'NA'].includes(a.answer)
            ? t(`answer.${a.answer}`)
            : a.answer;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the answers of one record, in their order
          <div key={i} className="flex flex-col">
            <dt className="text-muted-foreground">{a.question}</dt>
            <dd className={cn('font-medium', negative && 'text-destructive')}>{text || '—'}</dd>
          </div>
        );
      })}
    </dl>
  );
}

function Attributes({ values }: { values: { attribute: string; value: string }[] }) {
  const { t } = useTranslation(FIELD_NS);
  if (values.length === 0) return null;
  return (
    <div className="mt-3 border-t pt-3">
      <p className="mb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {t('attributes')}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {values.map((v) => (
          <React.Fragment key={v.attribute}>
            <dt className="text-muted-foreground">{v.attribute}</dt>
            <dd className="font-medium break-words">
              {/^\d{4}-\d{2}-\d{2}$/.test(v.value) ? formatDate(v.value) : v.value || '—'}
            </dd>
          </React.Fragment>
        ))}
      </dl>
    </div>
  );
}

function InspectionItem({ r }: { r: Inspection }) {
  const { t } = useTranslation(FIELD_NS);
  const hasLocation = r.latitude !== null && r.longitude !== null;
  return (
    <Item title={formatDateTime(r.createdAt)} by={r.userName} tone={r.improper ? 'bad' : undefined}>
      {r.improper && <p className="mt-1 text-xs font-semibold text-destructive">{t('status.IMPROPER')}</p>}
      <AnswerList answers={r.questionsAnswers} />
      <Attributes values={r.attributesValues} />
      <div className="mt-3 border-t pt-3" data-testid="history-location">
        {hasLocation ? (
          <a
            href={`https://www.openstreetmap.org/?mlat=${r.latitude}&mlon=${r.longitude}#map=18/${r.latitude}/${r.longitude}`}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1.5 text-primary underline-offset-4 hover:underline"
          >
            <MapPin className="size-4" aria-hidden />
            <span className="tabular-nums">
              {r.latitude?.toFixed(5)}, {r.longitude?.toFixed(5)}
            </span>
            {r.accuracy !== null && (
              <span className="text-muted-foreground">
                ({t('location.accuracy', { metres: Math.round(r.accuracy) })})
              </span>
            )}
          </a>
        ) : (
          <p className="text-muted-foreground">{t('history.noLocation')}</p>
        )}
      </div>
    </Item>
  );
}

function MaintenanceItem({ r }: { r: Maintenance }) {
  const { t } = useTranslation(FIELD_NS);
  return (
    <Item title={formatDateTime(r.createdAt)} by={r.userName}>
      <AnswerList answers={r.questionsAnswers} />
      <div className="mt-3 border-t pt-3">
        <p className="mb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          {t('parts.title')}
        </p>
        {r.partsReplacements.length === 0 ? (
          <p className="text-muted-foreground">{t('parts.noneReplaced')}</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {r.partsReplacements.map((p, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one record, in their order
              <li key={i} className="flex justify-between gap-3">
                <span>{p.part}</span>
                <span className="font-medium tabular-nums">
                  {p.quantity.toLocaleString()} {t(`unit.${p.unit}`, { defaultValue: '' })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Item>
  );
}

function SnapshotItem({ r }: { r: Snapshot }) {
  const { t } = useTranslation(FIELD_NS);
  return (
    <Item title={formatDateTime(r.transaction)} by={r.userName}>
      <p className="mt-1 text-xs font-semibold tracking-wide text-primary uppercase">
        {t(`history.kind.${r.kind}`)}
      </p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-muted-foreground">{t('tag')}</dt>
        <dd className="font-mono font-medium">{r.tagSerialNumber}</dd>
        <dt className="text-muted-foreground">{t('product')}</dt>
        <dd className="font-medium">
          {r.productName} <span className="text-muted-foreground">({r.productSku})</span>
        </dd>
        <dt className="text-muted-foreground">{t('extraLabel')}</dt>
        <dd className="font-medium">{r.extraLabel ?? '—'}</dd>
        <dt className="text-muted-foreground">{t('extraCode')}</dt>
        <dd className="font-medium">{r.extraCode ?? '—'}</dd>
      </dl>
    </Item>
  );
}
