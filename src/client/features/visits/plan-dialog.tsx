/**
 * The visit plan's create/edit dialog (/visit-plans, issue 30 item 3): company, name, interval and
 * unit, first date, time window, technician, active, horizon. The company stays once created; the
 * technicians offered are the company's active users (the server checks the one chosen).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  createVisitPlanSchema,
  VISIT_HORIZON_DEFAULT,
  VISIT_INTERVAL_UNITS,
  type VisitPlan,
} from '../../../shared/visits/schemas.ts';
import {
  type AppForm,
  CheckboxField,
  DayField,
  FormDialog,
  IntervalFields,
  numberOrUndefined,
  SelectField,
  type SelectOption,
  TextField,
  useAppForm,
} from '../../components/form/index.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { useLoggedUser } from '../../lib/session.tsx';
import { NS } from './i18n.ts';

const timeOrNull = (v: unknown) => (v === '' || v === null || v === undefined ? null : String(v));

/** The companies a plan may be for: a company admin's own, a group or provider admin's group's. */
function useCompanyOptions() {
  const trpc = useTRPC();
  const user = useLoggedUser();
  const groupWide = user.currentRole === 'MOBCHECK_ADMIN' || user.currentRole === 'COMPANY_GROUP_ADMIN';
  const companies = useQuery({
    ...trpc.organisations.companies.list.queryOptions({ pageSize: 1000, sort: 'name' }),
    enabled: groupWide,
  });
  if (!groupWide)
    return user.companyId
      ? [{ value: String(user.companyId), label: user.companyName ?? String(user.companyId) }]
      : [];
  return (companies.data?.items ?? []).map((c) => ({ value: String(c.id), label: c.name }));
}

export function PlanDialog({ plan, onClose }: { plan: VisitPlan | null; onClose(): void }) {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const qc = useQueryClient();
  const user = useLoggedUser();
  const form = useAppForm(createVisitPlanSchema, {
    companyId:
      plan?.companyId ?? (user.currentRole === 'COMPANY_ADMIN' ? (user.companyId ?? undefined) : undefined),
    name: plan?.name ?? '',
    intervalValue: plan?.intervalValue ?? 1,
    intervalUnit: plan?.intervalUnit ?? 'MONTHS',
    firstDate: plan?.firstDate ?? '',
    startTime: plan?.startTime ?? null,
    endTime: plan?.endTime ?? null,
    technicianId: plan?.technicianId,
    active: plan?.active ?? true,
    horizonDays: plan?.horizonDays ?? VISIT_HORIZON_DEFAULT,
  });
  const companyOptions = useCompanyOptions();
  const companyId = form.watch('companyId');
  const users = useQuery({
    ...trpc.serviceOrders.users.queryOptions({ companyId: Number(companyId) }),
    enabled: Number(companyId) > 0,
  });
  const create = useMutation(trpc.visits.plans.create.mutationOptions());
  const update = useMutation(trpc.visits.plans.update.mutationOptions());
  return (
    <FormDialog
      form={form}
      className="max-w-2xl"
      testId="visit-plan-dialog"
      formClassName="grid gap-4 sm:grid-cols-2"
      title={plan ? t('plans.edit') : t('plans.new')}
      name={form.watch('name') ?? ''}
      successText={t('plans.saved')}
      closeOnSuccess
      onSubmit={async (values) => {
        if (plan) await update.mutateAsync({ ...values, id: plan.id });
        else await create.mutateAsync(values);
        await qc.invalidateQueries({ queryKey: trpc.visits.pathKey() });
      }}
      codeFields={{ VISIT_TECHNICIAN_INVALID: 'technicianId', VISIT_TIME_WINDOW_INVALID: 'endTime' }}
      onClose={onClose}
    >
      <PlanFields
        form={form}
        companyOptions={companyOptions}
        technicians={users.data ?? []}
        locked={plan !== null}
      />
    </FormDialog>
  );
}

type PlanForm = AppForm<typeof createVisitPlanSchema>;

function PlanFields({
  form,
  companyOptions,
  technicians,
  locked,
}: {
  form: PlanForm;
  companyOptions: SelectOption[];
  technicians: { id: number; name: string }[];
  locked: boolean;
}) {
  const { t } = useTranslation(NS);
  return (
    <>
      <SelectField
        form={form}
        name="companyId"
        id="visit-plan-company"
        label={`${t('plans.company')} *`}
        options={companyOptions}
        valueAs="number"
        disabled={locked}
        onValueChange={() => form.setValue('technicianId', undefined as never)}
        testId="visit-plan-company"
      />
      <TextField
        form={form}
        name="name"
        id="visit-plan-name"
        label={`${t('plans.name')} *`}
        testId="visit-plan-name"
      />
      <IntervalFields
        form={form}
        valueName="intervalValue"
        unitName="intervalUnit"
        id="visit-plan"
        testId="visit-plan"
        valueLabel={`${t('plans.interval')} *`}
        unitLabel={`${t('plans.unit')} *`}
        units={VISIT_INTERVAL_UNITS}
        unitText={(u) => t(`plans.units.${u}`)}
      />
      <DayField
        form={form}
        name="firstDate"
        id="visit-plan-first"
        label={`${t('plans.firstDate')} *`}
        testId="visit-plan-first"
      />
      <SelectField
        form={form}
        name="technicianId"
        id="visit-plan-technician"
        label={`${t('technician')} *`}
        options={technicians.map((u) => ({ value: String(u.id), label: u.name }))}
        valueAs="number"
        testId="visit-plan-technician"
      />
      <TextField
        form={form}
        name="startTime"
        id="visit-plan-start"
        label={t('plans.startTime')}
        type="time"
        registerOptions={{ setValueAs: timeOrNull }}
        testId="visit-plan-start"
      />
      <TextField
        form={form}
        name="endTime"
        id="visit-plan-end"
        label={t('plans.endTime')}
        type="time"
        registerOptions={{ setValueAs: timeOrNull }}
        testId="visit-plan-end"
      />
      <TextField
        form={form}
        name="horizonDays"
        id="visit-plan-horizon"
        label={`${t('plans.horizon')} *`}
        type="number"
        min={1}
        step={1}
        registerOptions={{ setValueAs: numberOrUndefined }}
        testId="visit-plan-horizon"
      />
      <CheckboxField
        form={form}
        name="active"
        id="visit-plan-active"
        label={t('plans.active')}
        testId="visit-plan-active"
      />
    </>
  );
}
