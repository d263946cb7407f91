/**
 * /t/$serial without signal (issue 20): the tag as the phone's working set knows it — its equipment
 * (product, status and dates as downloaded), an unused tag of the company, or a tag registered on
 * this phone and still waiting — with the actions that work offline (inspect, maintain; register on
 * an unused tag) and how many records of the tag wait to be sent. The forms are the online ones,
 * built from the cached questions, attributes and parts; what they save waits on the phone.
 */
import { Link } from '@tanstack/react-router';
import { CloudOff, WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../../shared/dates.ts';
import { Card } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { cn } from '../../lib/utils.ts';
import {
  type Action,
  ActionButton,
  ActionHeader,
  Row,
  Shell,
  SuccessNotice,
  Warning,
} from './field-layout.tsx';
import { FIELD_NS } from './i18n.ts';
import { InspectForm } from './inspect-form.tsx';
import { MaintainForm } from './maintain-form.tsx';
import { useOffline } from './offline/banner.tsx';
import {
  type CachedTag,
  inspectDataOf,
  maintainDataOf,
  registerOptionsOf,
  useCachedTag,
} from './offline/cached-tag.ts';
import { OFFLINE_NS } from './offline/i18n.ts';
import { WorkingSetPanel } from './offline/offline-page.tsx';
import type { OutboxRecord } from './offline/queue-rules.ts';
import { RegisterForm } from './register-form.tsx';
import { ScanDialogButton } from './scan-button.tsx';
import { STATUS_BORDER, StatusBadge } from './status.tsx';

/** What each kind of cached tag offers without signal. */
function actionsOf(tag: CachedTag): Action[] {
  if (tag.kind === 'equipment')
    return tag.row.enabledTag && tag.product && tag.type ? ['inspect', 'maintain'] : [];
  if (tag.kind === 'pendingRegister') return tag.product && tag.type ? ['inspect', 'maintain'] : [];
  if (tag.kind === 'unused') return ['register'];
  return [];
}

export function OfflineTagPage({
  serial,
  action,
  setAction,
  onDone,
  notice,
  fix,
}: {
  serial: string;
  action: Action | undefined;
  setAction(next: Action | undefined): void;
  onDone(message: string): Promise<void>;
  notice: string | null;
  fix?: OutboxRecord;
}) {
  const { t } = useTranslation(OFFLINE_NS);
  const s = useOffline();
  const tag = useCachedTag(s, serial, true);
  if (tag === undefined)
    return (
      <Shell>
        <div className="space-y-3 rounded-xl border bg-card p-4" data-testid="tag-card-loading">
          <Skeleton className="h-4 w-20" />
          <Skeleton className="h-8 w-48" />
          <Skeleton className="h-24 w-full" />
        </div>
      </Shell>
    );

  const available = actionsOf(tag);
  const back = () => setAction(undefined);
  const productName =
    tag.kind === 'equipment' || tag.kind === 'pendingRegister' ? (tag.product?.name ?? null) : null;

  if (action && available.includes(action)) {
    const title = productName ?? serial;
    return (
      <Shell>
        <ActionHeader action={action} serial={serial} productName={productName} onBack={back} />
        {action === 'inspect' && (tag.kind === 'equipment' || tag.kind === 'pendingRegister') && tag.type && (
          <InspectForm
            serial={serial}
            cached={{
              title,
              data: inspectDataOf(
                tag.type,
                tag.kind === 'equipment' ? tag.row.attributes : (tag.record.input.attributes ?? []),
              ),
            }}
            fix={fix?.kind === 'inspect' ? fix : undefined}
            onDone={onDone}
            onCancel={back}
          />
        )}
        {action === 'maintain' &&
          (tag.kind === 'equipment' || tag.kind === 'pendingRegister') &&
          tag.type &&
          tag.product && (
            <MaintainForm
              serial={serial}
              cached={{ title, data: maintainDataOf(tag.type, tag.product, tag) }}
              fix={fix?.kind === 'maintain' ? fix : undefined}
              onDone={onDone}
              onCancel={back}
            />
          )}
        {action === 'register' && tag.kind === 'unused' && (
          <RegisterForm
            serial={serial}
            options={registerOptionsOf(tag.set, serial, tag.companyId, tag.companyName)}
            onDone={onDone}
            onCancel={back}
          />
        )}
      </Shell>
    );
  }

  const pendingHere = s.records.filter((r) => r.serial === serial && r.status === 'waiting').length;
  return (
    <Shell>
      {notice && <SuccessNotice text={notice} />}
      <p
        className="flex items-start gap-2 rounded-lg border border-foreground/15 bg-muted p-3 text-sm"
        role="status"
        data-testid="field-offline"
      >
        <WifiOff className="mt-0.5 size-4 shrink-0" aria-hidden />
        {tag.kind === 'noSet'
          ? t('field.noSet')
          : tag.kind === 'missing'
            ? t('field.notInSet')
            : t('field.offlineCard', {
                date: formatDateTime(tag.kind === 'equipment' ? tag.savedAt : tag.set.downloadedAt),
              })}
      </p>
      {tag.kind !== 'noSet' && tag.kind !== 'missing' && <CachedCard serial={serial} tag={tag} />}
      {tag.kind === 'noSet' && <WorkingSetPanel compact />}
      {pendingHere > 0 && (
        <p className="flex items-center gap-2 text-sm font-medium" data-testid="field-pending-here">
          <CloudOff className="size-4 shrink-0 text-warning" aria-hidden />
          {t('field.pendingHere', { count: pendingHere })}
          <Link to="/offline" className="ml-auto underline underline-offset-2">
            {t('field.goToQueue')}
          </Link>
        </p>
      )}
      {available.length > 0 && (
        <nav
          aria-label={t('actionsLabel', { ns: FIELD_NS })}
          className="grid gap-3"
          data-testid="field-actions"
        >
          {available.map((a) => (
            <ActionButton key={a} action={a} onClick={() => setAction(a)} />
          ))}
        </nav>
      )}
      <div className="flex justify-center pt-2">
        <ScanDialogButton variant="outline" />
      </div>
    </Shell>
  );
}

function CachedCard({
  serial,
  tag,
}: {
  serial: string;
  tag: Exclude<CachedTag, { kind: 'noSet' } | { kind: 'missing' }>;
}) {
  const { t } = useTranslation(FIELD_NS);
  const { t: to } = useTranslation(OFFLINE_NS);
  const row = tag.kind === 'equipment' ? tag.row : null;
  const status = row?.status ?? null;
  const product = tag.kind === 'equipment' || tag.kind === 'pendingRegister' ? tag.product : null;
  return (
    <Card
      className={cn('overflow-hidden border-l-8', status ? STATUS_BORDER[status] : 'border-l-transparent')}
      data-testid="tag-card"
      data-source="offline"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2 p-4 pb-3">
        <div className="min-w-0">
          <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{t('tag')}</p>
          <h1 className="font-mono text-2xl font-semibold tracking-wide break-all" data-testid="tag-serial">
            {serial}
          </h1>
        </div>
        {status && <StatusBadge status={status} />}
      </div>
      {tag.kind === 'unused' && (
        <div className="mx-4 mb-4 rounded-lg bg-muted p-4" data-testid="tag-unused">
          <p className="font-semibold">{t('unusedTitle')}</p>
          <p className="mt-1 text-sm text-muted-foreground">{t('unusedText')}</p>
        </div>
      )}
      {tag.kind === 'pendingRegister' && (
        <div
          className="mx-4 mb-4 rounded-lg bg-secondary-soft p-3 text-sm font-medium"
          data-testid="tag-pending-register"
        >
          {to('field.registerPending')}
        </div>
      )}
      {(tag.kind === 'equipment' || tag.kind === 'pendingRegister') && (
        <dl className="divide-y border-t text-sm">
          <Row
            label={t('product')}
            value={
              <span className="font-medium" data-testid="tag-product">
                {product?.name ?? to('field.unknownProduct')}
              </span>
            }
          />
          {row?.extraLabel && <Row label={t('extraLabel')} value={row.extraLabel} />}
          {row?.extraCode && <Row label={t('extraCode')} value={row.extraCode} />}
          {row && (
            <Row
              label={t('lastInspection')}
              value={<span className="tabular-nums">{formatDate(row.lastInspectionAt)}</span>}
              testId="tag-last-inspection"
            />
          )}
          {row && (
            <Row
              label={t('nextInspection')}
              value={<span className="tabular-nums">{formatDate(row.nextInspectionDate)}</span>}
              testId="tag-next-inspection"
            />
          )}
          {row && product?.isDueDate && (
            <Row
              label={t('dueDate')}
              value={<span className="tabular-nums">{formatDate(row.dueDate)}</span>}
              testId="tag-due-date"
            />
          )}
        </dl>
      )}
      {row && !row.enabledTag && (
        <div className="border-t p-3">
          <Warning text={t('tagDisabledActions')} />
        </div>
      )}
    </Card>
  );
}
