import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FEATURES } from '../../src/client/features/manifests.ts';
import { operationName, type RouteDecl } from '../../src/client/lib/manifest.ts';
import {
  canVisit,
  type MenuGroup,
  menuFor,
  ROUTES,
  ROUTES_BY_ROLE,
  redirectFor,
  routeKey,
  userMenuFor,
} from '../../src/client/routes/navigation.ts';
import { ROLES, type Role, type RoleOrAnonymous } from '../../src/shared/roles.ts';

/**
 * The manifests must reproduce the route sets and menus of seed 000 §2 exactly as they were
 * written by hand before the manifests (src/shared/roles.ts at 0674b61), role by role.
 */
const ROUTE_SETS: Record<RoleOrAnonymous, string[]> = {
  // '/t': a scanned label's public card is for anyone (issue 11 item 3), signed in or not; so is
  // '/verify', the check of a sealed record (issue 29).
  // '/offline': working without signal (issue 20), for every signed-in role.
  // '/video-lessons': every signed-in role, the operator too (issue 18); '/usage': the provider
  // admin's page views per route and company (issue 18). '/visits', '/visit-plans', '/my-day': the visits
  // calendar, plans and the technician's day (issue 30), every signed-in role (operators read; its menu entry is the admin roles').
  ANONYMOUS: [
    '/',
    '/active-environment',
    '/inspections-report',
    '/password-reset',
    '/plans',
    '/register',
    '/t',
    '/verify',
  ],
  MOBCHECK_ADMIN: [
    '/',
    '/audit-log',
    '/buy-tag',
    '/categories',
    '/change-password',
    '/companies',
    '/company-groups',
    '/company-users',
    '/config-system',
    '/create-os',
    '/inspections',
    '/inspections-report',
    '/jobs',
    '/logout',
    '/maintenances',
    '/my-day',
    '/my-plan',
    '/offline',
    '/os',
    '/plans-admin',
    '/platform-audit-log',
    '/products',
    '/profile',
    '/report',
    '/subcategories',
    '/t',
    '/tag-orders',
    '/tags',
    '/tags-qr-code',
    '/tags-replace',
    '/usage',
    '/users',
    '/verify',
    '/video-lessons',
    '/visit-plans',
    '/visits',
  ],
  COMPANY_GROUP_ADMIN: [
    '/',
    '/audit-log',
    '/buy-tag',
    '/categories',
    '/change-password',
    '/companies',
    '/company-users',
    '/config-system',
    '/create-os',
    '/imports',
    '/inspections',
    '/inspections-report',
    '/jobs',
    '/logout',
    '/maintenances',
    '/my-day',
    '/my-plan',
    '/offline',
    '/os',
    '/products',
    '/profile',
    '/report',
    '/subcategories',
    '/t',
    '/tags',
    '/tags-qr-code',
    '/tags-replace',
    '/user-companies',
    '/verify',
    '/video-lessons',
    '/visit-plans',
    '/visits',
  ],
  COMPANY_ADMIN: [
    '/',
    '/audit-log',
    '/buy-tag',
    '/categories',
    '/change-password',
    '/company-users',
    '/config-system',
    '/create-os',
    '/imports',
    '/inspections',
    '/inspections-report',
    '/jobs',
    '/logout',
    '/maintenances',
    '/my-day',
    '/my-plan',
    '/offline',
    '/os',
    '/products',
    '/profile',
    '/report',
    '/subcategories',
    '/t',
    '/tags',
    '/tags-qr-code',
    '/tags-replace',
    '/verify',
    '/video-lessons',
    '/visit-plans',
    '/visits',
  ],
  COMPANY_OPERATOR: [
    '/',
    '/change-password',
    '/config-system',
    '/inspections',
    '/inspections-report',
    '/jobs',
    '/logout',
    '/maintenances',
    '/my-day',
    '/offline',
    '/profile',
    '/report',
    '/t',
    '/tags',
    '/tags-replace',
    '/verify',
    '/video-lessons',
    '/visit-plans',
    '/visits',
  ],
};
const MENUS: Record<Role, MenuGroup[]> = {
  MOBCHECK_ADMIN: [
    { label: 'menu.dashboard', to: '/', items: [] },
    {
      label: 'menu.os',
      items: [
        { label: 'menu.osNew', to: '/create-os' },
        { label: 'menu.osList', to: '/os' },
        { label: 'menu.visits', to: '/visits' },
        { label: 'menu.visitPlans', to: '/visit-plans' },
      ],
    },
    {
      label: 'menu.reports',
      items: [
        { label: 'menu.inspections', to: '/inspections' },
        { label: 'menu.maintenances', to: '/maintenances' },
      ],
    },
    {
      label: 'menu.registrations',
      items: [
        { label: 'menu.categories', to: '/categories' },
        { label: 'menu.subcategories', to: '/subcategories' },
        { label: 'menu.products', to: '/products' },
      ],
    },
    {
      label: 'menu.tags',
      items: [
        { label: 'menu.tagsList', to: '/tags' },
        { label: 'menu.tagsReplace', to: '/tags-replace' },
        { label: 'menu.tagsQrCode', to: '/tags-qr-code' },
        // issue 17: the provider's fulfilment list of paid tag orders
        { label: 'menu.tagOrders', to: '/tag-orders' },
      ],
    },
    {
      label: 'menu.settings',
      items: [
        { label: 'menu.employees', to: '/company-users' },
        { label: 'menu.companies', to: '/companies' },
        { label: 'menu.companyGroups', to: '/company-groups' },
        { label: 'menu.users', to: '/users' },
        { label: 'menu.usage', to: '/usage' },
        // issue 29 item 4: the audit trail (a group's, and the platform's)
        { label: 'menu.auditLog', to: '/audit-log' },
        { label: 'menu.platformAuditLog', to: '/platform-audit-log' },
        { label: 'menu.configSystem', to: '/config-system' },
        // issue 17: the provider admin's plans and prices editor
        { label: 'menu.plansAdmin', to: '/plans-admin' },
      ],
    },
  ],
  COMPANY_GROUP_ADMIN: [
    { label: 'menu.dashboard', to: '/', items: [] },
    {
      label: 'menu.os',
      items: [
        { label: 'menu.osNew', to: '/create-os' },
        { label: 'menu.osList', to: '/os' },
        { label: 'menu.visits', to: '/visits' },
        { label: 'menu.visitPlans', to: '/visit-plans' },
      ],
    },
    {
      label: 'menu.reports',
      items: [
        { label: 'menu.inspections', to: '/inspections' },
        { label: 'menu.maintenances', to: '/maintenances' },
      ],
    },
    {
      label: 'menu.registrations',
      items: [
        { label: 'menu.categories', to: '/categories' },
        { label: 'menu.subcategories', to: '/subcategories' },
        { label: 'menu.products', to: '/products' },
        { label: 'menu.imports', to: '/imports' },
      ],
    },
    {
      label: 'menu.tags',
      items: [
        { label: 'menu.tagsList', to: '/tags' },
        { label: 'menu.tagsReplace', to: '/tags-replace' },
        { label: 'menu.tagsQrCode', to: '/tags-qr-code' },
      ],
    },
    {
      label: 'menu.settings',
      items: [
        { label: 'menu.employees', to: '/company-users' },
        { label: 'menu.companies', to: '/companies' },
        { label: 'menu.userCompanies', to: '/user-companies' },
        { label: 'menu.auditLog', to: '/audit-log' },
        { label: 'menu.configSystem', to: '/config-system' },
      ],
    },
  ],
  COMPANY_ADMIN: [
    { label: 'menu.dashboard', to: '/', items: [] },
    {
      label: 'menu.os',
      items: [
        { label: 'menu.osNew', to: '/create-os' },
        { label: 'menu.osList', to: '/os' },
        { label: 'menu.visits', to: '/visits' },
        { label: 'menu.visitPlans', to: '/visit-plans' },
      ],
    },
    {
      label: 'menu.reports',
      items: [
        { label: 'menu.inspections', to: '/inspections' },
        { label: 'menu.maintenances', to: '/maintenances' },
      ],
    },
    {
      label: 'menu.registrations',
      items: [
        { label: 'menu.categories', to: '/categories' },
        { label: 'menu.subcategories', to: '/subcategories' },
        { label: 'menu.products', to: '/products' },
        { label: 'menu.imports', to: '/imports' },
      ],
    },
    {
      label: 'menu.tags',
      items: [
        { label: 'menu.tagsList', to: '/tags' },
        { label: 'menu.tagsReplace', to: '/tags-replace' },
        { label: 'menu.tagsQrCode', to: '/tags-qr-code' },
      ],
    },
    {
      label: 'menu.settings',
      items: [
        { label: 'menu.employees', to: '/company-users' },
        { label: 'menu.auditLog', to: '/audit-log' },
        { label: 'menu.configSystem', to: '/config-system' },
      ],
    },
  ],
  COMPANY_OPERATOR: [
    { label: 'menu.dashboard', to: '/', items: [] },
    {
      label: 'menu.reports',
      items: [
        { label: 'menu.inspections', to: '/inspections' },
        { label: 'menu.maintenances', to: '/maintenances' },
      ],
    },
    {
      label: 'menu.tags',
      items: [
        { label: 'menu.tagsList', to: '/tags' },
        { label: 'menu.tagsReplace', to: '/tags-replace' },
      ],
    },
  ],
};
const USER_MENUS: Record<Role, string[]> = {
  MOBCHECK_ADMIN: [
    '/profile',
    '/change-password',
    '/my-day',
    '/video-lessons',
    '/jobs',
    '/offline',
    '/my-plan',
    '/logout',
  ],
  COMPANY_GROUP_ADMIN: [
    '/profile',
    '/change-password',
    '/my-day',
    '/video-lessons',
    '/jobs',
    '/offline',
    '/my-plan',
    '/logout',
  ],
  COMPANY_ADMIN: [
    '/profile',
    '/change-password',
    '/my-day',
    '/video-lessons',
    '/jobs',
    '/offline',
    '/logout',
  ],
  COMPANY_OPERATOR: [
    '/profile',
    '/change-password',
    '/my-day',
    '/video-lessons',
    '/jobs',
    '/offline',
    '/logout',
  ],
};
describe('navigation built from the feature manifests', () => {
  it('route sets per role are exactly the seed ones', () => {
    for (const role of Object.keys(ROUTE_SETS) as RoleOrAnonymous[])
      expect([...ROUTES_BY_ROLE[role]].sort(), role).toEqual(ROUTE_SETS[role]);
  });

  it('menus and user menus per role are exactly the seed ones, in order', () => {
    for (const role of ROLES) {
      expect(menuFor(role), role).toEqual(MENUS[role]);
      expect(
        userMenuFor(role).map((i) => i.to),
        role,
      ).toEqual(USER_MENUS[role]);
    }
    expect(userMenuFor('MOBCHECK_ADMIN').map((i) => i.label)).toEqual([
      'menu.profile',
      'menu.changePassword',
      'menu.myDay',
      'menu.videoLessons',
      'menu.jobs',
      'menu.offline',
      'menu.myPlan',
      'menu.logout',
    ]);
  });

  it('/inspections-report forwards to /report?view=inspections-report; other paths do not', () => {
    expect(redirectFor('/inspections-report')).toEqual({
      to: '/report',
      search: { view: 'inspections-report' },
    });
    expect(redirectFor('/report')).toBeUndefined();
    expect(canVisit('ANONYMOUS', '/inspections-report')).toBe(true);
    expect(canVisit('COMPANY_OPERATOR', '/t/ABC123')).toBe(true);
    expect(canVisit('ANONYMOUS', '/t/ABC123')).toBe(true);
    expect(routeKey('/t/$serial')).toBe('/t');
  });

  it('a path declared twice has disjoint roles; menu and operation roles are within the route roles', () => {
    const byPath = new Map<string, RouteDecl[]>();
    for (const r of ROUTES) byPath.set(r.path, [...(byPath.get(r.path) ?? []), r]);
    for (const [path, decls] of byPath) {
      const all = decls.flatMap((d) => d.roles);
      expect(new Set(all).size, `${path}: a role in two declarations`).toBe(all.length);
    }
    for (const r of ROUTES) {
      for (const role of [...(r.menu?.roles ?? []), ...(r.userMenu?.roles ?? [])])
        expect(r.roles, `${r.path} menu role ${role}`).toContain(role);
      for (const op of r.operations) {
        if (typeof op !== 'string')
          for (const role of op.roles) expect(r.roles, `${r.path} ${op.name} for ${role}`).toContain(role);
        expect(operationName(op)).toMatch(/^[a-z][A-Za-z]*(\.[a-z][A-Za-z]*)+$/);
      }
      expect(Boolean(r.page) !== Boolean(r.redirect), `${r.path}: a page or a redirect`).toBe(true);
    }
  });

  it('every feature folder with pages has a manifest, listed once in features/manifests.ts', () => {
    const dir = fileURLToPath(new URL('../../src/client/features/', import.meta.url));
    const withPages = readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, 'index.ts')))
      .map((d) => d.name)
      .sort();
    for (const name of withPages) expect(existsSync(join(dir, name, 'manifest.ts')), name).toBe(true);
    const listed = FEATURES.map((f) => f.feature);
    expect([...listed].sort()).toEqual(withPages);
  });
});
