import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { decimalToCents, formatBRL, TAG_TYPES, type TagType } from '../../../shared/billing/money.ts';
import { type Plan, updatePlanSchema } from '../../../shared/billing/schemas.ts';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { CheckboxField, FormDialog, TextField, useAppForm } from '../../components/form/index.ts';
import { DataTable, useLocalList } from '../../components/list/index.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { editColumn } from '../../components/table-columns.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { errorMessage, useTRPC } from '../../lib/trpc.ts';
import { NS } from './i18n.ts';

/** An amount typed in reais: '359', '359,00', '0.99'. */
const MONEY_TEXT = /^\d{1,9}(?:[.,]\d{1,2})?$/;

/** Typed reais → cents ('359,9' → 35990); null when not an amount. */
export function reaisToCents(text: string): number | null {
  const t = text.trim();
  return MONEY_TEXT.test(t) ? decimalToCents(t.replace(',', '.')) : null;
}

/** Cents → what the field shows ('359,00'). */
function centsText(cents: number | null): string {
  return cents === null ? '' : (cents / 100).toFixed(2).replace('.', ',');
}

/**
 * The editor's form: the shared rules for name and description, amounts typed in reais with a
 * comma, the limit as digits. The custom quantity plan is priced by its unit price (its monthly
 * price is that of its minimum, and the quantity bought is its limit); the others by a monthly
 * price and an equipment limit. Mapped to `billing.updatePlan`'s input on submit.
 */
function planFormSchema(perUnit: boolean) {
  const amount = z.string().trim().regex(MONEY_TEXT);
  return z.object({
    name: updatePlanSchema.shape.name,
    description: updatePlanSchema.shape.description,
    price: perUnit ? z.string() : amount,
    equipmentLimit: perUnit
      ? z.string()
      : z
          .string()
          .trim()
          .regex(/^[1-9]\d{0,6}$/),
    unit: perUnit ? amount : z.string(),
    active: z.boolean(),
  });
}

function PlanDialog({ plan, onClose }: { plan: Plan; onClose(): void }) {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const qc = useQueryClient();
  const update = useMutation(trpc.billing.updatePlan.mutationOptions());
  const schema = React.useMemo(() => planFormSchema(plan.perUnit), [plan.perUnit]);
  const form = useAppForm(schema, {
    name: plan.name,
    description: plan.description,
    price: centsText(plan.priceCents),
    equipmentLimit: plan.equipmentLimit === null ? '' : String(plan.equipmentLimit),
    unit: centsText(plan.unitCents),
    active: plan.active,
  });
  const priceError = () => t('plansAdmin.priceError');
  return (
    <FormDialog
      form={form}
      className="max-w-xl"
      testId="plan-dialog"
      formClassName="grid gap-4 sm:grid-cols-2"
      title={`${t('plansAdmin.edit')}: ${plan.name}`}
      name={form.watch('name') ?? plan.name}
      successText={t('plansAdmin.saved')}
      closeOnSuccess
      onSubmit={async (v) => {
        await update.mutateAsync({
          id: plan.id,
          name: v.name,
          description: v.description,
          priceCents: plan.perUnit ? plan.priceCents : (reaisToCents(v.price) ?? 0),
          equipmentLimit: plan.perUnit ? null : Number(v.equipmentLimit),
          unitCents: plan.perUnit ? reaisToCents(v.unit) : null,
          active: v.active,
        });
        await qc.invalidateQueries({ queryKey: trpc.billing.plans.pathKey() });
      }}
      onClose={onClose}
    >
      <TextField
        form={form}
        name="name"
        id="plan-name"
        label={t('plansAdmin.name')}
        maxLength={60}
        autoFocus
      />
      {plan.perUnit ? (
        <TextField
          form={form}
          name="unit"
          id="plan-unit"
          label={t('plansAdmin.unit')}
          inputMode="decimal"
          errorText={priceError}
        />
      ) : (
        <TextField
          form={form}
          name="price"
          id="plan-price"
          label={t('plansAdmin.price')}
          inputMode="decimal"
          errorText={priceError}
        />
      )}
      <TextField
        form={form}
        name="description"
        id="plan-description"
        label={t('plansAdmin.descriptionField')}
        className="sm:col-span-2"
        maxLength={500}
        optional
      />
      {!plan.perUnit && (
        <TextField
          form={form}
          name="equipmentLimit"
          id="plan-limit"
          label={t('plansAdmin.limit')}
          inputMode="numeric"
        />
      )}
      <CheckboxField
        form={form}
        name="active"
        id="plan-active"
        label={t('plansAdmin.active')}
        className="sm:col-span-2"
      />
    </FormDialog>
  );
}

/** One tag type's unit price, edited in place. */
function TagPriceField({ type, cents }: { type: TagType; cents: number }) {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const qc = useQueryClient();
  const [text, setText] = React.useState(centsText(cents));
  React.useEffect(() => setText(centsText(cents)), [cents]);
  const save = useMutation(trpc.billing.updateTagPrice.mutationOptions());
  const value = reaisToCents(text);
  const id = `tag-price-input-${type}`;
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={async (e) => {
        e.preventDefault();
        if (value === null || value < 1) return;
        try {
          await save.mutateAsync({ type, unitCents: value });
          toast.success(t('plansAdmin.tagPriceSaved'));
          await qc.invalidateQueries({ queryKey: trpc.billing.tagPrices.pathKey() });
        } catch (err) {
          toast.error(errorMessage(err, t('loadError')));
        }
      }}
    >
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={id}>
          {t(`tagType.${type}`)} — {t('plansAdmin.tagPrice')}
        </Label>
        <Input
          id={id}
          className="w-36"
          inputMode="decimal"
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={value === null ? true : undefined}
          aria-describedby={`${id}-error`}
        />
        <p id={`${id}-error`} className="min-h-4 text-xs text-destructive">
          {value === null || value < 1 ? t('plansAdmin.priceError') : ''}
        </p>
      </div>
      <Button
        type="submit"
        variant="outline"
        className="mb-5"
        disabled={save.isPending || value === null || value < 1}
      >
        {t('plansAdmin.save')}
      </Button>
    </form>
  );
}

/** /plans-admin (provider admin, issue 17): the plans' prices, limits, descriptions; the tag prices. */
export function PlansAdminPage() {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const plans = useQuery(trpc.billing.plans.queryOptions());
  const prices = useQuery(trpc.billing.tagPrices.queryOptions());
  const sorted = React.useMemo(
    () => plans.data?.slice().sort((a, b) => a.position - b.position || a.id - b.id),
    [plans.data],
  );
  const list = useLocalList(sorted, { loading: plans.isPending });
  const [editing, setEditing] = React.useState<Plan | null>(null);
  return (
    <div className="space-y-8" data-testid="plans-admin">
      <PageHeader title={t('plansAdmin.title')} description={t('plansAdmin.description')} />
      {plans.isError ? (
        <ErrorPanel
          message={errorMessage(plans.error, t('loadError'))}
          onRetry={() => void plans.refetch()}
        />
      ) : (
        <DataTable<Plan>
          list={list}
          label={t('plansAdmin.title')}
          rowKey={(p) => p.id}
          onRowClick={(p) => setEditing(p)}
          rowProps={(p) => ({ 'data-testid': 'plan-row', 'data-plan-id': String(p.id) })}
          columns={[
            { id: 'id', header: '#', className: 'tabular-nums', cell: (p) => p.id },
            {
              id: 'name',
              header: t('plansAdmin.name'),
              cell: (p) => (
                <div className="flex flex-col">
                  <span className="font-medium">{p.name}</span>
                  <span className="text-xs text-muted-foreground">{p.description}</span>
                </div>
              ),
            },
            {
              id: 'price',
              header: t('plansAdmin.price'),
              className: 'tabular-nums',
              cell: (p) =>
                p.perUnit
                  ? `${formatBRL(p.unitCents ?? 0)} — ${t('plansAdmin.perUnit')}`
                  : p.priceCents === 0
                    ? t('plansAdmin.free')
                    : `${formatBRL(p.priceCents)}${t('perMonth')}`,
            },
            {
              id: 'limit',
              header: t('plansAdmin.limit'),
              className: 'tabular-nums',
              cell: (p) => (p.equipmentLimit === null ? '—' : p.equipmentLimit),
            },
            {
              id: 'active',
              header: t('plansAdmin.state'),
              cell: (p) => (
                <Badge variant={p.active ? 'success' : 'outline'}>
                  {p.active ? t('plansAdmin.activeYes') : t('plansAdmin.activeNo')}
                </Badge>
              ),
            },
            editColumn<Plan>(
              t('plansAdmin.edit'),
              (p) => p.name,
              (p) => setEditing(p),
            ),
          ]}
        />
      )}
      <Card>
        <CardHeader>
          <CardTitle className="text-base">{t('plansAdmin.tagPrices')}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-8">
          {prices.isError ? (
            <ErrorPanel
              message={errorMessage(prices.error, t('loadError'))}
              onRetry={() => void prices.refetch()}
            />
          ) : prices.data ? (
            TAG_TYPES.map((type) => <TagPriceField key={type} type={type} cents={prices.data[type]} />)
          ) : null}
        </CardContent>
      </Card>
      {editing && <PlanDialog plan={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
