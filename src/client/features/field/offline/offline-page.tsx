/**
 * /offline — "Trabalhar sem sinal" (issue 20): the working set on this phone (prepare / update with
 * a progress bar) and the records waiting to be sent or refused by the server, each with its reason
 * and what the user can do: try again, fix it (its form, prefilled) or discard it (confirmed).
 */
import { useNavigate } from '@tanstack/react-router';
import {
  CloudDownload,
  CloudUpload,
  Inbox,
  LoaderCircle,
  Pencil,
  RotateCcw,
  Trash2,
  TriangleAlert,
} from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { formatDateTime } from '../../../../shared/dates.ts';
import { DEFAULT_LANGUAGE } from '../../../../shared/enums.ts';
import { errorText } from '../../../../shared/errors.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../../components/ui/alert-dialog.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Progress } from '../../../components/ui/progress.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../../lib/trpc.ts';
import { useOffline } from './banner.tsx';
import { discard, downloadWorkingSet, retryRefused, syncNow } from './engine.ts';
import { OFFLINE_NS } from './i18n.ts';
import { type OutboxError, type OutboxRecord, queueOrder } from './queue-rules.ts';

export function OfflinePage() {
  const { t } = useTranslation(OFFLINE_NS);
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6" data-testid="offline-page">
      <PageHeader title={t('title')} description={t('subtitle')} />
      <WorkingSetPanel />
      <QueuePanel />
    </div>
  );
}

/** The text of a refusal in the user's language (its code's text, else what the server said). */
export function refusalText(error: OutboxError, lang: string): string {
  return (error.code && errorText(error.code, lang, error.params)) || error.message;
}

function formatSize(bytes: number, lang: string): string {
  const mb = bytes / (1024 * 1024);
  const nf = new Intl.NumberFormat(lang, { maximumFractionDigits: mb < 10 ? 1 : 0 });
  return mb >= 1 ? `${nf.format(mb)} MB` : `${nf.format(Math.max(1, Math.round(bytes / 1024)))} kB`;
}

/** The working set of this phone: when it was downloaded, what it holds, and the download with its progress. */
export function WorkingSetPanel({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation(OFFLINE_NS);
  const lang = i18n.resolvedLanguage ?? DEFAULT_LANGUAGE;
  const s = useOffline();
  const set = s.set;
  const nf = new Intl.NumberFormat(lang);
  const start = () => {
    downloadWorkingSet().catch(() => {
      // shown from the engine's downloadError
    });
  };
  return (
    <Card className="flex flex-col gap-3 p-4" data-testid="working-set">
      {!compact && <h2 className="text-base font-semibold">{t('set.title')}</h2>}
      {!s.ready && s.user ? (
        <Skeleton className="h-5 w-2/3" />
      ) : set ? (
        <p className="text-sm" data-testid="working-set-summary">
          {t('set.summary', {
            date: formatDateTime(set.downloadedAt),
            equipment: t('set.equipmentCount', {
              count: set.equipmentCount,
              n: nf.format(set.equipmentCount),
            }),
            unused: t('set.unusedCount', { count: set.unusedCount, n: nf.format(set.unusedCount) }),
            size: formatSize(set.bytes, lang),
          })}
        </p>
      ) : (
        <p className="text-sm text-muted-foreground" data-testid="working-set-none">
          {t('set.none')}
        </p>
      )}
      {s.download && (
        <div className="flex flex-col gap-1" data-testid="working-set-progress">
          <Progress
            value={s.download.total > 0 ? (100 * s.download.done) / s.download.total : null}
            aria-label={t('set.progressLabel')}
          />
          <p className="text-xs text-muted-foreground tabular-nums">
            {s.download.total > 0
              ? t('set.downloading', { done: nf.format(s.download.done), total: nf.format(s.download.total) })
              : t('set.starting')}
          </p>
        </div>
      )}
      {s.background && !s.download && (
        <p
          className="text-xs text-muted-foreground tabular-nums"
          role="status"
          data-testid="working-set-background"
        >
          {t('set.background', {
            done: nf.format(s.background.done),
            total: nf.format(Math.max(s.background.total, s.background.done)),
          })}
        </p>
      )}
      {s.downloadError !== null && !s.download && (
        <p role="alert" className="text-sm font-medium text-destructive" data-testid="working-set-error">
          {errorMessage(s.downloadError, t('set.failed'))}
        </p>
      )}
      {!s.online && !set && <p className="text-sm text-muted-foreground">{t('set.needsSignal')}</p>}
      <Button
        variant={set ? 'outline' : 'default'}
        className="h-12 w-full text-base sm:w-auto sm:self-start"
        onClick={start}
        disabled={!s.online || s.download !== null || !s.user}
        data-testid="working-set-download"
      >
        {s.download ? (
          <LoaderCircle className="size-5! animate-spin" aria-hidden />
        ) : (
          <CloudDownload className="size-5!" aria-hidden />
        )}
        {set ? t('set.update') : t('set.prepare')}
      </Button>
    </Card>
  );
}

function QueuePanel() {
  const { t } = useTranslation(OFFLINE_NS);
  const s = useOffline();
  const records = queueOrder(s.records);
  return (
    <section className="flex flex-col gap-3" aria-labelledby="offline-queue-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="offline-queue-title" className="text-base font-semibold">
          {t('queue.title')}
        </h2>
        {s.counts.waiting > 0 && (
          <Button
            variant="outline"
            onClick={() => void syncNow()}
            disabled={!s.online || s.syncing}
            data-testid="offline-send-now"
          >
            {s.syncing ? <LoaderCircle className="animate-spin" aria-hidden /> : <CloudUpload aria-hidden />}
            {s.syncing ? t('queue.sending') : t('queue.sendNow')}
          </Button>
        )}
      </div>
      {s.online && s.stoppedBy && s.counts.waiting > 0 && (
        <p className="text-sm text-muted-foreground" role="status" data-testid="offline-stopped">
          {t(`queue.stopped.${s.stoppedBy}`)}
        </p>
      )}
      {!s.ready && s.user ? (
        <div className="space-y-2" data-testid="offline-queue-loading">
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-20 w-full" />
        </div>
      ) : records.length === 0 ? (
        <Card className="flex flex-col items-center gap-2 p-8 text-center" data-testid="offline-queue-empty">
          <Inbox className="size-8 text-muted-foreground" aria-hidden />
          <p className="font-medium">{t('queue.empty')}</p>
          <p className="text-sm text-muted-foreground">{t('queue.emptyHint')}</p>
        </Card>
      ) : (
        <ul className="flex flex-col gap-3" data-testid="offline-queue">
          {records.map((r) => (
            <QueueItem key={r.id} record={r} />
          ))}
        </ul>
      )}
    </section>
  );
}

function QueueItem({ record: r }: { record: OutboxRecord }) {
  const { t, i18n } = useTranslation(OFFLINE_NS);
  const lang = i18n.resolvedLanguage ?? DEFAULT_LANGUAGE;
  const navigate = useNavigate();
  const [confirming, setConfirming] = React.useState(false);
  const [busy, setBusy] = React.useState(false);
  const refused = r.status === 'refused';
  const fixable = refused && r.kind !== 'register';
  return (
    <li
      className="flex flex-col gap-2 rounded-xl border bg-card p-4"
      data-testid="offline-record"
      data-status={r.status}
      data-kind={r.kind}
      data-serial={r.serial}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold">
            {t(`queue.kind.${r.kind}`)} · <span className="font-mono">{r.serial}</span>
          </p>
          <p className="truncate text-sm text-muted-foreground">{r.title}</p>
          <p className="text-xs text-muted-foreground">
            {t('queue.madeAt', { date: formatDateTime(r.createdAt) })}
            {r.identifiedBy && ` · ${t(`queue.via.${r.identifiedBy}`)}`}
          </p>
        </div>
        <Badge variant={refused ? 'destructive' : 'warning'} data-testid="offline-record-status">
          {refused ? t('queue.refused') : t('queue.waiting')}
        </Badge>
      </div>
      {refused && r.error && (
        <p
          className="flex items-start gap-2 rounded-lg bg-destructive/8 p-2 text-sm text-destructive"
          data-testid="offline-record-reason"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            {r.error.code === 'TAG_ALREADY_USED' && (
              <span className="block font-semibold">{t('queue.conflict')}</span>
            )}
            {refusalText(r.error, lang)}
          </span>
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {refused && (
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              try {
                await retryRefused(r.id);
              } finally {
                setBusy(false);
              }
            }}
            data-testid="offline-record-retry"
          >
            <RotateCcw aria-hidden />
            {t('queue.retry')}
          </Button>
        )}
        {fixable && (
          <Button
            size="sm"
            variant="outline"
            onClick={() =>
              void navigate({
                to: '/t/$serial',
                params: { serial: r.serial },
                search: { action: r.kind, fix: r.id },
              })
            }
            data-testid="offline-record-fix"
          >
            <Pencil aria-hidden />
            {t('queue.fix')}
          </Button>
        )}
        <Button
          size="sm"
          variant="ghost"
          className="text-destructive"
          onClick={() => setConfirming(true)}
          data-testid="offline-record-discard"
        >
          <Trash2 aria-hidden />
          {t('queue.discard')}
        </Button>
      </div>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent data-testid="offline-discard-dialog">
          <AlertDialogHeader>
            <AlertDialogTitle>{t('queue.discardTitle')}</AlertDialogTitle>
            <AlertDialogDescription>
              {t('queue.discardText', {
                what: t(`queue.kindLower.${r.kind}`),
                serial: r.serial,
                date: formatDateTime(r.createdAt),
              })}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t('queue.cancel')}</AlertDialogCancel>
            <AlertDialogAction
              className="bg-destructive text-destructive-foreground hover:bg-destructive/90"
              onClick={() => {
                void discard(r.id).then(() => toast.success(t('queue.discarded')));
              }}
              data-testid="offline-discard-confirm"
            >
              {t('queue.discardConfirm')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </li>
  );
}
