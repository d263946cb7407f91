/**
 * The /os edit dialog (seed 000 §2, §4, §5): start and end dates, comments, priority and type
 * required, the responsible, the status and each equipment's completion date. The status follows
 * the completion dates live through the shared rule (`deriveStatus`); the options that contradict
 * the derived status are disabled, with the shared explanatory text under the select (the server
 * refuses them with the same code).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as React from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/errors.ts';
import {
  OBSERVATION_MAX,
  type ServiceOrderDetail,
  updateServiceOrderSchema,
} from '../../../shared/service-orders/schemas.ts';
import {
  BLOCKED_STATUS_CODES,
  blockedStatuses,
  deriveStatus,
  OS_STATUSES,
  resolveStatus,
} from '../../../shared/service-orders/status.ts';
import { DayField, FormDialog, SelectField, TextField, useAppForm } from '../../components/form/index.ts';
import { localToday } from '../../components/list/day-text.ts';
import { ListError } from '../../components/list/index.ts';
import { Dialog, DialogContent, DialogTitle } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { NS } from './i18n.ts';
import { DASH, OsStatusBadge, priorityOptions, typeOptions, useOsUsers } from './os-parts.tsx';

/**
 * The fields the edit requires (seed 000 §5, and the responsible the server requires too). The end
 * date only of an order that has one: an order opened by an inspection has none, and keeps none.
 */
const EDIT_REQUIRED = ['startDate', 'observation', 'priority', 'type', 'responsibleUserId'] as const;

/** The shared update schema plus the dialog's own required fields and date order, as field errors. */
function useEditSchema(lang: string, endRequired: boolean) {
  return React.useMemo(
    () =>
      updateServiceOrderSchema.superRefine((v, ctx) => {
        for (const f of [...EDIT_REQUIRED, ...(endRequired ? (['endDate'] as const) : [])])
          if (v[f] === null || v[f] === undefined)
            ctx.addIssue({ code: 'custom', path: [f], message: 'REQUIRED' });
        if (v.startDate && v.endDate && v.startDate > v.endDate)
          ctx.addIssue({
            code: 'custom',
            path: ['endDate'],
            message: errorText('SERVICE_ORDER_DATE_RANGE', lang) ?? 'DATE',
          });
        const today = localToday();
        v.equipments?.forEach((item, i) => {
          if (item.completionDate && item.completionDate > today)
            ctx.addIssue({
              code: 'custom',
              path: ['equipments', i, 'completionDate'],
              message: errorText('SERVICE_ORDER_COMPLETION_FUTURE', lang) ?? 'DATE',
            });
        });
      }),
    [lang, endRequired],
  );
}

export function OsEditDialog({ id, onClose }: { id: number; onClose(): void }) {
  const trpc = useTRPC();
  const detail = useQuery({ ...trpc.serviceOrders.get.queryOptions({ id }), staleTime: 0 });
  if (!detail.data) {
    return (
      <Dialog open onOpenChange={(o) => !o && onClose()}>
        <DialogContent className="max-w-3xl" data-testid="os-edit-loading">
          <DialogTitle className="sr-only">…</DialogTitle>
          {detail.isError ? (
            <ListError error={detail.error} onRetry={() => detail.refetch()} />
          ) : (
            <Spinner className="mx-auto my-10 size-8" />
          )}
        </DialogContent>
      </Dialog>
    );
  }
  return <OsEditForm order={detail.data} onClose={onClose} />;
}

function OsEditForm({ order, onClose }: { order: ServiceOrderDetail; onClose(): void }) {
  const { t, i18n } = useTranslation(NS);
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const trpc = useTRPC();
  const qc = useQueryClient();
  const users = useOsUsers(order.companyId);
  const save = useMutation(trpc.serviceOrders.update.mutationOptions());
  const endRequired = order.endDate !== null;
  const schema = useEditSchema(lang, endRequired);
  const form = useAppForm(schema, {
    id: order.id,
    startDate: order.startDate,
    endDate: order.endDate,
    observation: order.observation ?? '',
    priority: order.priority,
    type: order.type,
    responsibleUserId: order.responsibleUserId,
    status: order.status,
    equipments: order.equipments.map((e) => ({
      equipmentId: e.equipmentId,
      responsibleUserId: e.responsibleUserId,
      completionDate: e.completionDate,
    })),
  });

  // The status the completion dates give (seed 000 §4), recomputed on every change.
  const items = useWatch({ control: form.control, name: 'equipments' }) ?? [];
  const dates = items.map((i) => i?.completionDate ?? null);
  const derived = deriveStatus(order.status, dates);
  const { blocked } = blockedStatuses(derived);
  const chosen = useWatch({ control: form.control, name: 'status' });
  React.useEffect(() => {
    const next = resolveStatus(derived, chosen ?? null);
    if (next !== chosen) form.setValue('status', next, { shouldDirty: true });
  }, [derived, chosen, form]);

  const responsibleOptions = React.useMemo(() => {
    const list = (users.data ?? []).map((u) => ({ value: String(u.id), label: u.name }));
    // The current responsible stays shown even when no longer eligible (e.g. deactivated).
    if (order.responsibleUserId && !list.some((o) => o.value === String(order.responsibleUserId)))
      list.unshift({ value: String(order.responsibleUserId), label: order.responsibleUserName ?? DASH });
    return list;
  }, [users.data, order.responsibleUserId, order.responsibleUserName]);

  const today = localToday();
  const blockedCodes = Object.fromEntries(Object.values(BLOCKED_STATUS_CODES).map((c) => [c, 'status']));

  return (
    <FormDialog
      form={form}
      className="max-w-3xl"
      testId="os-edit-dialog"
      formClassName="grid gap-4 sm:grid-cols-2"
      title={t('editTitle', { number: order.number })}
      name={t('viewTitle', { number: order.number })}
      successText={t('saved')}
      closeOnSuccess
      codeFields={{
        ...blockedCodes,
        SERVICE_ORDER_DATE_RANGE: 'endDate',
        SERVICE_ORDER_RESPONSIBLE_INVALID: 'responsibleUserId',
      }}
      onSubmit={async (values) => {
        await save.mutateAsync(values);
        await qc.invalidateQueries({ queryKey: trpc.serviceOrders.pathKey() });
      }}
      onClose={onClose}
    >
      <DayField
        form={form}
        name="startDate"
        id="os-edit-start"
        label={`${t('fields.startDate')} *`}
        invalidText={t('dayInvalid')}
      />
      <DayField
        form={form}
        name="endDate"
        id="os-edit-end"
        label={endRequired ? `${t('fields.endDate')} *` : t('fields.endDate')}
        invalidText={t('dayInvalid')}
      />
      <SelectField
        form={form}
        name="priority"
        id="os-edit-priority"
        label={`${t('fields.priority')} *`}
        options={priorityOptions(t)}
        placeholder={t('select')}
      />
      <SelectField
        form={form}
        name="type"
        id="os-edit-type"
        label={`${t('fields.type')} *`}
        options={typeOptions(t)}
        placeholder={t('select')}
      />
      <SelectField
        form={form}
        name="responsibleUserId"
        id="os-edit-responsible"
        label={`${t('fields.responsible')} *`}
        options={responsibleOptions}
        valueAs="number"
        placeholder={t('select')}
      />
      <div className="flex flex-col gap-1.5">
        <SelectField
          form={form}
          name="status"
          id="os-edit-status"
          label={t('fields.status')}
          options={OS_STATUSES.map((s) => ({
            value: s,
            label: t(`statuses.${s}`),
            disabled: blocked.includes(s),
          }))}
          hint={<span data-testid="os-status-blocked">{errorText(BLOCKED_STATUS_CODES[derived], lang)}</span>}
        />
        <p className="flex items-center gap-2 text-xs text-muted-foreground">
          {t('derivedStatus')}: <OsStatusBadge status={derived} testId="os-derived-status" />
        </p>
      </div>
      <TextField
        form={form}
        name="observation"
        id="os-edit-observation"
        label={`${t('fields.observation')} *`}
        className="sm:col-span-2"
        maxLength={OBSERVATION_MAX}
        control={<Textarea rows={3} />}
      />
      <fieldset className="sm:col-span-2" data-testid="os-edit-items">
        <legend className="mb-2 text-sm font-semibold">{t('fields.equipments')}</legend>
        {order.equipments.length === 0 && <p className="text-sm text-muted-foreground">{t('noEquipment')}</p>}
        <ul className="divide-y rounded-md border">
          {order.equipments.map((e, i) => (
            <li
              key={e.id}
              className="flex flex-wrap items-end justify-between gap-3 p-3"
              data-testid="os-edit-item"
              data-serial={e.equipmentSerialNumber}
            >
              <div className="min-w-0 text-sm">
                <p className="font-mono font-medium">{e.equipmentSerialNumber}</p>
                <p className="text-muted-foreground">
                  {e.productName} ({e.productSku}){e.extraLabel ? ` · ${e.extraLabel}` : ''}
                </p>
              </div>
              <DayField
                form={form}
                name={`equipments.${i}.completionDate`}
                id={`os-edit-completion-${e.id}`}
                label={t('completionOf', { serial: e.equipmentSerialNumber })}
                max={today}
                invalidText={t('dayInvalid')}
                validate={(day) => (day > today ? t('completionFuture') : undefined)}
                testId={`os-completion-${e.equipmentSerialNumber}`}
              />
            </li>
          ))}
        </ul>
      </fieldset>
    </FormDialog>
  );
}
