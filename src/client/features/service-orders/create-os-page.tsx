/**
 * /create-os (seed 000 §2 "Create OS", §5, §8): start and end dates (no past days; the start not
 * after the end; DD/MM/YYYY), priority, responsible user (`serviceOrders.users`), comments, type;
 * the equipment search dialog and the table of the chosen equipment; "Cadastrar".
 *
 * On submit the seed's checks run in its order with its texts (./create-checks.ts: start date
 * before today, no equipment, required fields blank), then `serviceOrders.create`. Success says
 * "Ordem de Serviço cadastrada com sucesso!" and empties the form and the selection; a failure
 * shows the server's message, or "Erro ao cadastrar OS" when it sent none.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertCircle, CheckCircle2, LoaderCircle, Plus, Trash2 } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorText } from '../../../shared/errors.ts';
import {
  createServiceOrderSchema,
  OBSERVATION_MAX,
  type ServiceOrderEquipment,
} from '../../../shared/service-orders/schemas.ts';
import {
  applyServerErrors,
  DayField,
  SelectField,
  TextField,
  useAppForm,
} from '../../components/form/index.ts';
import { localToday } from '../../components/list/day-text.ts';
import { DataTable, type DataTableColumn, useLocalList } from '../../components/list/index.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { useLoggedUser, useSession } from '../../lib/session.tsx';
import { errorCode, errorMessage, useTRPC } from '../../lib/trpc.ts';
import { isGroupWide } from '../reports/report-roles.ts';
import { createOsProblem } from './create-checks.ts';
import { EquipmentSearchDialog } from './equipment-search-dialog.tsx';
import { NS } from './i18n.ts';
import { DASH, priorityOptions, typeOptions, useOsUsers } from './os-parts.tsx';

const EMPTY = {
  startDate: null,
  endDate: null,
  priority: null,
  responsibleUserId: null,
  observation: '',
  type: null,
};

type Outcome = { kind: 'error'; text: string } | { kind: 'success'; number: number } | null;

export function CreateOsPage() {
  const { t, i18n } = useTranslation(NS);
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const trpc = useTRPC();
  const qc = useQueryClient();
  const user = useLoggedUser();
  const groupWide = isGroupWide(useSession().role);
  const create = useMutation(trpc.serviceOrders.create.mutationOptions());
  const form = useAppForm(createServiceOrderSchema, EMPTY);
  const [chosen, setChosen] = React.useState<ServiceOrderEquipment[]>([]);
  const [searching, setSearching] = React.useState(false);
  const [outcome, setOutcome] = React.useState<Outcome>(null);
  // A new key remounts the fields after a success (typed texts included).
  const [round, setRound] = React.useState(0);
  const busy = React.useRef(false);
  const [submitting, setSubmitting] = React.useState(false);

  const companyId = chosen[0]?.companyId;
  const users = useOsUsers(companyId);
  const today = localToday();
  const start = form.watch('startDate');
  const end = form.watch('endDate');
  const responsible = form.watch('responsibleUserId');

  // A responsible who is not of the chosen equipment's company is cleared.
  React.useEffect(() => {
    if (responsible && users.data && !users.data.some((u) => u.id === responsible))
      form.setValue('responsibleUserId', null);
  }, [users.data, responsible, form]);

  const rangeText = errorText('SERVICE_ORDER_DATE_RANGE', lang);
  const onSubmit = form.handleSubmit(async (values) => {
    if (busy.current) return;
    const problem = createOsProblem(values, chosen.length, today);
    if (problem) {
      for (const f of problem.fields)
        form.setError(f, {
          type: 'check',
          message:
            problem.code === 'SERVICE_ORDER_MISSING_FIELDS' ? 'REQUIRED' : errorText(problem.code, lang),
        });
      setOutcome({ kind: 'error', text: errorText(problem.code, lang) ?? t('createFailed') });
      return;
    }
    busy.current = true;
    setSubmitting(true);
    setOutcome(null);
    try {
      const created = await create.mutateAsync({
        ...values,
        requestUserId: user.id,
        status: 'PENDING',
        equipments: chosen.map((e) => ({
          equipmentId: e.id,
          equipmentSerialNumber: e.tagSerialNumber,
          name: e.extraLabel,
          type: values.type,
          responsibleUserId: values.responsibleUserId,
          completionDate: null,
        })),
      });
      toast.success(t('created'));
      setOutcome({ kind: 'success', number: created.number });
      form.reset(EMPTY);
      setChosen([]);
      setRound((r) => r + 1);
      await qc.invalidateQueries({ queryKey: trpc.serviceOrders.list.pathKey() });
    } catch (err) {
      applyServerErrors(form, err);
      // The server's message when it sent one (a catalogue code), else the seed's text.
      const text = errorCode(err) ? errorMessage(err, t('createFailed')) : t('createFailed');
      setOutcome({ kind: 'error', text });
      toast.error(text);
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  });

  const local = useLocalList(chosen, { loading: false });
  const columns: DataTableColumn<ServiceOrderEquipment>[] = [
    {
      id: 'tagSerialNumber',
      header: t('serial'),
      cell: (e) => <span className="font-mono">{e.tagSerialNumber}</span>,
    },
    { id: 'extraLabel', header: t('extraName'), cell: (e) => e.extraLabel ?? DASH },
    { id: 'productName', header: t('productName'), cell: (e) => e.productName },
    { id: 'productSku', header: t('sku'), cell: (e) => e.productSku },
    {
      id: 'productDescription',
      header: t('description'),
      className: 'max-w-64',
      cell: (e) => <span className="line-clamp-2">{e.productDescription ?? DASH}</span>,
    },
    {
      id: 'remove',
      header: <span className="sr-only">{t('remove')}</span>,
      headerClassName: 'w-12',
      cell: (e) => (
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('removeLabel', { serial: e.tagSerialNumber })}
          onClick={() => setChosen((list) => list.filter((x) => x.id !== e.id))}
          data-testid={`os-remove-${e.tagSerialNumber}`}
        >
          <Trash2 aria-hidden />
        </Button>
      ),
    },
  ];

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t('createTitle')} description={t('createDescription')} />
      <form
        key={round}
        onSubmit={onSubmit}
        onChange={() => outcome?.kind === 'success' && setOutcome(null)}
        noValidate
        className="flex flex-col gap-6"
        data-testid="create-os-form"
      >
        <Card>
          <CardContent className="grid gap-4 pt-6 sm:grid-cols-2 lg:grid-cols-3">
            <DayField
              form={form}
              name="startDate"
              id="os-start"
              label={`${t('fields.startDate')} *`}
              min={today}
              max={end ?? undefined}
              invalidText={t('dayInvalid')}
              validate={(day) => (day < today ? t('dayMin') : end && day > end ? rangeText : undefined)}
            />
            <DayField
              form={form}
              name="endDate"
              id="os-end"
              label={`${t('fields.endDate')} *`}
              min={start && start > today ? start : today}
              invalidText={t('dayInvalid')}
              validate={(day) => (day < today ? t('dayMin') : start && day < start ? rangeText : undefined)}
            />
            <SelectField
              form={form}
              name="priority"
              id="os-priority"
              label={`${t('fields.priority')} *`}
              options={priorityOptions(t)}
              placeholder={t('select')}
            />
            <SelectField
              form={form}
              name="responsibleUserId"
              id="os-responsible"
              label={`${t('fields.responsible')} *`}
              options={(users.data ?? []).map((u) => ({ value: String(u.id), label: u.name }))}
              valueAs="number"
              placeholder={t('select')}
            />
            <SelectField
              form={form}
              name="type"
              id="os-type"
              label={`${t('fields.type')} *`}
              options={typeOptions(t)}
              placeholder={t('select')}
            />
            <TextField
              form={form}
              name="observation"
              id="os-observation"
              testId="os-observation"
              label={t('fields.observation')}
              optional
              maxLength={OBSERVATION_MAX}
              className="sm:col-span-2 lg:col-span-3"
              control={<Textarea rows={3} />}
            />
          </CardContent>
        </Card>

        <Card>
          <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
            <CardTitle className="text-base">
              {t('chosenEquipment')} ({chosen.length})
            </CardTitle>
            <Button variant="outline" onClick={() => setSearching(true)} data-testid="os-add-equipment">
              <Plus aria-hidden />
              {t('addEquipment')}
            </Button>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            {groupWide && chosen[0] && (
              <p className="text-sm text-muted-foreground">
                {t('companyNote', { company: chosen[0].companyName ?? DASH })}
              </p>
            )}
            <DataTable
              list={local}
              columns={columns}
              rowKey={(e) => e.id}
              rowProps={(e) => ({ 'data-serial': e.tagSerialNumber })}
              label={t('chosenEquipment')}
              emptyText={t('chosenEmpty')}
            />
          </CardContent>
        </Card>

        <div className="flex flex-wrap items-center justify-end gap-3">
          {outcome && <OutcomeLine outcome={outcome} />}
          <Button type="submit" size="lg" disabled={submitting} data-testid="os-register">
            {submitting && <LoaderCircle className="animate-spin" aria-hidden />}
            {submitting ? t('registering') : t('register')}
          </Button>
        </div>
      </form>

      {searching && (
        <EquipmentSearchDialog
          companyId={companyId}
          chosen={new Set(chosen.map((e) => e.id))}
          onAdd={(rows) => {
            setChosen((list) => [...list, ...rows.filter((r) => !list.some((x) => x.id === r.id))]);
            setOutcome(null);
            setSearching(false);
          }}
          onClose={() => setSearching(false)}
        />
      )}
    </div>
  );
}

/** The result of the last submit, beside the button (also toasted). */
function OutcomeLine({ outcome }: { outcome: NonNullable<Outcome> }) {
  const { t } = useTranslation(NS);
  if (outcome.kind === 'success')
    return (
      <p
        role="status"
        className="mr-auto flex items-center gap-2 text-sm font-medium text-success"
        data-testid="create-os-success"
      >
        <CheckCircle2 className="size-4" aria-hidden />
        {t('created')}
        <span className="font-mono" data-testid="create-os-number">
          {t('createdNumber', { number: outcome.number })}
        </span>
      </p>
    );
  return (
    <p
      role="alert"
      className="mr-auto flex items-center gap-2 text-sm font-medium text-destructive"
      data-testid="create-os-error"
    >
      <AlertCircle className="size-4" aria-hidden />
      {outcome.text}
    </p>
  );
}
