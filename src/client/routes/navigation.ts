/**
 * Route sets per role, the guard's redirects, the top-bar menus and the user menu, all built from
 * the feature manifests (src/client/features/manifests.ts). Pure: no React, no browser.
 */
import type { Role, RoleOrAnonymous } from '../../shared/roles.ts';
import { FEATURES } from '../features/manifests.ts';
import { MENU_GROUPS, type RouteDecl } from '../lib/manifest.ts';

/** Every declared route, in manifest order. */
export const ROUTES: readonly RouteDecl[] = FEATURES.flatMap((f) => f.routes as readonly RouteDecl[]);

/** The route-set key of a path: its first segment (`/t/$serial` → `/t`, `/` → `/`). */
export function routeKey(path: string): string {
  const clean = path.split('?')[0] || '/';
  return clean === '/' ? '/' : `/${clean.split('/').filter(Boolean)[0] ?? ''}`;
}

function routeSet(role: RoleOrAnonymous): readonly string[] {
  return [...new Set(ROUTES.filter((r) => r.roles.includes(role)).map((r) => routeKey(r.path)))];
}

/** The paths (first segments) each role may open (seed 000 §2); anything else redirects to '/'. */
export const ROUTES_BY_ROLE: Readonly<Record<RoleOrAnonymous, readonly string[]>> = {
  ANONYMOUS: routeSet('ANONYMOUS'),
  MOBCHECK_ADMIN: routeSet('MOBCHECK_ADMIN'),
  COMPANY_GROUP_ADMIN: routeSet('COMPANY_GROUP_ADMIN'),
  COMPANY_ADMIN: routeSet('COMPANY_ADMIN'),
  COMPANY_OPERATOR: routeSet('COMPANY_OPERATOR'),
};

/** True when `path` (without query) is in the role's route set. `/t/<serial>` matches `/t`. */
export function canVisit(role: RoleOrAnonymous, path: string): boolean {
  return ROUTES_BY_ROLE[role].includes(routeKey(path));
}

/** Where a redirect-only path forwards to (e.g. /inspections-report → /report?view=inspections-report). */
export function redirectFor(path: string): { to: string; search?: Record<string, string> } | undefined {
  return ROUTES.find((r) => r.redirect && r.path === path)?.redirect;
}

/** The declarations of one path (several when roles see different pages, e.g. '/'). */
export function routesByPath(): Map<string, RouteDecl[]> {
  const out = new Map<string, RouteDecl[]>();
  for (const r of ROUTES) out.set(r.path, [...(out.get(r.path) ?? []), r]);
  return out;
}

export interface MenuItem {
  /** i18n key of the label */
  label: string;
  to: string;
  search?: Record<string, string>;
}
export interface MenuGroup {
  label: string;
  /** a single link instead of a dropdown when `to` is set */
  to?: string;
  items: MenuItem[];
}

const sees = (role: Role, route: RouteDecl, entryRoles?: readonly Role[]) =>
  route.roles.includes(role) && (entryRoles === undefined || entryRoles.includes(role));

/** The top-bar menus of a role: each group with the entries the role may open, in order. */
export function menuFor(role: Role): MenuGroup[] {
  const groups: MenuGroup[] = [];
  for (const group of MENU_GROUPS) {
    const entries = ROUTES.flatMap((r) =>
      r.menu?.group === group.key && sees(role, r, r.menu.roles) ? [{ ...r.menu, to: r.path }] : [],
    ).sort((a, b) => a.order - b.order);
    const first = entries[0];
    if (!first) continue;
    groups.push(
      group.link
        ? { label: group.label, to: first.to, items: [] }
        : { label: group.label, items: entries.map((e) => ({ label: e.label, to: e.to })) },
    );
  }
  return groups;
}

/** The user menu of a role, in order (logout last). */
export function userMenuFor(role: Role): MenuItem[] {
  return ROUTES.flatMap((r) =>
    r.userMenu && sees(role, r, r.userMenu.roles) ? [{ ...r.userMenu, to: r.path }] : [],
  )
    .sort((a, b) => a.order - b.order)
    .map((e) => ({ label: e.label, to: e.to }));
}
