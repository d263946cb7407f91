/**
 * The route tree (code-based, hash history: URLs look like /#/os), built from the feature
 * manifests (src/client/features/manifests.ts): one route per declared path, its page loaded
 * lazily on the first visit. Who may see what is decided by the guard in root.tsx with canVisit()
 * (src/client/routes/navigation.ts, from the same manifests).
 *
 * The tree's type comes from the manifests' literal paths and search validators, so
 * `useSearch({ from: '/register' })`, `useParams({ from: '/t/$serial' })` and `<Link to="/os">`
 * stay typed. Search params are plain strings (`?t=abc&selectedPlanId=1`), not JSON.
 */
import {
  createHashHistory,
  createRootRoute,
  createRoute,
  createRouter,
  type RouteComponent,
} from '@tanstack/react-router';
import * as React from 'react';
import type { FEATURES } from '../features/manifests.ts';
import type { LazyPage, PageComponent, RouteDecl, SearchValidator } from '../lib/manifest.ts';
import { useSession } from '../lib/session.tsx';
import { routesByPath } from './navigation.ts';
import { NotFoundRedirect, RedirectRoute, RootComponent } from './root.tsx';

type Search = Record<string, string | undefined>;

export const rootRoute = createRootRoute({
  component: RootComponent,
  notFoundComponent: NotFoundRedirect,
});

const lazyComponents = new Map<LazyPage, React.LazyExoticComponent<PageComponent>>();

/** One React.lazy component per declared page (its chunk loads on the first visit). */
function lazyComponent(page: LazyPage): React.LazyExoticComponent<PageComponent> {
  let component = lazyComponents.get(page);
  if (!component) {
    component = React.lazy(async () => ({ default: await page.load() }));
    lazyComponents.set(page, component);
  }
  return component;
}

/** A path's component: its page, or the page of the session's role when roles see different pages ('/'). */
function componentFor(decls: readonly RouteDecl[]): RouteComponent {
  const pages = decls.filter((d) => d.page !== undefined);
  const only = pages.length === 1 ? pages[0]?.page : undefined;
  if (pages.length === 0) return RedirectRoute;
  if (only) return lazyComponent(only);
  // biome-ignore lint/correctness/noComponentHookFactories: called once per path at module level, never during render
  return function RolePage() {
    const { role } = useSession();
    const page = pages.find((d) => role !== null && d.roles.includes(role))?.page;
    if (!page) return null;
    const Page = lazyComponent(page);
    return <Page />;
  };
}

function pageRoute<const P extends string, S>(
  path: P,
  validateSearch: SearchValidator<S> | undefined,
  component: RouteComponent,
) {
  return createRoute({
    getParentRoute: () => rootRoute,
    path,
    validateSearch: validateSearch as SearchValidator<S>,
    component,
  });
}

/** The type of the route a manifest declaration becomes. */
type Declared = (typeof FEATURES)[number]['routes'][number];
type SearchOf<D> = D extends { search: SearchValidator<infer S> } ? S : Record<never, never>;
type RouteOf<D> = D extends { path: infer P extends string }
  ? ReturnType<typeof pageRoute<P, SearchOf<D>>>
  : never;

const children = [...routesByPath()].map(([path, decls]) =>
  pageRoute(path, decls.find((d) => d.search)?.search, componentFor(decls)),
);

const routeTree = rootRoute.addChildren(children as unknown as RouteOf<Declared>[]);

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
