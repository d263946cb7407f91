/**
 * Outgoing webhooks in /config-system (issue 18 item 4), for the admin roles: the endpoints (URL,
 * events, enabled; group and provider admins pick the company), the signing secret shown once at
 * creation and at each rotation, and the delivery log (state, attempts, response code, last error,
 * next attempt) with "resend". Operators see nothing of it (the server refuses them too).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, KeyRound, RotateCw } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { formatDateTime } from '../../../shared/dates.ts';
import {
  createWebhookEndpointSchema,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENTS,
  type WebhookDeliveryStatus,
  type WebhookEventType,
} from '../../../shared/webhooks/schemas.ts';
import { FilterSelect } from '../../components/filter-select.tsx';
import {
  CheckboxField,
  FormDialog,
  SelectField,
  TextField,
  useAppForm,
  useFieldError,
} from '../../components/form/index.ts';
import { DataTable, type ListController, ListError, useLocalList } from '../../components/list/index.ts';
import { editColumn } from '../../components/table-columns.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import type { RouterOutputs } from '../../lib/api-types.ts';
import { useSession } from '../../lib/session.tsx';
import { errorMessage, useTRPC } from '../../lib/trpc.ts';
import { NS } from './i18n.ts';

type EndpointRow = RouterOutputs['webhooks']['endpoints']['list']['items'][number];
type DeliveryRow = RouterOutputs['webhooks']['deliveries']['list']['items'][number];
type Revealed = { url: string; secret: string; rotated: boolean };

/** How often the delivery log refreshes while it is on screen. */
const LOG_REFRESH_MS = 5000;

/** The secret, shown once with a copy button; closing it forgets it. */
function SecretDialog({ revealed, onClose }: { revealed: Revealed; onClose(): void }) {
  const { t } = useTranslation(NS);
  const [copied, setCopied] = React.useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(revealed.secret);
      setCopied(true);
    } catch {
      // No clipboard (an insecure context): the text is selectable.
    }
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="webhook-secret-dialog" className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{t('secretTitle')}</DialogTitle>
          <DialogDescription>{revealed.url}</DialogDescription>
        </DialogHeader>
        <p className="text-sm">{t('secretOnce')}</p>
        {revealed.rotated && <p className="text-sm text-muted-foreground">{t('secretRotated')}</p>}
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="webhook-secret">{t('secretLabel')}</Label>
          <div className="flex gap-2">
            <Input
              id="webhook-secret"
              readOnly
              value={revealed.secret}
              className="font-mono text-xs"
              onFocus={(e) => e.currentTarget.select()}
              data-testid="webhook-secret"
            />
            <Button type="button" variant="outline" onClick={() => void copy()} data-testid="copy-secret">
              <Copy className="size-4" aria-hidden />
              {copied ? t('copied') : t('copy')}
            </Button>
          </div>
        </div>
        <DialogFooter>
          <Button type="button" onClick={onClose} data-testid="secret-done">
            {t('secretDone')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The event checkboxes of the endpoint form (`events`, at least one). */
function EventsField({ form }: { form: ReturnType<typeof useEndpointForm> }) {
  const { t } = useTranslation(NS);
  const chosen = (form.watch('events') ?? []) as WebhookEventType[];
  const error = useFieldError(form, 'events');
  const toggle = (e: WebhookEventType, on: boolean) =>
    form.setValue('events', on ? [...chosen, e] : chosen.filter((x) => x !== e), {
      shouldValidate: form.formState.isSubmitted,
      shouldDirty: true,
    });
  return (
    <fieldset
      className="flex flex-col gap-2 sm:col-span-2"
      aria-describedby={error ? 'wh-events-error' : undefined}
    >
      <legend className="mb-1 text-sm font-medium">{t('events')}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {WEBHOOK_EVENTS.map((e) => (
          <div key={e} className="flex items-center gap-2">
            <Checkbox
              id={`wh-event-${e}`}
              checked={chosen.includes(e)}
              onCheckedChange={(v) => toggle(e, v === true)}
              data-testid={`webhook-event-${e}`}
            />
            <Label htmlFor={`wh-event-${e}`} className="cursor-pointer">
              {t(`eventNames.${e}`)} <span className="font-mono text-xs text-muted-foreground">{e}</span>
            </Label>
          </div>
        ))}
      </div>
      {error && (
        <p
          id="wh-events-error"
          className="text-xs font-medium text-destructive"
          data-testid="wh-events-error"
        >
          {error}
        </p>
      )}
    </fieldset>
  );
}

function useEndpointForm(row: EndpointRow | null) {
  return useAppForm(createWebhookEndpointSchema, {
    url: row?.url ?? '',
    description: row?.description ?? '',
    events: row?.events ?? ['inspection.created'],
    enabled: row?.enabled ?? true,
    companyId: row?.companyId ?? null,
  });
}

function EndpointDialog({
  row,
  onClose,
  onSecret,
}: {
  row: EndpointRow | null;
  onClose(): void;
  onSecret(r: Revealed): void;
}) {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { role } = useSession();
  const pickCompany = role === 'MOBCHECK_ADMIN' || role === 'COMPANY_GROUP_ADMIN';
  const [removing, setRemoving] = React.useState(false);
  const form = useEndpointForm(row);
  const companies = useQuery(
    trpc.organisations.companies.list.queryOptions(
      { page: 0, pageSize: 1000, direction: 'asc', enabled: 'all' },
      { enabled: pickCompany && !row },
    ),
  );
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.webhooks.pathKey() });
  const create = useMutation(trpc.webhooks.endpoints.create.mutationOptions());
  const update = useMutation(trpc.webhooks.endpoints.update.mutationOptions());
  const remove = useMutation(trpc.webhooks.endpoints.remove.mutationOptions());
  const rotate = useMutation(trpc.webhooks.endpoints.rotateSecret.mutationOptions());

  const removal = row && removing && (
    <div className="flex flex-col gap-3" data-testid="webhook-remove-confirm">
      <p className="text-sm break-all">{t('removeConfirm', { url: row.url })}</p>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={() => setRemoving(false)} disabled={remove.isPending}>
          {t('back')}
        </Button>
        <Button
          variant="destructive"
          disabled={remove.isPending}
          data-testid="webhook-remove-confirmed"
          onClick={() =>
            remove.mutate(
              { id: row.id },
              {
                onSuccess: async () => {
                  toast.success(t('removed'));
                  await refresh();
                  onClose();
                },
                onError: (e) => toast.error(errorMessage(e, t('loadError'))),
              },
            )
          }
        >
          {remove.isPending && <Spinner className="size-4" />}
          {t('remove')}
        </Button>
      </div>
    </div>
  );

  return (
    <FormDialog
      form={form}
      className="max-w-2xl"
      testId="webhook-dialog"
      formTestId="webhook-form"
      formClassName="grid gap-4 sm:grid-cols-2"
      title={removing ? t('removeTitle') : row ? t('editTitle') : t('newTitle')}
      name={form.watch('url') ?? ''}
      successText={t('saved')}
      closeOnSuccess
      submitTestId="save-webhook"
      codeFields={{
        WEBHOOK_URL_INVALID: 'url',
        WEBHOOK_URL_NOT_HTTPS: 'url',
        WEBHOOK_URL_PRIVATE: 'url',
        WEBHOOK_URL_UNRESOLVABLE: 'url',
        WEBHOOK_COMPANY_REQUIRED: 'companyId',
      }}
      onSubmit={async (values) => {
        if (row) {
          await update.mutateAsync({ ...values, id: row.id });
        } else {
          const created = await create.mutateAsync(values);
          onSecret({ url: created.url, secret: created.secret, rotated: false });
        }
        await refresh();
      }}
      onClose={onClose}
      footerStart={
        row && (
          <div className="flex flex-wrap gap-2 sm:mr-auto">
            <Button
              type="button"
              variant="destructive"
              onClick={() => setRemoving(true)}
              data-testid="webhook-remove"
            >
              {t('remove')}
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={rotate.isPending}
              data-testid="webhook-rotate"
              onClick={() =>
                rotate.mutate(
                  { id: row.id },
                  {
                    onSuccess: (r) => {
                      onSecret({ url: row.url, secret: r.secret, rotated: true });
                      onClose();
                    },
                    onError: (e) => toast.error(errorMessage(e, t('loadError'))),
                  },
                )
              }
            >
              <KeyRound className="size-4" aria-hidden />
              {t('rotate')}
            </Button>
          </div>
        )
      }
      override={removal || undefined}
    >
      {pickCompany && !row && (
        <SelectField
          form={form}
          name="companyId"
          id="wh-company"
          label={t('company')}
          valueAs="number"
          className="sm:col-span-2"
          options={(companies.data?.items ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
        />
      )}
      <TextField
        form={form}
        name="url"
        id="wh-url"
        label={t('url')}
        hint={t('urlHint')}
        className="sm:col-span-2"
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://"
        autoFocus
      />
      <TextField
        form={form}
        name="description"
        id="wh-description"
        label={t('descriptionField')}
        optional
        className="sm:col-span-2"
        maxLength={200}
      />
      <EventsField form={form} />
      <CheckboxField form={form} name="enabled" id="wh-enabled" label={t('enabled')} />
    </FormDialog>
  );
}

function DeliveryStatus({ status }: { status: WebhookDeliveryStatus }) {
  const { t } = useTranslation(NS);
  const variant = status === 'SUCCEEDED' ? 'success' : status === 'FAILED' ? 'destructive' : 'warning';
  return (
    <Badge variant={variant} data-testid="delivery-status" data-status={status}>
      {t(`log.statuses.${status}`)}
    </Badge>
  );
}

/** The delivery log: server pages (state kept here, not in the URL), refreshed while shown. */
function DeliveryLog({ endpoints }: { endpoints: EndpointRow[] }) {
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
  return (
    <section className="flex flex-col gap-3" aria-labelledby="webhook-log-title" data-testid="webhook-log">
      <div>
        <h3 id="webhook-log-title" className="font-semibold">
          {t('log.title')}
        </h3>
        <p className="text-sm text-muted-foreground">{t('log.description')}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <FilterSelect
          value={endpointId}
          onChange={(v) => {
            setEndpointId(v);
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
            setStatus(v);
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
      {q.isError && <ListError error={q.error} onRetry={() => q.refetch()} />}
      <DataTable
        list={list}
        label={t('log.title')}
        rowKey={(r) => r.id}
        rowProps={(r) => ({ 'data-event': r.eventType, 'data-status': r.status })}
        columns={[
          { id: 'createdAt', header: t('log.when'), cell: (r) => formatDateTime(r.createdAt) },
          {
            id: 'eventType',
            header: t('log.event'),
            cell: (r) => (
              <span className="flex flex-col">
                <span>{t(`eventNames.${r.eventType}`)}</span>
                <span className="font-mono text-xs text-muted-foreground">{r.messageId}</span>
              </span>
            ),
          },
          {
            id: 'endpoint',
            header: t('log.endpoint'),
            cell: (r) => (
              <span className="block max-w-56 truncate" title={r.endpointUrl}>
                {r.endpointUrl}
              </span>
            ),
          },
          { id: 'status', header: t('log.status'), cell: (r) => <DeliveryStatus status={r.status} /> },
          { id: 'attempts', header: t('log.attempts'), cell: (r) => r.attempts },
          { id: 'responseStatus', header: t('log.response'), cell: (r) => r.responseStatus ?? '—' },
          {
            id: 'lastError',
            header: t('log.error'),
            cell: (r) => (
              <span className="block max-w-48 truncate" title={r.lastError ?? undefined}>
                {r.lastError ?? '—'}
              </span>
            ),
          },
          {
            id: 'nextAttemptAt',
            header: t('log.next'),
            cell: (r) => (r.nextAttemptAt ? formatDateTime(r.nextAttemptAt) : '—'),
          },
          {
            id: 'actions',
            header: <span className="sr-only">{t('log.resend')}</span>,
            sticky: 'end',
            cell: (r) => (
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
        ]}
      />
    </section>
  );
}

/** The webhooks card of /config-system (nothing for operators). */
export function WebhooksSettings() {
  const { role } = useSession();
  if (!role || role === 'COMPANY_OPERATOR') return null;
  return <Webhooks />;
}

function Webhooks() {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const { role } = useSession();
  const showCompany = role === 'MOBCHECK_ADMIN' || role === 'COMPANY_GROUP_ADMIN';
  const q = useQuery(trpc.webhooks.endpoints.list.queryOptions({ page: 0, pageSize: 100 }));
  const endpoints = q.data?.items ?? [];
  const list = useLocalList(q.data?.items, { loading: q.isPending });
  const [editing, setEditing] = React.useState<EndpointRow | 'new' | null>(null);
  const [revealed, setRevealed] = React.useState<Revealed | null>(null);
  return (
    <Card className="flex flex-col gap-4 p-5" data-testid="webhooks-settings">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="font-semibold">{t('title')}</h2>
          <p className="text-sm text-muted-foreground">{t('description')}</p>
        </div>
        <Button onClick={() => setEditing('new')} data-testid="add-webhook">
          {t('add')}
        </Button>
      </div>
      {q.isError && <ListError error={q.error} onRetry={() => q.refetch()} />}
      <DataTable<EndpointRow>
        list={list}
        label={t('title')}
        emptyText={t('empty')}
        rowKey={(r) => r.id}
        onRowClick={(r) => setEditing(r)}
        rowProps={(r) => ({ 'data-url': r.url })}
        columns={[
          {
            id: 'url',
            header: t('url'),
            cell: (r) => (
              <span className="flex flex-col">
                <span className="break-all font-medium">{r.url}</span>
                {r.description && <span className="text-xs text-muted-foreground">{r.description}</span>}
              </span>
            ),
          },
          ...(showCompany
            ? [{ id: 'company', header: t('company'), cell: (r: EndpointRow) => r.companyName ?? '—' }]
            : []),
          {
            id: 'events',
            header: t('events'),
            cell: (r) => (
              <span title={r.events.map((e) => t(`eventNames.${e}`)).join(', ')}>
                {t('eventCount', { count: r.events.length })}
              </span>
            ),
          },
          {
            id: 'enabled',
            header: t('enabled'),
            cell: (r) =>
              r.enabled ? (
                <Badge variant="success">{t('enabled')}</Badge>
              ) : (
                <Badge
                  variant="secondary"
                  title={r.disabledReason === 'GONE' ? t('disabledGone') : undefined}
                >
                  {t('disabled')}
                </Badge>
              ),
          },
          editColumn<EndpointRow>(
            t('editTitle'),
            (r) => r.url,
            (r) => setEditing(r),
          ),
        ]}
      />
      <DeliveryLog endpoints={endpoints} />
      {editing && (
        <EndpointDialog
          row={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSecret={setRevealed}
        />
      )}
      {revealed && <SecretDialog revealed={revealed} onClose={() => setRevealed(null)} />}
    </Card>
  );
}
