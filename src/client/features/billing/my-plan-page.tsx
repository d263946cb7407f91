import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useSession } from '../../lib/session.tsx';
import { errorMessage, useTRPC } from '../../lib/trpc.ts';
import { NS } from './i18n.ts';
import { PaymentRedirectDialog, usePaymentRedirect } from './payment-redirect.tsx';
import { ChangePlanConfirm, type Choice } from './change-plan-confirm.tsx';
import { PlanChoices, PlanSummary } from './plan-choices.tsx';
import { SubscriptionTable, WAITING_POLL_MS } from './subscription-table.tsx';

/** Seed §6: the group's plan is the provider admin's and the group admin's. */
const PLAN_OWNERS = ['MOBCHECK_ADMIN', 'COMPANY_GROUP_ADMIN'];

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
