/**
 * The route tree (code-based, hash history: URLs look like /#/os). Every path of every role set in
 * ROUTES_BY_ROLE (src/shared/roles.ts) exists here; who may see what is decided by the guard in
 * root.tsx with canVisit(). Pages are imported from the feature folders through ./pages.ts.
 *
 * Search params are plain strings (`?t=abc&selectedPlanId=1`), not JSON.
 */
import {
  createHashHistory,
  createRootRoute,
  createRoute,
  createRouter,
  type RouteComponent,
} from '@tanstack/react-router';
import * as P from './pages.ts';
import { HomeRoute, LogoutRoute, NotFoundRedirect, RedirectRoute, RootComponent } from './root.tsx';

type Search = Record<string, string | undefined>;

/** Keeps the listed search params, as strings. */
function searchOf<K extends string>(...keys: K[]) {
  return (raw: Record<string, unknown>): { [P in K]?: string } => {
    const out: { [P in K]?: string } = {};
    for (const k of keys) {
      const v = raw[k];
      if (v !== undefined && v !== null && v !== '') out[k] = String(v);
    }
    return out;
  };
}

export const rootRoute = createRootRoute({
  component: RootComponent,
  notFoundComponent: NotFoundRedirect,
});

function page<const TPath extends string>(path: TPath, component: RouteComponent) {
  return createRoute({ getParentRoute: () => rootRoute, path, component });
}

const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: HomeRoute });
const logoutRoute = createRoute({ getParentRoute: () => rootRoute, path: '/logout', component: LogoutRoute });
// The guard in root.tsx redirects before this renders; kept so the path exists.
const inspectionsReportRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/inspections-report',
  component: RedirectRoute,
});
const reportRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/report',
  validateSearch: searchOf('view'),
  component: P.ReportPage,
});
const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/register',
  validateSearch: searchOf('selectedPlanId', 'equipmentQtt', 'productIdVindi', 'planIdVindi'),
  component: P.RegisterPage,
});
const passwordResetRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/password-reset',
  validateSearch: searchOf('t'),
  component: P.PasswordResetPage,
});
const activeEnvironmentRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/active-environment',
  validateSearch: searchOf('t'),
  component: P.ActiveEnvironmentPage,
});
const fieldTagRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/t/$serial',
  component: P.FieldTagPage,
});

const routeTree = rootRoute.addChildren([
  indexRoute,
  logoutRoute,
  inspectionsReportRoute,
  reportRoute,
  registerRoute,
  passwordResetRoute,
  activeEnvironmentRoute,
  fieldTagRoute,
  page('/plans', P.PlansPage),
  page('/inspections', P.InspectionsPage),
  page('/maintenances', P.MaintenancesPage),
  page('/categories', P.CategoriesPage),
  page('/subcategories', P.SubcategoriesPage),
  page('/products', P.ProductsPage),
  page('/tags', P.TagsPage),
  page('/tags-replace', P.TagsReplacePage),
  page('/tags-qr-code', P.QrCodePage),
  page('/company-users', P.CompanyUsersPage),
  page('/companies', P.CompaniesPage),
  page('/company-groups', P.CompanyGroupsPage),
  page('/user-companies', P.UserCompaniesPage),
  page('/users', P.UsersPage),
  page('/os', P.OsListPage),
  page('/create-os', P.CreateOsPage),
  page('/profile', P.ProfilePage),
  page('/change-password', P.ChangePasswordPage),
  page('/config-system', P.ConfigSystemPage),
  page('/my-plan', P.MyPlanPage),
  page('/buy-tag', P.BuyTagPage),
  page('/video-lessons', P.VideoLessonsPage),
  page('/jobs', P.JobsPage),
]);

function parseSearch(search: string): Search {
  const out: Search = {};
  for (const [k, v] of new URLSearchParams(search)) out[k] = v;
  return out;
}

function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(search)) {
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

export const router = createRouter({
  routeTree,
  history: createHashHistory(),
  parseSearch,
  stringifySearch,
  defaultPreload: false,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
