/**
 * Feature manifests: each client feature declares its routes once, in
 * `src/client/features/<domain>/manifest.ts`, and `src/client/features/manifests.ts` lists the
 * features. The route sets per role, the route guard's redirects, the top-bar menus, the user menu,
 * the route tree and the lazily loaded pages are all built from these declarations
 * (`src/client/routes/navigation.ts`, `src/client/routes/router.tsx`):
 *
 *   export const catalogueManifest = defineFeature('catalogue', [
 *     {
 *       path: '/categories',
 *       roles: ADMIN_ROLES,
 *       page: lazyPage(() => import('./index.ts'), 'CategoriesPage'),
 *       menu: { group: 'registrations', label: 'menu.categories', order: 10 },
 *       operations: ['catalogue.categories.list', 'catalogue.categories.save'],
 *     },
 *   ]);
 *
 * Pure data (the page is a loader, never imported here), so tests and the server-side checks can
 * read every manifest without a browser.
 */
import type { ComponentType } from 'react';
import { ROLES, type Role, type RoleOrAnonymous } from '../../shared/roles.ts';

// ── who ─────────────────────────────────────────────────────────────────────────────────────────

/** Signed-out visitors only. */
export const ANONYMOUS: readonly RoleOrAnonymous[] = ['ANONYMOUS'];
/** Every signed-in role. */
export const SIGNED_IN: readonly Role[] = ROLES;
/** Signed out or in. */
export const EVERYONE: readonly RoleOrAnonymous[] = ['ANONYMOUS', ...ROLES];

// ── pages ───────────────────────────────────────────────────────────────────────────────────────

// biome-ignore lint/suspicious/noExplicitAny: page components take no props of their own
export type PageComponent = ComponentType<any>;

/** A page loaded on the first visit: a feature module's named export. */
export interface LazyPage {
  readonly name: string;
  readonly load: () => Promise<PageComponent>;
}

type ComponentExports<M> = { [K in keyof M]: M[K] extends PageComponent ? K : never }[keyof M] & string;

/** `lazyPage(() => import('./index.ts'), 'CategoriesPage')`: the export name is checked. */
export function lazyPage<M, K extends keyof M & ComponentExports<M>>(
  load: () => Promise<M>,
  name: K,
): LazyPage {
  return { name, load: async () => (await load())[name] as PageComponent };
}

// ── search params ───────────────────────────────────────────────────────────────────────────────

/** Validates a route's search params (`?t=abc`): plain strings, not JSON. */
export type SearchValidator<S> = (raw: Record<string, unknown>) => S;

/** Keeps the listed search params, as strings. */
export function searchOf<K extends string>(...keys: K[]): SearchValidator<{ [P in K]?: string }> {
  return (raw) => {
    const out: { [P in K]?: string } = {};
    for (const k of keys) {
      const v = raw[k];
      if (v !== undefined && v !== null && v !== '') out[k] = String(v);
    }
    return out;
  };
}

// ── menus ───────────────────────────────────────────────────────────────────────────────────────

/** The top bar's groups, in this order (seed 000 §2); `link`: one plain link instead of a dropdown. */
export const MENU_GROUPS = [
  { key: 'dashboard', label: 'menu.dashboard', link: true },
  { key: 'os', label: 'menu.os', link: false },
  { key: 'reports', label: 'menu.reports', link: false },
  { key: 'registrations', label: 'menu.registrations', link: false },
  { key: 'tags', label: 'menu.tags', link: false },
  { key: 'settings', label: 'menu.settings', link: false },
] as const;
export type MenuGroupKey = (typeof MENU_GROUPS)[number]['key'];

export interface MenuEntry {
  group: MenuGroupKey;
  /** `common` i18n key of the label */
  label: string;
  /** Position inside the group (ascending). */
  order: number;
  /** Roles that see the entry when fewer than the route's (e.g. /config-system: not the operator). */
  roles?: readonly Role[];
}

export interface UserMenuEntry {
  label: string;
  order: number;
  roles?: readonly Role[];
}

// ── operations ──────────────────────────────────────────────────────────────────────────────────

/**
 * A server operation the page calls, by its tRPC name (`config.list`): a string when every role
 * of the route calls it, `{ name, roles }` when the page calls it for some roles only.
 */
export type OperationRef = string | { readonly name: string; readonly roles: readonly Role[] };

/** Operations the page calls only for `roles`: `operations: ['jobs.list', ...only(['MOBCHECK_ADMIN'], 'jobs.boardLink')]`. */
export function only(roles: readonly Role[], ...names: string[]): OperationRef[] {
  return names.map((name) => ({ name, roles }));
}

export function operationName(ref: OperationRef): string {
  return typeof ref === 'string' ? ref : ref.name;
}

// ── routes ──────────────────────────────────────────────────────────────────────────────────────

interface RouteBase<P extends string> {
  /** TanStack path, e.g. `/categories`, `/t/$serial`; its first segment is what the role sets list. */
  path: P;
  /**
   * Who may open it; everyone else is sent to '/'. A path may be declared more than once for
   * disjoint roles (e.g. '/': the landing page, the dashboard, the operator's home).
   */
  roles: readonly RoleOrAnonymous[];
  /** The server operations the page calls (checked against the server by tests/integration/platform/manifests.test.ts). */
  operations: readonly OperationRef[];
  menu?: MenuEntry;
  userMenu?: UserMenuEntry;
}

export interface PageRouteDecl<P extends string = string, S = unknown> extends RouteBase<P> {
  page: LazyPage;
  search?: SearchValidator<S>;
  redirect?: undefined;
}

/**
 * A path that only forwards: signed-in visitors go to `to`; anonymous ones go to '/' and reach
 * `to` after signing in (seed 000 §2, /inspections-report).
 */
export interface RedirectRouteDecl<P extends string = string> extends RouteBase<P> {
  redirect: { to: string; search?: Record<string, string> };
  page?: undefined;
  search?: undefined;
}

export type RouteDecl = PageRouteDecl<string, unknown> | RedirectRouteDecl<string>;

export interface FeatureManifest<R extends readonly RouteDecl[] = readonly RouteDecl[]> {
  readonly feature: string;
  readonly routes: R;
}

/** A feature's routes; literal paths and search types are kept for the typed route tree. */
export function defineFeature<const R extends readonly RouteDecl[]>(
  feature: string,
  routes: R,
): FeatureManifest<R> {
  return { feature, routes };
}
