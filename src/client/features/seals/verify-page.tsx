/**
 * /verify/$code — the public check of a sealed record (issue 29 item 3), opened from the QR code on
 * the record's PDF or the tag card. No sign-in: `seals.verify` recomputes the record's hash and the
 * page says plainly whether it still matches (a status region read out by screen readers).
 */
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import type * as React from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../../shared/dates.ts';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { errorCode, errorMessage, useTRPC } from '../../lib/trpc.ts';
import { cn } from '../../lib/utils.ts';
import { SEALS_NS } from './i18n.ts';

export function VerifyPage() {
  const { t } = useTranslation(SEALS_NS);
  const { code } = useParams({ from: '/verify/$code' });
  const trpc = useTRPC();
  const q = useQuery({ ...trpc.seals.verify.queryOptions({ code }), retry: false });

  return (
    <main className="mx-auto flex w-full max-w-xl flex-col gap-4" data-testid="verify-page">
      <h1 className="text-xl font-semibold">{t('title')}</h1>
      {q.isPending && <Skeleton className="h-48 w-full" />}
      {q.isError &&
        (errorCode(q.error) === 'SEAL_CODE_NOT_FOUND' ? (
          <p role="alert" className="rounded-lg bg-muted p-4" data-testid="verify-not-found">
            {t('notFound')}
          </p>
        ) : (
          <ErrorPanel message={errorMessage(q.error, t('notFound'))} onRetry={() => void q.refetch()} />
        ))}
      {q.data && (
        <Card className="overflow-hidden" data-testid="verify-result">
          <div
            role="status"
            className={cn(
              'flex items-start gap-3 p-4',
              q.data.matches ? 'bg-success/10 text-success' : 'bg-destructive/10 text-destructive',
            )}
            data-testid={q.data.matches ? 'verify-valid' : 'verify-invalid'}
          >
            {q.data.matches ? (
              <ShieldCheck className="mt-0.5 size-7 shrink-0" aria-hidden />
            ) : (
              <ShieldAlert className="mt-0.5 size-7 shrink-0" aria-hidden />
            )}
            <div>
              <p className="text-lg font-semibold">{q.data.matches ? t('valid') : t('invalid')}</p>
              <p className="text-sm text-foreground">{q.data.matches ? t('validText') : t('invalidText')}</p>
            </div>
          </div>
          <dl className="divide-y border-t text-sm">
            <Item label={t('code')} value={<span className="font-mono">{q.data.code}</span>} />
            <Item label={t('kindLabel')} value={t(`kind.${q.data.kind}`)} />
            <Item
              label={t('tag')}
              value={<span className="font-mono">{q.data.equipment.tagSerialNumber}</span>}
            />
            <Item label={t('product')} value={q.data.equipment.productName} />
            <Item label={t('date')} value={formatDate(q.data.date)} />
            {q.data.companyName && <Item label={t('company')} value={q.data.companyName} />}
            <Item label={t('sealedAt')} value={formatDateTime(q.data.sealedAt)} />
          </dl>
        </Card>
      )}
    </main>
  );
}

function Item({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 px-4 py-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right">{value}</dd>
    </div>
  );
}
