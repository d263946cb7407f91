import { useLocation } from '@tanstack/react-router';
import { CreditCard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PROVIDER_ADMIN } from '../../../shared/roles.ts';
import { useSession } from '../../lib/session.tsx';
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

/**
 * Seed 000 §6: non-platform roles see a blocking pop-up while the group's payment is pending,
 * except on /my-plan. It cannot be dismissed (no close button, Escape ignored).
 */
export function PendingPaymentDialog() {
  const { t } = useTranslation();
  const { user, role } = useSession();
  const pathname = useLocation({ select: (l) => l.pathname });
  if (!user || !role || role === 'ANONYMOUS') return null;
  const open = user.paymentStatus === 'PENDING' && role !== PROVIDER_ADMIN && pathname !== '/my-plan';
  if (!open) return null;
  return (
    <AlertDialog open>
      <AlertDialogContent onEscapeKeyDown={(e) => e.preventDefault()} data-testid="pending-payment-dialog">
        <AlertDialogHeader>
          <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-secondary-soft text-secondary sm:mx-0">
            <CreditCard className="size-6" aria-hidden />
          </span>
          <AlertDialogTitle>{t('payment.pendingTitle')}</AlertDialogTitle>
          <AlertDialogDescription className="text-base text-foreground">
            {t('payment.pending')}
          </AlertDialogDescription>
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
