/**
 * Root of the route tree: the route guard (seed 000 §2) and the choice of layout.
 * - role unknown → spinner;
 * - /inspections-report → anonymous: '/' then, after login, /report?view=inspections-report;
 *   signed in: /report?view=inspections-report;
 * - a path outside ROUTES_BY_ROLE[role] (canVisit) → '/';
 * - anonymous '/' is the landing page, other anonymous pages use the public layout,
 *   signed-in pages the app layout (top bar with the role's menus).
 */
import { Outlet, useLocation, useNavigate } from '@tanstack/react-router';
import * as React from 'react';
import { canVisit } from '../../shared/roles.ts';
import { AppLayout } from '../components/layout/app-layout.tsx';
import { PublicLayout } from '../components/layout/public-layout.tsx';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { LandingPage } from '../features/landing/landing-page.tsx';
import { type AfterLogin, rememberAfterLogin } from '../lib/after-login.ts';
import { useSession } from '../lib/session.tsx';
import { DashboardPage, OperatorHomePage } from './pages.ts';

const INSPECTIONS_REPORT: AfterLogin = { to: '/report', search: { view: 'inspections-report' } };

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
  const { role } = useSession();
  const pathname = useLocation({ select: (l) => l.pathname });

  if (role === null) return <PageSpinner />;

  if (pathname === '/inspections-report') {
    return role === 'ANONYMOUS' ? (
      <Redirect to="/" remember={INSPECTIONS_REPORT} />
    ) : (
      <Redirect {...INSPECTIONS_REPORT} />
    );
  }
  if (!canVisit(role, pathname)) {
    // A scanned tag opened while signed out: come back to it after login.
    const remember = role === 'ANONYMOUS' && pathname.startsWith('/t/') ? { to: pathname } : undefined;
    return <Redirect to="/" remember={remember} />;
  }

  if (role === 'ANONYMOUS') {
    return pathname === '/' ? (
      <Outlet />
    ) : (
      <PublicLayout>
        <Outlet />
      </PublicLayout>
    );
  }
  return (
    <AppLayout>
      <Outlet />
    </AppLayout>
  );
}

/** '/': landing page when signed out, dashboard when signed in (operator: a simpler home). */
export function HomeRoute() {
  const { role } = useSession();
  if (role === 'ANONYMOUS' || role === null) return <LandingPage />;
  if (role === 'COMPANY_OPERATOR') return <OperatorHomePage />;
  return <DashboardPage />;
}

/** /logout: signs out, then '/'. */
export function LogoutRoute() {
  const { logout } = useSession();
  const navigate = useNavigate();
  const started = React.useRef(false);
  React.useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logout().then(() => navigate({ to: '/', replace: true }));
  }, [logout, navigate]);
  return <PageSpinner />;
}

/** For paths the guard always redirects (kept in the tree so they exist). */
export function RedirectRoute() {
  return <PageSpinner />;
}

/** Unknown paths go to '/'. */
export function NotFoundRedirect() {
  return <Redirect to="/" />;
}
