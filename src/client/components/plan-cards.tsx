import { Link } from '@tanstack/react-router';
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatPlanPrice, PUBLIC_PLANS } from '../../shared/plans.ts';
import { cn } from '../lib/utils.ts';
import { buttonVariants } from './ui/button.tsx';

/**
 * The id sent as /register?selectedPlanId=… for each public plan (position in PUBLIC_PLANS + 1).
 * The billing feature owns the real plan ids; change them here if they differ.
 */
export function publicPlanId(index: number): number {
  return index + 1;
}

/** The four public monthly plans (seed 000 §1), each linking to the sign-up page. */
export function PlanCards({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <ul
      className={cn('grid gap-5 sm:grid-cols-2 xl:grid-cols-4', className)}
      aria-label={t('landing.plansTitle')}
    >
      {PUBLIC_PLANS.map((plan, i) => {
        return (
          <li
            key={plan.name}
            data-testid="plan-card"
            className={cn(
              'relative flex flex-col rounded-2xl border bg-card p-6 shadow-sm transition-shadow hover:shadow-md',
            )}
          >
            <h3 className="text-lg font-semibold text-primary" data-testid="plan-name">
              {plan.name}
            </h3>
            <p className="mt-1 text-sm text-muted-foreground" data-testid="plan-equipment">
              {t('landing.upTo', { count: plan.equipment })}
            </p>
            <p className="mt-5 flex items-baseline gap-1">
              <span className="text-4xl font-bold tracking-tight text-foreground" data-testid="plan-price">
                {formatPlanPrice(plan.monthlyPrice)}
              </span>
              <span className="text-sm text-muted-foreground">{t('landing.perMonth')}</span>
            </p>
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
              search={{ selectedPlanId: String(publicPlanId(i)), equipmentQtt: String(plan.equipment) }}
              className={cn(buttonVariants({ variant: 'default' }), 'mt-6 w-full')}
              aria-label={`${t('landing.choose')} ${plan.name}`}
            >
              {t('landing.choose')}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
