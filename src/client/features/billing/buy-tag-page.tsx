import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Nfc, QrCode } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { formatBRL, tagOrderCents } from '../../../shared/billing/money.ts';
import {
  TAG_ORDER_DEFAULT_QUANTITY,
  TAG_ORDER_MAX_QUANTITY,
  TAG_ORDER_MIN_QUANTITY,
  type TagPrices,
  type TagType,
  tagOrderListSchema,
} from '../../../shared/billing/schemas.ts';
import { formatDate } from '../../../shared/dates.ts';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { DataTable, ListError, useServerList } from '../../components/list/index.ts';
import { PageHeader } from '../../components/page-header.tsx';
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
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useSession } from '../../lib/session.tsx';
import { errorMessage, useTRPC } from '../../lib/trpc.ts';
import { NS } from './i18n.ts';
import { addressLines, billStatusLabel, billStatusVariant } from './labels.ts';
import { OpenBillLink, PaymentRedirectDialog, usePaymentRedirect } from './payment-redirect.tsx';

/** While an order waits for its bill to be paid in another tab, the table looks again this often. */
const WAITING_POLL_MS = 5000;

interface Order {
  type: TagType;
  quantity: number;
  cents: number;
}

/** /buy-tag ('Comprar Tag's', seed 000 §2 and §4): QR and NFC cards, the address check, the orders. */
export function BuyTagPage() {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const qc = useQueryClient();
  const { user } = useSession();
  const prices = useQuery(trpc.billing.tagPrices.queryOptions());
  const list = useServerList(trpc.billing.tagOrders.list, {
    schema: tagOrderListSchema,
    dimOnRefetch: false,
    queryOptions: {
      refetchInterval: (q) =>
        q.state.data?.items.some((o) => o.status === 'AWAITING_PAYMENT') ? WAITING_POLL_MS : false,
    },
  });
  const create = useMutation(trpc.billing.tagOrders.create.mutationOptions());
  const redirect = usePaymentRedirect();
  const [confirming, setConfirming] = React.useState<Order | null>(null);

  // Where an order placed now is shipped: the company's registered address (the server copies it).
  const shipping = useQuery(trpc.billing.tagOrders.shippingAddress.queryOptions());
  const lastAddress = shipping.data?.address ?? null;

  const place = (order: Order) => {
    setConfirming(null);
    void redirect.start(async () => {
      const created = await create.mutateAsync({ type: order.type, quantity: order.quantity });
      await qc.invalidateQueries({ queryKey: trpc.billing.tagOrders.pathKey() });
      return created.billUrl;
    });
  };

  return (
    <div className="space-y-8" data-testid="buy-tag">
      <PageHeader title={t('buyTag.title')} description={t('buyTag.description')} />
      {prices.isPending ? (
        <div className="grid gap-5 md:grid-cols-2" aria-busy="true">
          <Skeleton className="h-64" />
          <Skeleton className="h-64" />
        </div>
      ) : prices.isError ? (
        <ErrorPanel
          message={errorMessage(prices.error, t('loadError'))}
          onRetry={() => void prices.refetch()}
        />
      ) : (
        <div className="grid gap-5 md:grid-cols-2">
          <TagCard type="QR" prices={prices.data} onBuy={setConfirming} />
          <TagCard type="NFC" prices={prices.data} onBuy={setConfirming} />
        </div>
      )}

      <section className="space-y-3" aria-labelledby="tag-orders-title">
        <h2 id="tag-orders-title" className="text-lg font-semibold">
          {t('buyTag.ordersTitle')}
        </h2>
        {list.query.isError && (
          <ListError error={list.query.error} onRetry={() => void list.query.refetch()} />
        )}
        <DataTable
          list={list}
          label={t('buyTag.ordersTitle')}
          rowKey={(o) => o.id}
          rowProps={(o) => ({
            'data-testid': 'tag-order-row',
            'data-order-id': String(o.id),
            'data-bill-status': o.billStatus ?? '',
            'data-status': o.status,
          })}
          columns={[
            {
              id: 'type',
              header: t('buyTag.type'),
              cell: (o) => (
                <TwoLineCell
                  strong
                  main={t(`tagType.${o.type}`)}
                  sub={`${t('buyTag.orderedOn')} ${formatDate(o.createdAt)}`}
                />
              ),
            },
            {
              id: 'quantity',
              header: t('buyTag.quantity'),
              className: 'tabular-nums',
              cell: (o) => o.quantity,
            },
            {
              id: 'total',
              header: t('buyTag.total'),
              className: 'tabular-nums',
              cell: (o) => formatBRL(o.totalCents),
            },
            {
              id: 'status',
              header: t('buyTag.billStatus'),
              cell: (o) =>
                o.billStatus ? (
                  <Badge variant={billStatusVariant(o.billStatus)} data-testid="order-bill-status">
                    {billStatusLabel(t, o.billStatus)}
                  </Badge>
                ) : (
                  <span className="text-muted-foreground">{t(`orderStatus.${o.status}`)}</span>
                ),
            },
            {
              id: 'options',
              header: t('buyTag.options'),
              cell: (o) =>
                o.billUrl ? (
                  <OpenBillLink
                    url={o.billUrl}
                    label={t('buyTag.viewBill')}
                    variant="outline"
                    testId="order-view-bill"
                  />
                ) : null,
            },
          ]}
        />
      </section>

      {confirming && (
        <AlertDialog open onOpenChange={(open) => !open && setConfirming(null)}>
          <AlertDialogContent data-testid="tag-order-confirm">
            <AlertDialogHeader>
              <AlertDialogTitle>{t('buyTag.attention')}</AlertDialogTitle>
              <AlertDialogDescription>
                {t('buyTag.attentionText', {
                  quantity: confirming.quantity,
                  type: t(`tagType.${confirming.type}`),
                  total: formatBRL(confirming.cents),
                })}
              </AlertDialogDescription>
            </AlertDialogHeader>
            <div className="rounded-md border bg-muted/40 p-3 text-sm" data-testid="shipping-address">
              <p className="font-medium">{t('buyTag.companyAddress')}</p>
              <p>{shipping.data?.companyName ?? user?.companyName}</p>
              {lastAddress ? (
                addressLines(lastAddress).map((line) => <p key={line}>{line}</p>)
              ) : (
                <p className="text-muted-foreground">
                  {t('buyTag.noAddress', { company: user?.companyName ?? '' })}
                </p>
              )}
            </div>
            <AlertDialogFooter>
              <AlertDialogCancel data-testid="tag-order-cancel">{t('buyTag.cancel')}</AlertDialogCancel>
              <Button onClick={() => place(confirming)} data-testid="tag-order-verified" autoFocus>
                {t('buyTag.verified')}
              </Button>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      )}
      <PaymentRedirectDialog
        redirect={redirect}
        success={{ title: t('buyTag.successTitle'), text: t('buyTag.successText') }}
      />
    </div>
  );
}

/** A tag type's card: what it is, Quantidade (default 10, at least 1), the live price, COMPRAR. */
function TagCard({ type, prices, onBuy }: { type: TagType; prices: TagPrices; onBuy(o: Order): void }) {
  const { t } = useTranslation(NS);
  const [text, setText] = React.useState(String(TAG_ORDER_DEFAULT_QUANTITY));
  const quantity = Number(text);
  const valid =
    text.trim() !== '' &&
    Number.isInteger(quantity) &&
    quantity >= TAG_ORDER_MIN_QUANTITY &&
    quantity <= TAG_ORDER_MAX_QUANTITY;
  // Seed §5: the price is recomputed only for a quantity above 0.
  const [shown, setShown] = React.useState(tagOrderCents(type, TAG_ORDER_DEFAULT_QUANTITY, prices));
  React.useEffect(() => {
    if (valid) setShown(tagOrderCents(type, quantity, prices));
  }, [valid, type, quantity, prices]);
  const Icon = type === 'QR' ? QrCode : Nfc;
  const id = `tag-quantity-${type}`;
  return (
    <article
      className="flex flex-col gap-4 rounded-2xl border bg-card p-6 shadow-sm"
      data-testid={`tag-card-${type}`}
    >
      <div className="flex items-start gap-4">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary">
          <Icon className="size-6" aria-hidden />
        </span>
        <div>
          <h2 className="text-lg font-semibold text-primary">
            {type === 'QR' ? t('buyTag.qrTitle') : t('buyTag.nfcTitle')}
          </h2>
          <p className="text-sm text-muted-foreground">
            {type === 'QR' ? t('buyTag.qrText') : t('buyTag.nfcText')}
          </p>
          <p className="mt-1 text-xs text-muted-foreground">
            {t('buyTag.unitPrice', { price: formatBRL(prices[type]) })}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex w-32 flex-col gap-1.5">
          <Label htmlFor={id}>{t('buyTag.quantity')}</Label>
          <Input
            id={id}
            type="number"
            inputMode="numeric"
            min={TAG_ORDER_MIN_QUANTITY}
            max={TAG_ORDER_MAX_QUANTITY}
            step={1}
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-invalid={valid ? undefined : true}
            aria-describedby={`${id}-error`}
            data-testid={id}
          />
        </div>
        <p className="text-2xl font-bold tabular-nums" aria-live="polite" data-testid={`tag-price-${type}`}>
          {formatBRL(shown)}
        </p>
      </div>
      <p id={`${id}-error`} className="min-h-4 text-xs font-medium text-destructive">
        {valid ? '' : t('buyTag.quantityError', { min: TAG_ORDER_MIN_QUANTITY })}
      </p>
      <Button
        disabled={!valid}
        onClick={() => onBuy({ type, quantity, cents: tagOrderCents(type, quantity, prices) })}
        data-testid={`buy-${type}`}
        aria-label={`${t('buyTag.buy')} ${type === 'QR' ? t('buyTag.qrTitle') : t('buyTag.nfcTitle')}`}
      >
        {t('buyTag.buy')}
      </Button>
    </article>
  );
}
