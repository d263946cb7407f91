import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Plan } from '../../shared/billing/schemas.ts';
import { errorMessage, useTRPC } from '../lib/trpc.ts';
import { cn } from '../lib/utils.ts';
import { ErrorPanel } from './error-panel.tsx';
import { buttonVariants } from './ui/button.tsx';
import { Skeleton } from './ui/skeleton.tsx';

/**
 * The public monthly plans (seed 000 §1: Start, Standard, Premium, Enterprise): the active plans
 * with a price and an equipment limit, in card order — not the custom quantity plan (4), which
 * /my-plan offers, nor the free plan (5).
 */
export function publicPlans(plans: readonly Plan[]): Plan[] {
  return plans
    .filter((p) => p.active && !p.perUnit && p.priceCents > 0 && p.equipmentLimit !== null)
    .sort((a, b) => a.position - b.position || a.id - b.id);
}

/**
 * Seed 000 §1 shows whole prices as "R$359", "R$1.049" (thousands with a dot); a price with
 * cents keeps its comma decimals ("R$359,90").
 */
export function cardPrice(cents: number): string {
  const whole = cents % 100 === 0;
  return `R$${new Intl.NumberFormat('pt-BR', {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(cents / 100)}`;
}

/** The public monthly plans from the server (`billing.plans`), each linking to the sign-up page. */
export function PlanCards({ className }: { className?: string }) {
  const { t } = useTranslation();
  const trpc = useTRPC();
  const plans = useQuery({ ...trpc.billing.plans.queryOptions(), staleTime: 5 * 60_000 });
  const grid = cn('grid gap-5 sm:grid-cols-2 xl:grid-cols-4', className);
  if (plans.isPending)
    return (
      <div className={grid} data-testid="plan-cards-loading" aria-busy="true">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-80 rounded-2xl" />
        ))}
      </div>
    );
  if (plans.isError)
    return (
      <ErrorPanel
        message={errorMessage(plans.error, t('common.error'))}
        onRetry={() => void plans.refetch()}
      />
    );
  const list = publicPlans(plans.data);
  if (list.length === 0) return <p className="text-center text-muted-foreground">{t('common.emptyList')}</p>;
  return (
    <ul className={grid} aria-label={t('landing.plansTitle')}>
      {list.map((plan) => (
        <li
          key={plan.id}
          data-testid="plan-card"
          data-plan-id={plan.id}
          className="relative flex flex-col rounded-2xl border bg-card p-6 shadow-sm transition-shadow hover:shadow-md"
        >
          <h3 className="text-lg font-semibold text-primary" data-testid="plan-name">
            {plan.name}
          </h3>
          <p className="mt-1 text-sm text-muted-foreground" data-testid="plan-equipment">
            {t('landing.upTo', { count: plan.equipmentLimit ?? 0 })}
          </p>
          <p className="mt-5 flex items-baseline gap-1">
            <span className="text-4xl font-bold tracking-tight text-foreground" data-testid="plan-price">
              {cardPrice(plan.priceCents)}
            </span>
            <span className="text-sm text-muted-foreground">{t('landing.perMonth')}</span>
          </p>
          {plan.description &&
            plan.description !== t('landing.upTo', { count: plan.equipmentLimit ?? 0, lng: 'pt' }) && (
              <p className="mt-3 text-sm text-muted-foreground">{plan.description}</p>
            )}
          <ul className="mt-5 flex-1 space-y-2 text-sm">
            {[t('landing.monthly'), t('landing.billedMonthly'), t('landing.cancelAnyTime')].map((line) => (
              <li key={line} className="flex gap-2">
                <Check className="mt-0.5 size-4 shrink-0 text-secondary" aria-hidden />
                <span>{line}</span>
              </li>
            ))}
          </ul>
          <Link
            to="/register"
            search={{ selectedPlanId: String(plan.id), equipmentQtt: String(plan.equipmentLimit) }}
            className={cn(buttonVariants({ variant: 'default' }), 'mt-6 w-full')}
            aria-label={`${t('landing.choose')} ${plan.name}`}
          >
            {t('landing.choose')}
          </Link>
        </li>
      ))}
    </ul>
  );
}
