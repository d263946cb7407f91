/**
 * Root of the route tree: the route guard (seed 000 §2) and the choice of layout, driven by the
 * feature manifests (./navigation.ts):
 * - role unknown → spinner;
 * - a redirect-only path (/inspections-report) → anonymous: '/' then, after login, its target
 *   (/report?view=inspections-report); signed in: its target;
 * - a path outside the role's route set (canVisit) → '/';
 * - anonymous '/' is the landing page, other anonymous pages use the public layout,
 *   signed-in pages the app layout (top bar with the role's menus).
 */
import { Outlet, useLocation, useNavigate } from '@tanstack/react-router';
import * as React from 'react';
import { AppLayout } from '../components/layout/app-layout.tsx';
import { MaintenanceNotice, MaintenancePage } from '../components/layout/maintenance.tsx';
import { PublicLayout } from '../components/layout/public-layout.tsx';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { type AfterLogin, rememberAfterLogin } from '../lib/after-login.ts';
import { useMaintenanceFlag } from '../lib/maintenance-flag.ts';
import { usePageViews } from '../lib/page-views.ts';
import { useSession } from '../lib/session.tsx';
import { canVisit, redirectFor } from './navigation.ts';

/** Navigates (replacing the history entry) after render; optionally remembers where to go after login. */
function Redirect({ to, search, remember }: AfterLogin & { remember?: AfterLogin }) {
  const navigate = useNavigate();
  React.useEffect(() => {
    if (remember) rememberAfterLogin(remember);
    void navigate({ to: to as never, search: (search ?? {}) as never, replace: true });
  }, [navigate, to, search, remember]);
  return <PageSpinner />;
}

export function RootComponent() {
  const { role, logout } = useSession();
  const pathname = useLocation({ select: (l) => l.pathname });
  const maintenance = useMaintenanceFlag();
  usePageViews(role, (path) => role !== null && canVisit(role, path) && !redirectFor(path));

  // Maintenance mode refused a call: everyone but the provider admin sees the maintenance page
  // (also while the stored session could not be restored because of it).
  if (maintenance && role !== 'MOBCHECK_ADMIN') return <MaintenancePage onSignOut={logout} />;
  if (role === null) return <PageSpinner />;

  const forward = redirectFor(pathname);
  if (forward && canVisit(role, pathname)) {
    return role === 'ANONYMOUS' ? <Redirect to="/" remember={forward} /> : <Redirect {...forward} />;
  }
  // A scanned tag (/t/…) is open to anyone: its page offers the sign-in and comes back by itself.
  if (!canVisit(role, pathname)) return <Redirect to="/" />;

  if (role === 'ANONYMOUS') {
    return (
      <>
        <MaintenanceNotice />
        {pathname === '/' ? (
          <React.Suspense fallback={<PageSpinner />}>
            <Outlet />
          </React.Suspense>
        ) : (
          <PublicLayout>
            <Outlet />
          </PublicLayout>
        )}
      </>
    );
  }
  return (
    <AppLayout>
      <Outlet />
    </AppLayout>
  );
}

/** For paths the guard always redirects (kept in the tree so they exist). */
export function RedirectRoute() {
  return <PageSpinner />;
}

/** Unknown paths go to '/'. */
export function NotFoundRedirect() {
  return <Redirect to="/" />;
}
