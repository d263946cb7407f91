import type * as React from 'react';
import { Suspense } from 'react';
import type { Role } from '../../../shared/roles.ts';
import { FirstBillAfterSignUp } from '../../features/billing/first-bill.tsx';
import { OfflineBanner } from '../../features/field/offline/banner.tsx';
import { useSession } from '../../lib/session.tsx';
import { PageSpinner } from '../ui/spinner.tsx';
import { Footer } from './footer.tsx';
import { PendingPaymentDialog } from './pending-payment-dialog.tsx';
import { TopBar } from './top-bar.tsx';

/**
 * Layout of signed-in pages: top bar with the role's menus, the offline banner (issue 20), content,
 * footer, pending-payment pop-up, and the first bill after a paid-plan sign-up (issue 17).
 */
export function AppLayout({ children }: { children: React.ReactNode }) {
  const { user, role } = useSession();
  if (!user || !role || role === 'ANONYMOUS') return <PageSpinner />;
  return (
    <div className="flex min-h-dvh flex-col">
      <TopBar role={role as Role} user={user} />
      <OfflineBanner />
      <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 sm:py-8">
        <Suspense fallback={<PageSpinner />}>{children}</Suspense>
      </main>
      <Footer />
      <PendingPaymentDialog />
      <FirstBillAfterSignUp />
    </div>
  );
}
