import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { formatDateTime } from '../../../shared/dates.ts';
import { WEBHOOK_DELIVERY_STATUSES, type WebhookDeliveryStatus } from '../../../shared/webhooks/schemas.ts';
import { FilterSelect } from '../../components/filter-select.tsx';
import { DataTable, type ListController, ListError } from '../../components/list/index.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import type { RouterOutputs } from '../../lib/api-types.ts';
import { errorMessage, useTRPC } from '../../lib/trpc.ts';
import { NS } from './i18n.ts';
import type { EndpointRow } from './endpoint-types.ts';

type DeliveryRow = RouterOutputs['webhooks']['deliveries']['list']['items'][number];
type T = ReturnType<typeof useTranslation>['t'];

/** How often the delivery log refreshes while it is on screen. */
const LOG_REFRESH_MS = 5000;

function DeliveryStatus({ status }: { status: WebhookDeliveryStatus }) {
  const { t } = useTranslation(NS);
  const variant = status === 'SUCCEEDED' ? 'success' : status === 'FAILED' ? 'destructive' : 'warning';
  return (
    <Badge variant={variant} data-testid="delivery-status" data-status={status}>
      {t(`log.statuses.${status}`)}
    </Badge>
  );
}

/** The log's page, filters and rows (server pages, refreshed while shown), and "resend". */
function useDeliveryLog() {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [page, setPage] = React.useState(0);
  const [pageSize, setPageSize] = React.useState(10);
  const [endpointId, setEndpointId] = React.useState('all');
  const [status, setStatus] = React.useState<'all' | WebhookDeliveryStatus>('all');
  const q = useQuery(
    trpc.webhooks.deliveries.list.queryOptions(
      {
        page,
        pageSize,
        sort: 'createdAt',
        direction: 'desc',
        ...(endpointId === 'all' ? {} : { endpointId: Number(endpointId) }),
        ...(status === 'all' ? {} : { status }),
      },
      { placeholderData: keepPreviousData, refetchInterval: LOG_REFRESH_MS },
    ),
  );
  const resend = useMutation(
    trpc.webhooks.deliveries.resend.mutationOptions({
      onSuccess: () => {
        toast.success(t('log.resent'));
        return qc.invalidateQueries({ queryKey: trpc.webhooks.deliveries.pathKey() });
      },
      onError: (e) => toast.error(errorMessage(e, t('loadError'))),
    }),
  );
  const list: ListController<DeliveryRow> = {
    input: { page, pageSize, sort: 'createdAt', direction: 'desc' },
    data: q.data,
    loading: q.isPending,
    fetching: false,
    setPage: (p) => setPage(Math.max(0, p)),
    setPageSize: (n) => {
      setPageSize(n);
      setPage(0);
    },
    toggleSort: () => {},
  };
  return { q, list, resend, endpointId, setEndpointId, status, setStatus, setPage };
}

type LogState = ReturnType<typeof useDeliveryLog>;

function DeliveryFilters({ endpoints, state }: { endpoints: EndpointRow[]; state: LogState }) {
  const { t } = useTranslation(NS);
  const { endpointId, status, setPage } = state;
  return (
    <div className="flex flex-wrap gap-2">
      <FilterSelect
        value={endpointId}
        onChange={(v) => {
          state.setEndpointId(v);
          setPage(0);
        }}
        label={t('log.endpointFilter')}
        className="min-w-48"
        testId="webhook-log-endpoint"
        options={[
          { value: 'all', label: t('log.allEndpoints') },
          ...endpoints.map((e) => ({ value: String(e.id), label: e.url })),
        ]}
      />
      <FilterSelect
        value={status}
        onChange={(v) => {
          state.setStatus(v);
          setPage(0);
        }}
        label={t('log.statusFilter')}
        className="min-w-40"
        testId="webhook-log-status"
        options={[
          { value: 'all' as const, label: t('log.allStatuses') },
          ...WEBHOOK_DELIVERY_STATUSES.map((s) => ({ value: s, label: t(`log.statuses.${s}`) })),
        ]}
      />
    </div>
  );
}

/** The log's columns; the last one resends. */
function deliveryColumns(t: T, resend: LogState['resend']) {
  return [
    { id: 'createdAt', header: t('log.when'), cell: (r: DeliveryRow) => formatDateTime(r.createdAt) },
    {
      id: 'eventType',
      header: t('log.event'),
      cell: (r: DeliveryRow) => (
        <span className="flex flex-col">
          <span>{t(`eventNames.${r.eventType}`)}</span>
          <span className="font-mono text-xs text-muted-foreground">{r.messageId}</span>
        </span>
      ),
    },
    {
      id: 'endpoint',
      header: t('log.endpoint'),
      cell: (r: DeliveryRow) => (
        <span className="block max-w-56 truncate" title={r.endpointUrl}>
          {r.endpointUrl}
        </span>
      ),
    },
    { id: 'status', header: t('log.status'), cell: (r: DeliveryRow) => <DeliveryStatus status={r.status} /> },
    { id: 'attempts', header: t('log.attempts'), cell: (r: DeliveryRow) => r.attempts },
    { id: 'responseStatus', header: t('log.response'), cell: (r: DeliveryRow) => r.responseStatus ?? '—' },
    {
      id: 'lastError',
      header: t('log.error'),
      cell: (r: DeliveryRow) => (
        <span className="block max-w-48 truncate" title={r.lastError ?? undefined}>
          {r.lastError ?? '—'}
        </span>
      ),
    },
    {
      id: 'nextAttemptAt',
      header: t('log.next'),
      cell: (r: DeliveryRow) => (r.nextAttemptAt ? formatDateTime(r.nextAttemptAt) : '—'),
    },
    {
      id: 'actions',
      header: <span className="sr-only">{t('log.resend')}</span>,
      sticky: 'end' as const,
      cell: (r: DeliveryRow) => (
        <Button
          variant="ghost"
          size="sm"
          disabled={resend.isPending}
          onClick={() => resend.mutate({ id: r.id })}
          data-testid="webhook-resend"
        >
          <RotateCw className="size-4" aria-hidden />
          {t('log.resend')}
        </Button>
      ),
    },
  ];
}

/** The delivery log: server pages (state kept here, not in the URL), refreshed while shown. */
export function DeliveryLog({ endpoints }: { endpoints: EndpointRow[] }) {
  const { t } = useTranslation(NS);
  const state = useDeliveryLog();
  const { q, list } = state;
  return (
    <section className="flex flex-col gap-3" aria-labelledby="webhook-log-title" data-testid="webhook-log">
      <div>
        <h3 id="webhook-log-title" className="font-semibold">
          {t('log.title')}
        </h3>
        <p className="text-sm text-muted-foreground">{t('log.description')}</p>
      </div>
      <DeliveryFilters endpoints={endpoints} state={state} />
      {q.isError && <ListError error={q.error} onRetry={() => q.refetch()} />}
      <DataTable
        list={list}
        label={t('log.title')}
        rowKey={(r) => r.id}
        rowProps={(r) => ({ 'data-event': r.eventType, 'data-status': r.status })}
        columns={deliveryColumns(t, state.resend)}
      />
    </section>
  );
}
