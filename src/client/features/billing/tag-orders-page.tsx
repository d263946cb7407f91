import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Truck } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { formatBRL } from '../../../shared/billing/money.ts';
import {
  TAG_ORDER_STATUSES,
  type TagOrderStatus,
  tagOrderListSchema,
} from '../../../shared/billing/schemas.ts';
import { formatDate } from '../../../shared/dates.ts';
import { FilterSelect } from '../../components/filter-select.tsx';
import { ListPage, useServerList } from '../../components/list/index.ts';
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
import { addressLines } from './labels.ts';
import { OpenBillLink } from './payment-redirect.tsx';

type TagOrderRow = RouterOutputs['billing']['tagOrders']['list']['items'][number];

const STATUS_VARIANT: Record<TagOrderStatus, 'warning' | 'secondary' | 'success' | 'outline'> = {
  AWAITING_PAYMENT: 'warning',
  PAID: 'secondary',
  SHIPPED: 'success',
  CANCELED: 'outline',
};

/**
 * /tag-orders (provider admin, issue 17): every group's tag orders — a paid one is a fulfilment
 * item (who ordered, the company and its address, how many of which type) until it is marked
 * shipped. The status filter lives in the URL (?status=PAID).
 */
export function TagOrdersPage() {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const qc = useQueryClient();
  const list = useServerList(trpc.billing.tagOrders.list, { schema: tagOrderListSchema });
  const markShipped = useMutation(trpc.billing.tagOrders.markShipped.mutationOptions());
  const [shipping, setShipping] = React.useState<TagOrderRow | null>(null);

  const confirm = async (order: TagOrderRow) => {
    try {
      await markShipped.mutateAsync({ id: order.id });
      toast.success(t('fulfilment.shipped'));
      setShipping(null);
    } catch (e) {
      toast.error(errorMessage(e, t('loadError')));
    } finally {
      await qc.invalidateQueries({ queryKey: trpc.billing.tagOrders.pathKey() });
    }
  };

  return (
    <ListPage
      title={t('fulfilment.title')}
      description={t('fulfilment.description')}
      list={list}
      searchPlaceholder={false}
      filters={
        <FilterSelect
          value={list.input.status ?? 'all'}
          onChange={(v) => list.setFilter('status', v === 'all' ? undefined : v)}
          label={t('fulfilment.status')}
          prefix={`${t('fulfilment.status')}:`}
          testId="tag-order-status-filter"
          options={[
            { value: 'all' as const, label: t('fulfilment.statusAll') },
            ...TAG_ORDER_STATUSES.map((s) => ({ value: s, label: t(`orderStatus.${s}`) })),
          ]}
        />
      }
      rowKey={(o) => o.id}
      rowProps={(o) => ({
        'data-testid': 'fulfilment-row',
        'data-order-id': String(o.id),
        'data-status': o.status,
      })}
      columns={[
        {
          id: 'createdAt',
          header: t('fulfilment.date'),
          sortable: true,
          cell: (o) => formatDate(o.createdAt),
        },
        {
          id: 'company',
          header: t('fulfilment.company'),
          cell: (o) => <TwoLineCell strong main={o.companyName} sub={o.companyGroupName} />,
        },
        {
          id: 'who',
          header: t('fulfilment.who'),
          cell: (o) =>
            o.requestedBy ? <TwoLineCell main={o.requestedBy.name} sub={o.requestedBy.email} /> : '—',
        },
        {
          id: 'order',
          header: t('fulfilment.quantity'),
          cell: (o) => (
            <TwoLineCell
              strong
              main={`${o.quantity} × ${t(`tagType.${o.type}`)}`}
              sub={formatBRL(o.totalCents)}
            />
          ),
        },
        {
          id: 'address',
          header: t('fulfilment.address'),
          className: 'min-w-56',
          cell: (o) => {
            const lines = addressLines(o.shippingAddress);
            return lines.length ? (
              <div className="text-sm" data-testid="fulfilment-address">
                {lines.map((l) => (
                  <p key={l}>{l}</p>
                ))}
              </div>
            ) : (
              <span className="text-muted-foreground">{t('fulfilment.noAddress')}</span>
            );
          },
        },
        {
          id: 'status',
          header: t('fulfilment.status'),
          sortable: true,
          cell: (o) => (
            <div className="flex flex-col items-start gap-1">
              <Badge variant={STATUS_VARIANT[o.status]} data-testid="fulfilment-status">
                {t(`orderStatus.${o.status}`)}
              </Badge>
              {o.status === 'SHIPPED' && o.shippedAt ? (
                <span className="text-xs text-muted-foreground">
                  {t('fulfilment.shippedOn', { date: formatDate(o.shippedAt), name: o.shippedBy ?? '—' })}
                </span>
              ) : o.paidAt ? (
                <span className="text-xs text-muted-foreground">
                  {t('fulfilment.paidOn', { date: formatDate(o.paidAt) })}
                </span>
              ) : null}
            </div>
          ),
        },
        {
          id: 'actions',
          header: t('fulfilment.actions'),
          cell: (o) => (
            <div className="flex flex-wrap gap-2">
              {o.status === 'PAID' && (
                <Button size="sm" onClick={() => setShipping(o)} data-testid="mark-shipped">
                  <Truck aria-hidden />
                  {t('fulfilment.markShipped')}
                </Button>
              )}
              {o.billUrl && (
                <OpenBillLink
                  url={o.billUrl}
                  label={t('buyTag.viewBill')}
                  variant="ghost"
                  testId="fulfilment-bill"
                />
              )}
            </div>
          ),
        },
      ]}
    >
      {shipping && (
        <AlertDialog open onOpenChange={(open) => !open && !markShipped.isPending && setShipping(null)}>
          <AlertDialogContent data-testid="mark-shipped-confirm">
            <AlertDialogHeader>
              <AlertDialogTitle>{t('fulfilment.markTitle')}</AlertDialogTitle>
              <AlertDialogDescription>
                {t('fulfilment.markText', {
                  quantity: shipping.quantity,
                  type: t(`tagType.${shipping.type}`),
                  company: shipping.companyName,
                })}
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel disabled={markShipped.isPending}>{t('back')}</AlertDialogCancel>
              <Button
                disabled={markShipped.isPending}
                onClick={() => void confirm(shipping)}
                data-testid="mark-shipped-confirm-button"
              >
                {t('fulfilment.markShipped')}
              </Button>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      )}
    </ListPage>
  );
}
