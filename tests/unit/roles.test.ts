import { describe, expect, it } from 'vitest';
import { canVisit, menuFor, ROUTES_BY_ROLE, userMenuFor } from '../../src/client/routes/navigation.ts';

describe('route sets per role (seed 000 §2)', () => {
  it('anonymous reaches only the public pages', () => {
    for (const p of [
      '/',
      '/register',
      '/password-reset',
      '/active-environment',
      '/plans',
      '/inspections-report',
    ])
      expect(canVisit('ANONYMOUS', p)).toBe(true);
    for (const p of ['/os', '/tags', '/logout', '/profile']) expect(canVisit('ANONYMOUS', p)).toBe(false);
  });

  it('only the provider admin has /company-groups and /users', () => {
    expect(canVisit('MOBCHECK_ADMIN', '/company-groups')).toBe(true);
    expect(canVisit('MOBCHECK_ADMIN', '/users')).toBe(true);
    for (const r of ['COMPANY_GROUP_ADMIN', 'COMPANY_ADMIN', 'COMPANY_OPERATOR'] as const) {
      expect(canVisit(r, '/company-groups')).toBe(false);
      expect(canVisit(r, '/users')).toBe(false);
    }
  });

  it('the group admin alone has /user-companies; company admin has no /companies', () => {
    expect(ROUTES_BY_ROLE.COMPANY_GROUP_ADMIN).toContain('/user-companies');
    expect(ROUTES_BY_ROLE.MOBCHECK_ADMIN).not.toContain('/user-companies');
    expect(ROUTES_BY_ROLE.COMPANY_ADMIN).not.toContain('/user-companies');
    expect(ROUTES_BY_ROLE.COMPANY_ADMIN).not.toContain('/companies');
    expect(ROUTES_BY_ROLE.COMPANY_GROUP_ADMIN).toContain('/companies');
  });

  it('the operator has no OS, plans, tag purchase, registrations or QR generation', () => {
    for (const p of [
      '/os',
      '/create-os',
      '/my-plan',
      '/buy-tag',
      '/categories',
      '/subcategories',
      '/products',
      '/tags-qr-code',
    ]) {
      expect(canVisit('COMPANY_OPERATOR', p)).toBe(false);
    }
    for (const p of [
      '/inspections',
      '/maintenances',
      '/tags',
      '/tags-replace',
      '/profile',
      '/change-password',
      '/config-system',
      '/',
    ]) {
      expect(canVisit('COMPANY_OPERATOR', p)).toBe(true);
    }
  });

  it('query strings and sub-paths resolve to their route', () => {
    expect(canVisit('COMPANY_OPERATOR', '/report?view=inspections-report')).toBe(true);
    expect(canVisit('COMPANY_OPERATOR', '/t/ABC123')).toBe(true);
  });

  it('menus: operator lists only dashboard, reports and tags; my plan only for provider and group admin', () => {
    expect(menuFor('COMPANY_OPERATOR').map((g) => g.label)).toEqual([
      'menu.dashboard',
      'menu.reports',
      'menu.tags',
    ]);
    expect(menuFor('COMPANY_OPERATOR')[2]!.items.map((i) => i.to)).toEqual(['/tags', '/tags-replace']);
    expect(userMenuFor('MOBCHECK_ADMIN').map((i) => i.to)).toContain('/my-plan');
    expect(userMenuFor('COMPANY_GROUP_ADMIN').map((i) => i.to)).toContain('/my-plan');
    expect(userMenuFor('COMPANY_ADMIN').map((i) => i.to)).not.toContain('/my-plan');
    expect(userMenuFor('COMPANY_OPERATOR').map((i) => i.to)).not.toContain('/my-plan');
  });

  it('every menu entry of a role is in its route set', () => {
    for (const role of [
      'MOBCHECK_ADMIN',
      'COMPANY_GROUP_ADMIN',
      'COMPANY_ADMIN',
      'COMPANY_OPERATOR',
    ] as const) {
      const entries = [
        ...menuFor(role).flatMap((g) => (g.to ? [g.to] : g.items.map((i) => i.to))),
        ...userMenuFor(role).map((i) => i.to),
      ];
      for (const to of entries) expect(canVisit(role, to), `${role} ${to}`).toBe(true);
    }
  });
});
