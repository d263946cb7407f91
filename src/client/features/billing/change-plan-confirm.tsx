import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatBRL } from '../../../shared/billing/money.ts';
import type { Plan } from '../../../shared/billing/schemas.ts';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { errorMessage, useTRPC } from '../../lib/trpc.ts';
import { NS } from './i18n.ts';

/** A plan change the user picked and must confirm. */
export interface Choice {
  plan: Plan;
  quantity?: number;
  cents: number;
}

/**
 * The plan change's confirmation (issue 26 item 12): before the user confirms it says what the first
 * bill will be — the new price less the credit for the unused days of the paid period — from the
 * same quote the server bills with; "Contratar" waits for it.
 */
export function ChangePlanConfirm({
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
