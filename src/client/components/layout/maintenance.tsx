/**
 * Maintenance mode (issue 16): while the provider admin has "Modo manutenção" on, the server
 * answers 503 MAINTENANCE_MODE to everyone else. The first such answer (any call, the session
 * restore, a sign-in) raises the flag of lib/maintenance-flag.ts and the root shows
 * <MaintenancePage> instead of the app; the page asks `config.public` every 15 s and reloads the
 * app once maintenance is over.
 * Anonymous pages show <MaintenanceNotice> while it lasts (the provider admin may still sign in).
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Wrench } from 'lucide-react';
import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { clearMaintenance } from '../../lib/maintenance-flag.ts';
import { usePublicConfig } from '../../lib/public-config.ts';
import { getToken } from '../../lib/token.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { Logo } from '../logo.tsx';
import { Button, buttonVariants } from '../ui/button.tsx';
import { MAINTENANCE_NS as NS } from './maintenance-i18n.ts';

export const MAINTENANCE_POLL_MS = 15_000;

/** The whole-page notice shown instead of the app while the product is under maintenance. */
export function MaintenancePage({ onSignOut }: { onSignOut(): Promise<void> }) {
  const { t } = useTranslation(NS);
  const trpc = useTRPC();
  const status = useQuery({
    ...trpc.config.public.queryOptions(),
    staleTime: 0,
    refetchInterval: MAINTENANCE_POLL_MS,
    retry: false,
  });
  // Only an answer read by this page counts (a cached one may predate the maintenance).
  const over = status.isFetchedAfterMount && !status.isFetching && status.data?.maintenance === false;
  React.useEffect(() => {
    // Over: start afresh (the stored session is restored, the page the user was on reopens).
    if (over) window.location.reload();
  }, [over]);
  const signedIn = getToken() !== null;
  return (
    <div className="flex min-h-dvh flex-col bg-muted/40">
      <header className="bg-primary text-primary-foreground shadow-sm">
        <div className="mx-auto flex h-16 max-w-7xl items-center px-4 sm:px-6">
          <Logo inverted />
        </div>
      </header>
      <main className="flex flex-1 items-center justify-center p-6">
        <section
          role="alert"
          aria-labelledby="maintenance-title"
          data-testid="maintenance-page"
          className="flex max-w-lg flex-col items-center gap-4 rounded-xl border bg-card p-8 text-center shadow-sm"
        >
          <Wrench className="size-12 text-secondary" aria-hidden />
          <h1 id="maintenance-title" className="text-2xl font-semibold tracking-tight">
            {t('title')}
          </h1>
          <p>{t('text')}</p>
          <p className="text-sm text-muted-foreground">{t('back')}</p>
          <div className="flex flex-wrap justify-center gap-2">
            <Button onClick={() => void status.refetch()} disabled={status.isFetching} autoFocus>
              {status.isFetching ? t('checking') : t('retry')}
            </Button>
            {signedIn ? (
              <Button
                variant="outline"
                onClick={() => void onSignOut().then(clearMaintenance)}
                data-testid="maintenance-sign-out"
              >
                {t('signOut')}
              </Button>
            ) : (
              <Link to="/" className={buttonVariants({ variant: 'outline' })} onClick={clearMaintenance}>
                {t('toLogin')}
              </Link>
            )}
          </div>
        </section>
      </main>
    </div>
  );
}

/** A strip over the anonymous pages while the product is under maintenance; nothing otherwise. */
export function MaintenanceNotice() {
  const { t } = useTranslation(NS);
  const pub = usePublicConfig();
  if (pub.data?.maintenance !== true) return null;
  return (
    <div
      role="status"
      data-testid="maintenance-notice"
      className="flex items-center justify-center gap-2 bg-secondary px-4 py-2 text-center text-sm font-medium text-secondary-foreground"
    >
      <Wrench className="size-4 shrink-0" aria-hidden />
      {t('notice')}
    </div>
  );
}
