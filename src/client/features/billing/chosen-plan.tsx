import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { BadgeCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { customPlanCents } from '../../../shared/billing/money.ts';
import { CUSTOM_PLAN_MIN_QUANTITY, FREE_PLAN_ID } from '../../../shared/billing/schemas.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { NS } from './i18n.ts';
import { monthly } from './labels.ts';

/**
 * /register?selectedPlanId=…&equipmentQtt=…: the plan the visitor chose on a plan card (seed 000
 * §2), with its price from the server; nothing without a plan or for the free plan (5).
 */
export function ChosenPlan({ planId, equipmentQtt }: { planId?: string; equipmentQtt?: string }) {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const id = Number(planId);
  const wanted = Number.isInteger(id) && id > 0 && id !== FREE_PLAN_ID;
  const plans = useQuery({ ...trpc.billing.plans.queryOptions(), enabled: wanted, staleTime: 5 * 60_000 });
  if (!wanted || plans.isPending || plans.isError) return null;
  const plan = plans.data.find((p) => p.id === id && p.active);
  if (!plan)
    return (
      <p className="mb-6 rounded-md border bg-muted/40 px-4 py-3 text-sm" data-testid="chosen-plan-unknown">
        {t('register.unknownPlan')}
      </p>
    );
  const quantity = Math.max(Number(equipmentQtt) || 0, plan.minQuantity ?? CUSTOM_PLAN_MIN_QUANTITY);
  const price = plan.perUnit ? customPlanCents(quantity, plan.unitCents ?? 0) : plan.priceCents;
  return (
    <section
      className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-primary/30 bg-primary-soft px-4 py-3"
      aria-label={t('register.chosenPlan')}
      data-testid="chosen-plan"
    >
      <div className="flex items-center gap-3">
        <BadgeCheck className="size-6 text-primary" aria-hidden />
        <div>
          <p className="text-xs text-muted-foreground">{t('register.chosenPlan')}</p>
          <p className="font-semibold">
            {plan.name}
            {plan.perUnit
              ? ` — ${t('register.custom', { count: quantity })}`
              : plan.equipmentLimit !== null
                ? ` — ${t('upTo', { count: plan.equipmentLimit })}`
                : ''}
          </p>
        </div>
      </div>
      <div className="flex items-center gap-4">
        <span className="text-lg font-semibold tabular-nums" data-testid="chosen-plan-price">
          {monthly(t, price)}
        </span>
        <Link to="/plans" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          {t('register.changePlan')}
        </Link>
      </div>
    </section>
  );
}
