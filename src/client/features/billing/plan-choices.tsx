import { ChevronDown, ChevronUp, CreditCard, TriangleAlert } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { customPlanCents, formatBRL } from '../../../shared/billing/money.ts';
import {
  CUSTOM_PLAN_ID,
  CUSTOM_PLAN_MAX_QUANTITY,
  CUSTOM_PLAN_MIN_QUANTITY,
  FREE_PLAN_ID,
  type MyPlan,
  type Plan,
} from '../../../shared/billing/schemas.ts';
import { errorText } from '../../../shared/errors.ts';
import { publicPlans } from '../../components/plan-cards.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { cn } from '../../lib/utils.ts';
import { NS } from './i18n.ts';
import { monthly } from './labels.ts';
import { OpenBillLink } from './payment-redirect.tsx';
import { planDescription } from './plan-description.ts';
import type { Choice } from './change-plan-confirm.tsx';

/**
 * The two standard plans of cards 1 and 2 (seed 000 §2 "Three plan cards"): the current plan and
 * the next one up (the one below at the top of the range); Start and Standard for a group on the
 * custom or free plan or without a plan. "Ver todos os planos" shows every standard plan.
 */
export function cardPlans(standard: readonly Plan[], currentId: number | null): Plan[] {
  const i = standard.findIndex((p) => p.id === currentId);
  if (i < 0) return standard.slice(0, 2);
  if (i === standard.length - 1) return standard.slice(Math.max(0, i - 1), i + 1);
  return standard.slice(i, i + 2);
}

/** The group's plan, its use, the payment status and the open bill. */
export function PlanSummary({ myPlan, onStart }: { myPlan: MyPlan; onStart(): void }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const { plan, paymentStatus, openBill, subscription } = myPlan;
  const paid = plan && plan.id !== FREE_PLAN_ID && (plan.perUnit || plan.priceCents > 0);
  // No subscription at the provider yet (the sign-up's start failed, or is still running): the
  // server keeps a 'pending' row until the provider answers; starting it again is idempotent.
  const notStarted = !subscription || subscription.status === 'pending';
  return (
    <Card data-testid="plan-summary" data-payment-status={paymentStatus}>
      {paymentStatus !== 'OK' && (
        // What the pop-up of the other pages says, and for BLOCKED what the server refuses meanwhile.
        <div
          role="alert"
          className="flex gap-3 rounded-t-xl border-b border-warning/30 bg-secondary-soft px-6 py-3 text-sm"
          data-testid="payment-alert"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
          <div className="space-y-1">
            <p className="font-medium">{tc('payment.pending')}</p>
            {paymentStatus === 'BLOCKED' && <p>{tc('payment.blocked')}</p>}
          </div>
        </div>
      )}
      <CardContent className="flex flex-wrap items-center justify-between gap-4 p-6">
        <div className="space-y-1">
          <p className="text-lg font-semibold" data-testid="current-plan">
            {plan ? t('myPlan.currentPlan', { plan: plan.name }) : t('myPlan.noPlan')}
          </p>
          <p className="text-sm text-muted-foreground" data-testid="plan-usage">
            {myPlan.equipmentLimit !== null
              ? t('myPlan.usage', { count: myPlan.equipmentCount, limit: myPlan.equipmentLimit })
              : t('myPlan.usageNoLimit', { count: myPlan.equipmentCount })}
          </p>
          {paid && notStarted && (
            <p className="text-sm text-warning">{t('myPlan.noSubscription', { plan: plan.name })}</p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Badge
            variant={
              paymentStatus === 'OK' ? 'success' : paymentStatus === 'PENDING' ? 'warning' : 'destructive'
            }
            data-testid="payment-status"
            data-status={paymentStatus}
          >
            {t('myPlan.status', { status: t(`paymentStatus.${paymentStatus}`) })}
          </Badge>
          {openBill?.url && (
            <OpenBillLink url={openBill.url} label={t('myPlan.payOpenBill')} testId="pay-open-bill" />
          )}
          {paid && notStarted && (
            <Button onClick={onStart} data-testid="start-subscription">
              <CreditCard aria-hidden />
              {t('myPlan.startSubscription')}
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

/** The plan cards: two standard plans (or all of them) and the custom quantity plan. */
export function PlanChoices({
  myPlan,
  plans,
  onChoose,
}: {
  myPlan: MyPlan;
  plans: Plan[];
  onChoose(c: Choice): void;
}) {
  const { t } = useTranslation(NS);
  const [showAll, setShowAll] = React.useState(false);
  const currentId = myPlan.plan?.id ?? null;
  const standard = publicPlans(plans);
  const shown = showAll ? standard : cardPlans(standard, currentId);
  const custom =
    plans.find((p) => p.id === CUSTOM_PLAN_ID && p.active) ?? plans.find((p) => p.perUnit && p.active);
  return (
    <section aria-label={t('myPlan.plans')} className="space-y-3">
      <ul className="grid gap-5 md:grid-cols-2 xl:grid-cols-3" data-testid="my-plan-cards">
        {shown.map((plan) => (
          <PlanCard key={plan.id} plan={plan} current={plan.id === currentId} onChoose={onChoose} />
        ))}
        {custom && (
          <CustomPlanCard
            plan={custom}
            current={custom.id === currentId}
            currentQuantity={custom.id === currentId ? myPlan.quantity : null}
            onChoose={onChoose}
          />
        )}
      </ul>
      {standard.length > 2 && (
        <Button
          variant="link"
          className="px-0"
          onClick={() => setShowAll((v) => !v)}
          aria-expanded={showAll}
          data-testid="toggle-all-plans"
        >
          {showAll ? <ChevronUp aria-hidden /> : <ChevronDown aria-hidden />}
          {showAll ? t('myPlan.showFewer') : t('myPlan.showAll')}
        </Button>
      )}
    </section>
  );
}

function CardShell({ plan, current, children }: { plan: Plan; current: boolean; children: React.ReactNode }) {
  const { t } = useTranslation(NS);
  return (
    <li
      className={cn(
        'relative flex flex-col gap-3 rounded-2xl border bg-card p-6 shadow-sm',
        current && 'border-primary ring-2 ring-primary/30',
      )}
      data-testid="my-plan-card"
      data-plan-id={plan.id}
      data-current={current ? 'true' : undefined}
    >
      <div className="flex items-start justify-between gap-2">
        <h3 className="text-lg font-semibold text-primary" data-testid="my-plan-card-name">
          {plan.name}
        </h3>
        {current && (
          <Badge variant="secondary" data-testid="plan-current">
            {t('myPlan.current')}
          </Badge>
        )}
      </div>
      {children}
    </li>
  );
}

function PlanCard({ plan, current, onChoose }: { plan: Plan; current: boolean; onChoose(c: Choice): void }) {
  const { t } = useTranslation(NS);
  return (
    <CardShell plan={plan} current={current}>
      {plan.equipmentLimit !== null && <p className="text-sm">{t('upTo', { count: plan.equipmentLimit })}</p>}
      {planDescription(plan, t) && (
        <p className="text-sm text-muted-foreground">{planDescription(plan, t)}</p>
      )}
      <p className="mt-auto text-2xl font-bold tabular-nums" data-testid="my-plan-card-price">
        {monthly(t, plan.priceCents)}
      </p>
      {!current && (
        <Button
          onClick={() => onChoose({ plan, cents: plan.priceCents })}
          data-testid={`select-plan-${plan.id}`}
          aria-label={`${t('myPlan.select')} ${plan.name}`}
        >
          {t('myPlan.select')}
        </Button>
      )}
    </CardShell>
  );
}

/** Card 3 (seed §2): the custom plan, its 'Equipamentos' field (minimum 50) and the live price. */
function CustomPlanCard({
  plan,
  current,
  currentQuantity,
  onChoose,
}: {
  plan: Plan;
  current: boolean;
  currentQuantity: number | null;
  onChoose(c: Choice): void;
}) {
  const { t, i18n } = useTranslation(NS);
  const min = plan.minQuantity ?? CUSTOM_PLAN_MIN_QUANTITY;
  const [text, setText] = React.useState(String(currentQuantity ?? min));
  const quantity = Number(text);
  const valid =
    text.trim() !== '' &&
    Number.isInteger(quantity) &&
    quantity >= min &&
    quantity <= CUSTOM_PLAN_MAX_QUANTITY;
  const cents = valid ? customPlanCents(quantity, plan.unitCents ?? 0) : 0;
  const unchanged = current && quantity === currentQuantity;
  const error = valid
    ? null
    : (errorText('CUSTOM_PLAN_MIN_QUANTITY', i18n.resolvedLanguage ?? 'pt', { min }) ?? null);
  return (
    <CardShell plan={plan} current={current && unchanged}>
      <p className="text-sm text-muted-foreground">
        {planDescription(plan, t) ?? t('myPlan.customDescription')}
      </p>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="custom-quantity">{t('myPlan.equipment')}</Label>
        <Input
          id="custom-quantity"
          type="number"
          inputMode="numeric"
          min={min}
          max={CUSTOM_PLAN_MAX_QUANTITY}
          step={1}
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby="custom-quantity-hint custom-quantity-error"
          data-testid="custom-quantity"
        />
        <p id="custom-quantity-hint" className="text-xs text-muted-foreground">
          {t('myPlan.customMin', { min })}{' '}
          {plan.unitCents !== null && t('unitEach', { price: formatBRL(plan.unitCents) })}
        </p>
        <p
          id="custom-quantity-error"
          className="text-xs font-medium text-destructive"
          data-testid="custom-quantity-error"
        >
          {error}
        </p>
      </div>
      <p
        className="mt-auto text-2xl font-bold tabular-nums"
        data-testid="custom-plan-price"
        aria-live="polite"
      >
        {valid ? monthly(t, cents) : '—'}
      </p>
      {!unchanged && (
        <Button
          disabled={!valid}
          onClick={() => onChoose({ plan, quantity, cents })}
          data-testid={`select-plan-${plan.id}`}
          aria-label={`${t('myPlan.select')} ${plan.name}`}
        >
          {t('myPlan.select')}
        </Button>
      )}
    </CardShell>
  );
}
