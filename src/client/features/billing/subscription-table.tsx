import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { formatBRL } from '../../../shared/billing/money.ts';
import { subscriptionRowsListSchema } from '../../../shared/billing/schemas.ts';
import { formatDate } from '../../../shared/dates.ts';
import { DataTable, ListError, useServerList } from '../../components/list/index.ts';
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
import type { RouterOutputs } from '../../lib/api-types.ts';
import { errorMessage, useTRPC } from '../../lib/trpc.ts';
import { NS } from './i18n.ts';
import { billStatusLabel, billStatusVariant, subscriptionStatusLabel } from './labels.ts';
import { OpenBillLink } from './payment-redirect.tsx';
import { rowOptions } from './row-options.ts';
type Row = RouterOutputs['billing']['subscriptionRows']['items'][number];
type T = ReturnType<typeof useTranslation>['t'];

/** While something waits for a payment made in another tab, the page looks again this often. */
export const WAITING_POLL_MS = 5000;

/** The table's rows and its cancel / reactivate calls (each ends by refreshing the billing queries). */
function useSubscriptionTable() {
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
  return { list, canceling, setCanceling, cancel, reactivate, doCancel, doReactivate };
}

type TableState = ReturnType<typeof useSubscriptionTable>;

/** The columns (seed §2), the options column from `rowOptions` (seed §4). */
function subscriptionColumns(t: T, state: TableState) {
  return [
    {
      id: 'createdAt',
      header: t('myPlan.billDate'),
      sortable: true,
      cell: (r: Row) => (
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
      cell: (r: Row) => formatBRL(r.bill?.amountCents ?? r.amountCents),
    },
    { id: 'nextBillingAt', header: t('myPlan.nextBill'), cell: (r: Row) => formatDate(r.nextBillingAt) },
    {
      id: 'billStatus',
      header: t('myPlan.billStatus'),
      cell: (r: Row) =>
        r.bill ? (
          <Badge variant={billStatusVariant(r.bill.status)} data-testid="bill-status">
            {billStatusLabel(t, r.bill.status)}
          </Badge>
        ) : (
          <span className="text-muted-foreground">{t('myPlan.noBill')}</span>
        ),
    },
    { id: 'options', header: t('myPlan.options'), cell: (r: Row) => <RowOptions row={r} state={state} /> },
  ];
}

function RowOptions({ row: r, state }: { row: Row; state: TableState }) {
  const { t } = useTranslation(NS);
  const options = rowOptions(r);
  return (
    <div className="flex flex-wrap gap-2">
      {options.view && r.bill?.url && (
        <OpenBillLink url={r.bill.url} label={t('myPlan.view')} variant="outline" testId="view-bill" />
      )}
      {options.cancel && (
        <Button variant="ghost" onClick={() => state.setCanceling(r)} data-testid="cancel-subscription">
          {t('myPlan.cancel')}
        </Button>
      )}
      {options.reactivate && (
        <Button
          variant="outline"
          disabled={state.reactivate.isPending}
          onClick={() => void state.doReactivate(r)}
          data-testid="reactivate-subscription"
        >
          {t('myPlan.reactivate')}
        </Button>
      )}
    </div>
  );
}

/** "Cancelar assinatura?": closes only when no cancel is running. */
function CancelConfirm({ row, state }: { row: Row; state: TableState }) {
  const { t } = useTranslation(NS);
  const { cancel } = state;
  return (
    <AlertDialog open onOpenChange={(open) => !open && !cancel.isPending && state.setCanceling(null)}>
      <AlertDialogContent data-testid="cancel-subscription-confirm">
        <AlertDialogHeader>
          <AlertDialogTitle>{t('myPlan.cancelTitle')}</AlertDialogTitle>
          <AlertDialogDescription>{t('myPlan.cancelText', { plan: row.planName })}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={cancel.isPending}>{t('back')}</AlertDialogCancel>
          <Button
            variant="destructive"
            disabled={cancel.isPending}
            onClick={() => void state.doCancel(row)}
            data-testid="cancel-subscription-confirm-button"
          >
            {t('myPlan.cancelConfirm')}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** The subscription table (seed §2 columns; seed §4 labels and options). */
export function SubscriptionTable() {
  const { t } = useTranslation(NS);
  const state = useSubscriptionTable();
  const { list, canceling } = state;
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
        columns={subscriptionColumns(t, state)}
      />
      {canceling && <CancelConfirm row={canceling} state={state} />}
    </section>
  );
}
