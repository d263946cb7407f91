/**
 * The records of one equipment (seed 001 "Equipment dialog"), shared by the equipment dialog and
 * the field history (/t/$serial?action=history): inspections (responsible, date and time in São
 * Paulo, answers, attributes, location on a map — MAP_TILE_URL's tiles, ./inspection-map.tsx —
 * with the coordinates and an "open map" link under it, the only thing left when the tiles cannot
 * load; the proof-of-presence flags and how the tag was identified, issue 20), maintenances (answers, parts with quantity and unit; both with their photos, issue 29) and modifications (snapshots).
 * Newest first, 10 a page, as `equipment.inspections` / `.maintenances` / `.snapshots` page them.
 */
import { keepPreviousData, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, ExternalLink, MapPin, MapPinOff } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../../shared/dates.ts';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import type { RouterOutputs } from '../../lib/api-types.ts';
import { errorMessage, useTRPC } from '../../lib/trpc.ts';
import { cn } from '../../lib/utils.ts';
import { EQUIPMENT_NS } from './i18n.ts';
import { InspectionMap } from './inspection-map.tsx';
import { PresenceDetails, PresenceFlags } from './presence.tsx';
import { RecordEvidence } from './record-seal.tsx';

export type InspectionRecord = RouterOutputs['equipment']['inspections']['items'][number];
export type MaintenanceRecord = RouterOutputs['equipment']['maintenances']['items'][number];
export type SnapshotRecord = RouterOutputs['equipment']['snapshots']['items'][number];
type Answer = InspectionRecord['questionsAnswers'][number];
type RecordKind = 'inspections' | 'maintenances' | 'snapshots';
type Page = { items: unknown[]; total: number };

/** Per-record extras a screen adds (e.g. the reports' PDF / Excel downloads); nothing when absent. */
export type RecordActions<T> = (record: T) => React.ReactNode;

export const RECORDS_PAGE_SIZE = 10;

/** The inspections of the equipment on `tag`, paged; `actions` renders per-record buttons. */
export function InspectionRecords({
  tag,
  actions,
}: {
  tag: string;
  actions?: RecordActions<InspectionRecord>;
}) {
  const trpc = useTRPC();
  return (
    <RecordPages
      kind="inspections"
      options={(page) => trpc.equipment.inspections.queryOptions({ tag, page, pageSize: RECORDS_PAGE_SIZE })}
      render={(r) => <InspectionItem r={r} actions={actions?.(r)} />}
    />
  );
}

/** The maintenances of the equipment on `tag`, paged; `actions` renders per-record buttons. */
export function MaintenanceRecords({
  tag,
  actions,
}: {
  tag: string;
  actions?: RecordActions<MaintenanceRecord>;
}) {
  const trpc = useTRPC();
  return (
    <RecordPages
      kind="maintenances"
      options={(page) => trpc.equipment.maintenances.queryOptions({ tag, page, pageSize: RECORDS_PAGE_SIZE })}
      render={(r) => <MaintenanceItem r={r} actions={actions?.(r)} />}
    />
  );
}

/** The modification records (snapshots) of the equipment on `tag`, paged. */
export function SnapshotRecords({ tag }: { tag: string }) {
  const trpc = useTRPC();
  return (
    <RecordPages
      kind="snapshots"
      options={(page) => trpc.equipment.snapshots.queryOptions({ tag, page, pageSize: RECORDS_PAGE_SIZE })}
      render={(r) => <SnapshotItem r={r} />}
    />
  );
}

/** Skeletons while loading, the error with a retry, the empty text, or the page with a pager. */
function RecordPages<P extends Page>({
  kind,
  options,
  render,
}: {
  kind: RecordKind;
  // biome-ignore lint/suspicious/noExplicitAny: the tRPC options of the three record calls
  options(page: number): UseQueryOptions<P, any, P, any>;
  render(row: P['items'][number]): React.ReactNode;
}) {
  const { t } = useTranslation(EQUIPMENT_NS);
  const [page, setPage] = React.useState(0);
  const q = useQuery({ ...options(page), placeholderData: keepPreviousData });
  if (q.isPending)
    return (
      <div className="space-y-3" data-testid={`history-${kind}-loading`}>
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  if (q.isError)
    return <ErrorPanel message={errorMessage(q.error, t('loadFailed'))} onRetry={() => void q.refetch()} />;
  const data = q.data;
  const pages = Math.max(1, Math.ceil(data.total / RECORDS_PAGE_SIZE));
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
      aria-busy={q.isPlaceholderData || undefined}
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
            data-testid={`history-${kind}-newer`}
          >
            <ChevronLeft aria-hidden />
            {t('history.newer')}
          </Button>
          <span className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
            {t('history.page', { page: page + 1, pages })}
          </span>
          <Button
            variant="outline"
            className="h-11"
            onClick={() => setPage((p) => Math.min(pages - 1, p + 1))}
            disabled={page >= pages - 1}
            data-testid={`history-${kind}-older`}
          >
            {t('history.older')}
            <ChevronRight aria-hidden />
          </Button>
        </div>
      )}
    </div>
  );
}

/** One record: date and time, who, its content, and the screen's per-record actions. */
function RecordCard({
  at,
  by,
  children,
  actions,
  tone,
}: {
  at: Date;
  by: string | null;
  children?: React.ReactNode;
  actions?: React.ReactNode;
  tone?: 'bad';
}) {
  const { t } = useTranslation(EQUIPMENT_NS);
  return (
    <article
      className={cn(
        'rounded-xl border bg-card p-4 text-sm',
        tone === 'bad' && 'border-l-4 border-l-destructive',
      )}
      data-testid="record"
    >
      <header className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-semibold tabular-nums" data-testid="record-date">
          {formatDateTime(at)}
        </p>
        <p className="text-muted-foreground" data-testid="record-by">
          {t('history.by')}: {by ?? t('history.unknownUser')}
        </p>
      </header>
      {actions ? (
        <div className="mt-2 flex flex-wrap gap-2" data-testid="record-actions">
          {actions}
        </div>
      ) : null}
      {children}
    </article>
  );
}

function AnswerList({ answers }: { answers: Answer[] }) {
  const { t } = useTranslation(EQUIPMENT_NS);
  if (answers.length === 0) return null;
  return (
    <dl className="mt-3 flex flex-col gap-2" aria-label={t('answers')}>
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

/** Attribute values as recorded (a YYYY-MM-DD value shown DD/MM/YYYY). */
export function AttributeValues({
  values,
  title,
  className,
}: {
  values: readonly { attribute: string; value: string | null }[];
  title?: string;
  className?: string;
}) {
  const { t } = useTranslation(EQUIPMENT_NS);
  if (values.length === 0) return null;
  return (
    <div className={cn('mt-3 border-t pt-3', className)}>
      <p className="mb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {title ?? t('attributes')}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1" data-testid="attribute-values">
        {values.map((v) => (
          <React.Fragment key={v.attribute}>
            <dt className="text-muted-foreground">{v.attribute}</dt>
            <dd className="font-medium break-words">
              {v.value && /^\d{4}-\d{2}-\d{2}$/.test(v.value) ? formatDate(v.value) : v.value || '—'}
            </dd>
          </React.Fragment>
        ))}
      </dl>
    </div>
  );
}

/** https://www.openstreetmap.org/?mlat=..&mlon=..#map=18/../.. — opened in a new tab, never embedded. */
export function mapLink(latitude: number, longitude: number): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=18/${latitude}/${longitude}`;
}

function Location({ r }: { r: InspectionRecord }) {
  const { t } = useTranslation(EQUIPMENT_NS);
  if (r.latitude === null || r.longitude === null)
    return (
      <p className="flex items-center gap-1.5 text-muted-foreground" data-testid="no-location">
        <MapPinOff className="size-4" aria-hidden />
        {t('location.none')}
      </p>
    );
  const coordinates = `${r.latitude.toFixed(5)}, ${r.longitude.toFixed(5)}`;
  return (
    <>
      <InspectionMap
        latitude={r.latitude}
        longitude={r.longitude}
        accuracy={r.accuracy}
        coordinates={coordinates}
      />
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <MapPin className="size-4 text-primary" aria-hidden />
        <span className="tabular-nums" data-testid="location-coordinates">
          {coordinates}
        </span>
        {r.accuracy !== null && (
          <span className="text-muted-foreground">
            ({t('location.accuracy', { metres: Math.round(r.accuracy) })})
          </span>
        )}
        <a
          href={mapLink(r.latitude, r.longitude)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('location.openMapLabel', { coordinates })}
          className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          data-testid="open-map"
        >
          {t('location.openMap')}
          <ExternalLink className="size-3.5" aria-hidden />
        </a>
      </p>
    </>
  );
}

/** How the record's tag was identified, read and received (issue 20). */
function Presence({ r }: { r: InspectionRecord | MaintenanceRecord }) {
  const { t } = useTranslation(EQUIPMENT_NS);
  return (
    <div className="mt-3 border-t pt-3">
      <p className="mb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {t('presence.title')}
      </p>
      <PresenceDetails
        identifiedBy={r.identifiedBy}
        scannedAt={r.scannedAt}
        receivedAt={r.receivedAt}
        performedAt={r.createdAt}
      />
    </div>
  );
}

export function InspectionItem({ r, actions }: { r: InspectionRecord; actions?: React.ReactNode }) {
  const { t } = useTranslation(EQUIPMENT_NS);
  return (
    <RecordCard at={r.createdAt} by={r.userName} actions={actions} tone={r.improper ? 'bad' : undefined}>
      {r.improper && <p className="mt-1 text-xs font-semibold text-destructive">{t('improper')}</p>}
      <PresenceFlags presence={r.presence} className="mt-2" />
      <AnswerList answers={r.questionsAnswers} />
      <AttributeValues values={r.attributesValues} />
      <div className="mt-3 border-t pt-3" data-testid="history-location">
        <Location r={r} />
      </div>
      <Presence r={r} />
      <RecordEvidence r={r} />
    </RecordCard>
  );
}

export function MaintenanceItem({ r, actions }: { r: MaintenanceRecord; actions?: React.ReactNode }) {
  const { t, i18n } = useTranslation(EQUIPMENT_NS);
  return (
    <RecordCard at={r.createdAt} by={r.userName} actions={actions}>
      <AnswerList answers={r.questionsAnswers} />
      <AttributeValues values={r.attributesValues} />
      <Presence r={r} />
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
                  {p.unit === 'UNITS'
                    ? t('unitCount', { count: p.quantity })
                    : `${p.quantity.toLocaleString(i18n.language)} ${t(`unit.${p.unit}`, { defaultValue: '' })}`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <RecordEvidence r={r} />
    </RecordCard>
  );
}

export function SnapshotItem({ r }: { r: SnapshotRecord }) {
  const { t } = useTranslation(EQUIPMENT_NS);
  return (
    <RecordCard at={r.transaction} by={r.userName}>
      <p
        className="mt-1 text-xs font-semibold tracking-wide text-primary uppercase"
        data-testid="snapshot-kind"
      >
        {t(`history.kind.${r.kind}`)}
      </p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-muted-foreground">{t('history.tag')}</dt>
        <dd className="font-mono font-medium">{r.tagSerialNumber ?? '—'}</dd>
        <dt className="text-muted-foreground">{t('history.equipment')}</dt>
        <dd className="font-medium">
          {r.productName} <span className="text-muted-foreground">({r.productSku})</span>
        </dd>
        <dt className="text-muted-foreground">{t('history.information')}</dt>
        <dd className="font-medium">{r.extraLabel ?? '—'}</dd>
        <dt className="text-muted-foreground">{t('history.controlNumber')}</dt>
        <dd className="font-medium">{r.extraCode ?? '—'}</dd>
      </dl>
    </RecordCard>
  );
}
