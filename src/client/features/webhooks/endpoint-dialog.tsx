import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  createWebhookEndpointSchema,
  WEBHOOK_EVENTS,
  type WebhookEventType,
} from '../../../shared/webhooks/schemas.ts';
import {
  CheckboxField,
  FormDialog,
  SelectField,
  TextField,
  useAppForm,
  useFieldError,
} from '../../components/form/index.ts';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useSession } from '../../lib/session.tsx';
import { errorMessage, useTRPC } from '../../lib/trpc.ts';
import { NS } from './i18n.ts';
import type { EndpointRow, Revealed } from './endpoint-types.ts';

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

/** The endpoint dialog's state: the form, the companies to pick from, and its calls. */
function useEndpointDialog(row: EndpointRow | null, onClose: () => void, onSecret: (r: Revealed) => void) {
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

  const submit = async (values: Parameters<typeof create.mutateAsync>[0]) => {
    if (row) {
      await update.mutateAsync({ ...values, id: row.id });
    } else {
      const created = await create.mutateAsync(values);
      onSecret({ url: created.url, secret: created.secret, rotated: false });
    }
    await refresh();
  };
  const removeNow = (id: number) =>
    remove.mutate(
      { id },
      {
        onSuccess: async () => {
          toast.success(t('removed'));
          await refresh();
          onClose();
        },
        onError: (e) => toast.error(errorMessage(e, t('loadError'))),
      },
    );
  const rotateNow = (r: EndpointRow) =>
    rotate.mutate(
      { id: r.id },
      {
        onSuccess: (answer) => {
          onSecret({ url: r.url, secret: answer.secret, rotated: true });
          onClose();
        },
        onError: (e) => toast.error(errorMessage(e, t('loadError'))),
      },
    );
  return {
    form,
    pickCompany,
    companies,
    removing,
    setRemoving,
    remove,
    rotate,
    submit,
    removeNow,
    rotateNow,
  };
}

type EndpointState = ReturnType<typeof useEndpointDialog>;

/** "Remover?": shown in place of the form. */
function RemoveConfirm({ row, state }: { row: EndpointRow; state: EndpointState }) {
  const { t } = useTranslation(NS);
  const { remove } = state;
  return (
    <div className="flex flex-col gap-3" data-testid="webhook-remove-confirm">
      <p className="text-sm break-all">{t('removeConfirm', { url: row.url })}</p>
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={() => state.setRemoving(false)} disabled={remove.isPending}>
          {t('back')}
        </Button>
        <Button
          variant="destructive"
          disabled={remove.isPending}
          data-testid="webhook-remove-confirmed"
          onClick={() => state.removeNow(row.id)}
        >
          {remove.isPending && <Spinner className="size-4" />}
          {t('remove')}
        </Button>
      </div>
    </div>
  );
}

/** Remove and rotate, at the start of the footer of an existing endpoint. */
function EndpointActions({ row, state }: { row: EndpointRow; state: EndpointState }) {
  const { t } = useTranslation(NS);
  return (
    <div className="flex flex-wrap gap-2 sm:mr-auto">
      <Button
        type="button"
        variant="destructive"
        onClick={() => state.setRemoving(true)}
        data-testid="webhook-remove"
      >
        {t('remove')}
      </Button>
      <Button
        type="button"
        variant="outline"
        disabled={state.rotate.isPending}
        data-testid="webhook-rotate"
        onClick={() => state.rotateNow(row)}
      >
        <KeyRound className="size-4" aria-hidden />
        {t('rotate')}
      </Button>
    </div>
  );
}

/** Company (new endpoints of group and provider admins), URL, description, events, enabled. */
function EndpointFields({ row, state }: { row: EndpointRow | null; state: EndpointState }) {
  const { t } = useTranslation(NS);
  const { form } = state;
  return (
    <>
      {state.pickCompany && !row && (
        <SelectField
          form={form}
          name="companyId"
          id="wh-company"
          label={t('company')}
          valueAs="number"
          className="sm:col-span-2"
          options={(state.companies.data?.items ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
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
    </>
  );
}

{
  /** Add or edit an endpoint; remove it, or rotate its secret. */
}
export function EndpointDialog({
  row,
  onClose,
  onSecret,
}: {
  row: EndpointRow | null;
  onClose(): void;
  onSecret(r: Revealed): void;
}) {
  const { t } = useTranslation(NS);
  const state = useEndpointDialog(row, onClose, onSecret);
  const { form, removing } = state;
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
      onSubmit={state.submit}
      onClose={onClose}
      footerStart={row && <EndpointActions row={row} state={state} />}
      override={(row && removing && <RemoveConfirm row={row} state={state} />) || undefined}
    >
      <EndpointFields row={row} state={state} />
    </FormDialog>
  );
}
