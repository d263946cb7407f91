import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ChevronDown, ChevronUp, CreditCard, TriangleAlert } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { customPlanCents, formatBRL } from '../../../shared/billing/money.ts';
import {
  CUSTOM_PLAN_ID,
  CUSTOM_PLAN_MAX_QUANTITY,
  CUSTOM_PLAN_MIN_QUANTITY,
  FREE_PLAN_ID,
  type MyPlan,
  type Plan,
  subscriptionRowsListSchema,
} from '../../../shared/billing/schemas.ts';
import { formatDate } from '../../../shared/dates.ts';
import { errorText } from '../../../shared/errors.ts';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { DataTable, ListError, useServerList } from '../../components/list/index.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { publicPlans } from '../../components/plan-cards.tsx';
import { TwoLineCell } from '../../components/table-columns.tsx';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import type { RouterOutputs } from '../../lib/api-types.ts';
import { useSession } from '../../lib/session.tsx';
import { errorMessage, useTRPC } from '../../lib/trpc.ts';
import { cn } from '../../lib/utils.ts';
import { NS } from './i18n.ts';
import { billStatusLabel, billStatusVariant, monthly, subscriptionStatusLabel } from './labels.ts';
import { OpenBillLink, PaymentRedirectDialog, usePaymentRedirect } from './payment-redirect.tsx';
import { planDescription } from './plan-description.ts';
import { rowOptions } from './row-options.ts';

type Row = RouterOutputs['billing']['subscriptionRows']['items'][number];

/** While something waits for a payment made in another tab, the page looks again this often. */
const WAITING_POLL_MS = 5000;

/** Seed §6: the group's plan is the provider admin's and the group admin's. */
const PLAN_OWNERS = ['MOBCHECK_ADMIN', 'COMPANY_GROUP_ADMIN'];

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

/** A plan change the user picked and must confirm. */
interface Choice {
  plan: Plan;
  quantity?: number;
  cents: number;
}

/** /my-plan (seed 000 §2): plan cards, change of plan, the subscription table. */
export function MyPlanPage() {
  const { t } = useTranslation(NS);
  const { role } = useSession();
  if (!role || !PLAN_OWNERS.includes(role))
    return (
      <div className="space-y-6">
        <PageHeader title={t('myPlan.title')} />
        <Card>
          <CardContent className="space-y-3 p-6" data-testid="my-plan-not-owner">
            <p>{t('myPlan.onlyGroupAdmin')}</p>
            <BuyTagsPrompt />
          </CardContent>
        </Card>
      </div>
    );
  return <MyPlanContent />;
}

function BuyTagsPrompt() {
  const { t } = useTranslation(NS);
  return (
    <p className="text-sm" data-testid="buy-tags-prompt">
      {t('myPlan.buyTags')}{' '}
      <Link to="/buy-tag" className="font-semibold text-primary underline underline-offset-4">
        {t('myPlan.here')}
      </Link>
    </p>
  );
}

function MyPlanContent() {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const qc = useQueryClient();
  const redirect = usePaymentRedirect();
  const myPlan = useQuery({
    ...trpc.billing.myPlan.queryOptions(),
    refetchOnWindowFocus: true,
    refetchInterval: (q) => {
      const d = q.state.data;
      return d && (d.paymentStatus !== 'OK' || d.openBill) ? WAITING_POLL_MS : false;
    },
  });
  const plans = useQuery(trpc.billing.plans.queryOptions());
  const [choice, setChoice] = React.useState<Choice | null>(null);
  const changePlan = useMutation(trpc.billing.changePlan.mutationOptions());
  const startSubscription = useMutation(trpc.billing.startSubscription.mutationOptions());

  // The pop-up of the other pages reads the group's status: keep it in step with this page's.
  const status = myPlan.data?.paymentStatus;
  React.useEffect(() => {
    if (status) void qc.invalidateQueries({ queryKey: trpc.billing.groupStatus.pathKey() });
  }, [status, qc, trpc]);

  const refresh = () => qc.invalidateQueries({ queryKey: trpc.billing.pathKey() });

  const confirmChoice = (c: Choice) => {
    setChoice(null);
    const subscription = myPlan.data?.subscription;
    void redirect.start(async () => {
      const answer = await changePlan.mutateAsync({
        id: subscription && subscription.status !== 'canceled' ? subscription.id : undefined,
        planId: c.plan.id,
        quantity: c.quantity,
      });
      await refresh();
      if (!answer.billUrl) toast.success(t('myPlan.changed', { plan: c.plan.name }));
      return answer.billUrl;
    });
  };

  const startPlanBill = () =>
    void redirect.start(async () => {
      const answer = await startSubscription.mutateAsync();
      await refresh();
      return answer.billUrl;
    });

  return (
    <div className="space-y-8" data-testid="my-plan">
      <PageHeader title={t('myPlan.title')} description={t('myPlan.description')} />
      {myPlan.isPending || plans.isPending ? (
        <div className="space-y-4" aria-busy="true">
          <Skeleton className="h-24 w-full" />
          <div className="grid gap-5 md:grid-cols-3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-64" />
            ))}
          </div>
        </div>
      ) : myPlan.isError || plans.isError ? (
        <ErrorPanel
          message={errorMessage(myPlan.error ?? plans.error, t('loadError'))}
          onRetry={() => {
            void myPlan.refetch();
            void plans.refetch();
          }}
        />
      ) : (
        <>
          <PlanSummary myPlan={myPlan.data} onStart={startPlanBill} />
          <PlanChoices myPlan={myPlan.data} plans={plans.data} onChoose={setChoice} />
          <BuyTagsPrompt />
        </>
      )}
      <SubscriptionTable />
      {choice && (
        <ChangePlanConfirm choice={choice} onConfirm={confirmChoice} onClose={() => setChoice(null)} />
      )}
      <PaymentRedirectDialog redirect={redirect} />
    </div>
  );
}

/**
 * The plan change's confirmation (issue 26 item 12): before the user confirms it says what the first
 * bill will be — the new price less the credit for the unused days of the paid period — from the
 * same quote the server bills with; "Contratar" waits for it.
 */
function ChangePlanConfirm({
  choice,
  onConfirm,
  onClose,
}: {
  choice: Choice;
  onConfirm(c: Choice): void;
  onClose(): void;
}) {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const quote = useQuery({
    ...trpc.billing.changeQuote.queryOptions({ planId: choice.plan.id, quantity: choice.quantity }),
    enabled: choice.cents > 0,
    staleTime: 0,
  });
  const q = quote.data;
  return (
    <AlertDialog open onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent data-testid="change-plan-confirm">
        <AlertDialogHeader>
          <AlertDialogTitle>{t('myPlan.changeTitle')}</AlertDialogTitle>
          <AlertDialogDescription>
            {choice.cents > 0
              ? t('myPlan.changeText', { plan: choice.plan.name, price: formatBRL(choice.cents) })
              : t('myPlan.changeToFree', { plan: choice.plan.name })}
          </AlertDialogDescription>
        </AlertDialogHeader>
        {choice.cents > 0 && (
          <p className="text-sm" data-testid="change-plan-quote" aria-live="polite">
            {quote.isError
              ? errorMessage(quote.error, t('loadError'))
              : !q
                ? t('myPlan.changeQuoteLoading')
                : q.creditCents > 0
                  ? t('myPlan.changeCredit', {
                      count: q.unusedDays,
                      credit: formatBRL(q.creditCents),
                      first: formatBRL(q.firstBillCents),
                      price: formatBRL(q.newPriceCents),
                    })
                  : t('myPlan.changeNoCredit', { first: formatBRL(q.firstBillCents) })}
          </p>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel>{t('back')}</AlertDialogCancel>
          <Button
            onClick={() => onConfirm(choice)}
            disabled={choice.cents > 0 && !q}
            data-testid="change-plan-confirm-button"
          >
            {t('myPlan.changeConfirm')}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** The group's plan, its use, the payment status and the open bill. */
function PlanSummary({ myPlan, onStart }: { myPlan: MyPlan; onStart(): void }) {
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
function PlanChoices({
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

/** The subscription table (seed §2 columns; seed §4 labels and options). */
function SubscriptionTable() {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const qc = useQueryClient();
  const list = useServerList(trpc.billing.subscriptionRows, {
    schema: subscriptionRowsListSchema,
    dimOnRefetch: false,
    queryOptions: {
      refetchInterval: (q) =>
        q.state.data?.items.some((r) => r.bill?.status === 'pending') ? WAITING_POLL_MS : false,
    },
  });
  const [canceling, setCanceling] = React.useState<Row | null>(null);
  const cancel = useMutation(trpc.billing.cancelSubscription.mutationOptions());
  const reactivate = useMutation(trpc.billing.reactivateSubscription.mutationOptions());
  const refresh = () => qc.invalidateQueries({ queryKey: trpc.billing.pathKey() });

  const doCancel = async (row: Row) => {
    try {
      await cancel.mutateAsync({ id: row.id });
      toast.success(t('myPlan.canceled'));
      setCanceling(null);
    } catch (e) {
      toast.error(errorMessage(e, t('loadError')));
    } finally {
      await refresh();
    }
  };
  const doReactivate = async (row: Row) => {
    try {
      await reactivate.mutateAsync({ id: row.id });
      toast.success(t('myPlan.reactivated'));
    } catch (e) {
      toast.error(errorMessage(e, t('loadError')));
    } finally {
      await refresh();
    }
  };

  return (
    <section className="space-y-3" aria-labelledby="subscriptions-title">
      <h2 id="subscriptions-title" className="text-lg font-semibold">
        {t('myPlan.rowsTitle')}
      </h2>
      {list.query.isError && <ListError error={list.query.error} onRetry={() => void list.query.refetch()} />}
      <DataTable
        list={list}
        label={t('myPlan.rowsTitle')}
        rowKey={(r) => r.key}
        rowProps={(r) => ({
          'data-testid': 'subscription-row',
          'data-subscription-status': r.status,
          'data-bill-status': r.bill?.status ?? '',
        })}
        columns={[
          {
            id: 'createdAt',
            header: t('myPlan.billDate'),
            sortable: true,
            cell: (r) => (
              <TwoLineCell
                main={formatDate(r.bill?.createdAt ?? r.createdAt)}
                sub={
                  <>
                    {t('myPlan.rowPlan', { plan: r.planName })} ·{' '}
                    <span data-testid="subscription-status">{subscriptionStatusLabel(t, r.status)}</span>
                  </>
                }
              />
            ),
          },
          {
            id: 'amount',
            header: t('myPlan.amount'),
            className: 'tabular-nums',
            cell: (r) => formatBRL(r.bill?.amountCents ?? r.amountCents),
          },
          { id: 'nextBillingAt', header: t('myPlan.nextBill'), cell: (r) => formatDate(r.nextBillingAt) },
          {
            id: 'billStatus',
            header: t('myPlan.billStatus'),
            cell: (r) =>
              r.bill ? (
                <Badge variant={billStatusVariant(r.bill.status)} data-testid="bill-status">
                  {billStatusLabel(t, r.bill.status)}
                </Badge>
              ) : (
                <span className="text-muted-foreground">{t('myPlan.noBill')}</span>
              ),
          },
          {
            id: 'options',
            header: t('myPlan.options'),
            cell: (r) => {
              const options = rowOptions(r);
              return (
                <div className="flex flex-wrap gap-2">
                  {options.view && r.bill?.url && (
                    <OpenBillLink
                      url={r.bill.url}
                      label={t('myPlan.view')}
                      variant="outline"
                      testId="view-bill"
                    />
                  )}
                  {options.cancel && (
                    <Button variant="ghost" onClick={() => setCanceling(r)} data-testid="cancel-subscription">
                      {t('myPlan.cancel')}
                    </Button>
                  )}
                  {options.reactivate && (
                    <Button
                      variant="outline"
                      disabled={reactivate.isPending}
                      onClick={() => void doReactivate(r)}
                      data-testid="reactivate-subscription"
                    >
                      {t('myPlan.reactivate')}
                    </Button>
                  )}
                </div>
              );
            },
          },
        ]}
      />
      {canceling && (
        <AlertDialog open onOpenChange={(open) => !open && !cancel.isPending && setCanceling(null)}>
          <AlertDialogContent data-testid="cancel-subscription-confirm">
            <AlertDialogHeader>
              <AlertDialogTitle>{t('myPlan.cancelTitle')}</AlertDialogTitle>
              <AlertDialogDescription>
                {t('myPlan.cancelText', { plan: canceling.planName })}
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel disabled={cancel.isPending}>{t('back')}</AlertDialogCancel>
              <Button
                variant="destructive"
                disabled={cancel.isPending}
                onClick={() => void doCancel(canceling)}
                data-testid="cancel-subscription-confirm-button"
              >
                {t('myPlan.cancelConfirm')}
              </Button>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      )}
    </section>
  );
}
