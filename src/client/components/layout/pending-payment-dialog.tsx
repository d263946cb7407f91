import { useQuery } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { CreditCard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
// Types only: the schemas module builds zod objects, which the main bundle must not do before
// lib/zod-csp.ts has turned zod's eval probe off.
import type { PaymentStatus } from '../../../shared/billing/schemas.ts';
import { PROVIDER_ADMIN } from '../../../shared/roles.ts';
import { useSession } from '../../lib/session.tsx';
import { useTRPC } from '../../lib/trpc.ts';
import { canVisit } from '../../routes/navigation.ts';
import {
  AlertDialog,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../ui/alert-dialog.tsx';
import { buttonVariants } from '../ui/button.tsx';
import { MenuLink } from './menu-link.tsx';

/** How often a signed-in page checks the group's payment status (a bill paid or overdue meanwhile). */
export const PAYMENT_STATUS_POLL_MS = 60_000;

function asPaymentStatus(value: string | null | undefined): PaymentStatus {
  return value === 'PENDING' || value === 'BLOCKED' ? value : 'OK';
}

/**
 * The company group's payment status (OK, PENDING, BLOCKED): first the logged user's (no extra
 * call when a page loads), then `billing.groupStatus` — checked every minute and when the window
 * regains focus after 30 s, and at once when a billing page invalidates it (a bill paid on
 * /my-plan).
 */
export function usePaymentStatus(): PaymentStatus {
  const trpc = useTRPC();
  const { user, role } = useSession();
  const groupId = user?.companyGroupId ?? null;
  const enabled = groupId !== null && !!role && role !== 'ANONYMOUS' && role !== PROVIDER_ADMIN;
  const fromUser = user?.paymentStatus;
  const status = useQuery({
    ...trpc.billing.groupStatus.queryOptions({ id: groupId ?? 0 }),
    enabled,
    // The logged user just read says it: no call on load, only the checks that follow.
    initialData: () =>
      groupId !== null && fromUser
        ? { companyGroupId: groupId, paymentStatus: asPaymentStatus(fromUser) }
        : undefined,
    refetchInterval: PAYMENT_STATUS_POLL_MS,
    refetchOnWindowFocus: true,
  });
  return asPaymentStatus(status.data?.paymentStatus ?? user?.paymentStatus);
}

/**
 * Seed 000 §6: non-platform roles see a blocking pop-up while the group's payment is pending
 * (PENDING, and BLOCKED — overdue past the grace days, when the server also refuses new equipment
 * and QR batches), except on /my-plan. It cannot be dismissed (no close button, Escape ignored).
 */
export function PendingPaymentDialog() {
  const { t } = useTranslation();
  const { user, role } = useSession();
  const pathname = useLocation({ select: (l) => l.pathname });
  const status = usePaymentStatus();
  if (!user || !role || role === 'ANONYMOUS') return null;
  const open = status !== 'OK' && role !== PROVIDER_ADMIN && pathname !== '/my-plan';
  if (!open) return null;
  return (
    <AlertDialog open>
      <AlertDialogContent
        onEscapeKeyDown={(e) => e.preventDefault()}
        data-testid="pending-payment-dialog"
        data-status={status}
      >
        <AlertDialogHeader>
          <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-secondary-soft text-secondary sm:mx-0">
            <CreditCard className="size-6" aria-hidden />
          </span>
          <AlertDialogTitle>{t('payment.pendingTitle')}</AlertDialogTitle>
          <AlertDialogDescription className="text-base text-foreground">
            {t('payment.pending')}
          </AlertDialogDescription>
          {status === 'BLOCKED' && (
            <p className="text-sm text-muted-foreground" data-testid="payment-blocked-note">
              {t('payment.blocked')}
            </p>
          )}
        </AlertDialogHeader>
        <AlertDialogFooter>
          <MenuLink to="/logout" className={buttonVariants({ variant: 'outline' })}>
            {t('menu.logout')}
          </MenuLink>
          {canVisit(role, '/my-plan') && (
            <MenuLink to="/my-plan" className={buttonVariants({ variant: 'secondary' })}>
              {t('payment.goToMyPlan')}
            </MenuLink>
          )}
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
