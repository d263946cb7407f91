/** Roles, route sets and menus per role (seed 000 §2, §6). Shared so the server refuses what the menu hides. */
export const ROLES = ['MOBCHECK_ADMIN', 'COMPANY_GROUP_ADMIN', 'COMPANY_ADMIN', 'COMPANY_OPERATOR'] as const;
export type Role = (typeof ROLES)[number];
export type RoleOrAnonymous = Role | 'ANONYMOUS';

export const PROVIDER_ADMIN: Role = 'MOBCHECK_ADMIN';
/** Roles that administer something (everything but the operator). */
export const ADMIN_ROLES: readonly Role[] = ['MOBCHECK_ADMIN', 'COMPANY_GROUP_ADMIN', 'COMPANY_ADMIN'];
export const ALL_ROLES: readonly Role[] = ROLES;

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export const ANONYMOUS_ROUTES = [
  '/inspections-report',
  '/register',
  '/password-reset',
  '/active-environment',
  '/plans',
  '/',
] as const;

const PROVIDER_ADMIN_ROUTES = [
  '/inspections-report',
  '/logout',
  '/inspections',
  '/maintenances',
  '/report',
  '/categories',
  '/subcategories',
  '/products',
  '/tags',
  '/tags-replace',
  '/tags-qr-code',
  '/company-users',
  '/companies',
  '/company-groups',
  '/users',
  '/os',
  '/create-os',
  '/profile',
  '/change-password',
  '/config-system',
  '/my-plan',
  '/buy-tag',
  '/video-lessons',
  '/jobs',
  '/t',
  '/',
] as const;

const GROUP_ADMIN_ROUTES = [
  ...PROVIDER_ADMIN_ROUTES.filter((r) => r !== '/company-groups' && r !== '/users'),
  '/user-companies',
];
const COMPANY_ADMIN_ROUTES = GROUP_ADMIN_ROUTES.filter((r) => r !== '/user-companies' && r !== '/companies');
const OPERATOR_ROUTES = [
  '/inspections-report',
  '/logout',
  '/inspections',
  '/maintenances',
  '/report',
  '/tags',
  '/tags-replace',
  '/profile',
  '/change-password',
  '/config-system',
  '/jobs',
  '/t',
  '/',
];

export const ROUTES_BY_ROLE: Record<RoleOrAnonymous, readonly string[]> = {
  ANONYMOUS: ANONYMOUS_ROUTES,
  MOBCHECK_ADMIN: PROVIDER_ADMIN_ROUTES,
  COMPANY_GROUP_ADMIN: GROUP_ADMIN_ROUTES,
  COMPANY_ADMIN: COMPANY_ADMIN_ROUTES,
  COMPANY_OPERATOR: OPERATOR_ROUTES,
};

/** True when `path` (without query) is in the role's route set. `/t/<serial>` matches `/t`. */
export function canVisit(role: RoleOrAnonymous, path: string): boolean {
  const clean = path.split('?')[0] || '/';
  const first = clean === '/' ? '/' : `/${clean.split('/').filter(Boolean)[0] ?? ''}`;
  return ROUTES_BY_ROLE[role].includes(first);
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

/** The top-bar menus per role (seed 000 §2 "Menu by role"). */
export function menuFor(role: Role): MenuGroup[] {
  const dashboard: MenuGroup = { label: 'menu.dashboard', to: '/', items: [] };
  const os: MenuGroup = {
    label: 'menu.os',
    items: [
      { label: 'menu.osNew', to: '/create-os' },
      { label: 'menu.osList', to: '/os' },
    ],
  };
  const reports: MenuGroup = {
    label: 'menu.reports',
    items: [
      { label: 'menu.inspections', to: '/inspections' },
      { label: 'menu.maintenances', to: '/maintenances' },
    ],
  };
  const registrations: MenuGroup = {
    label: 'menu.registrations',
    items: [
      { label: 'menu.categories', to: '/categories' },
      { label: 'menu.subcategories', to: '/subcategories' },
      { label: 'menu.products', to: '/products' },
    ],
  };
  const tagItems: MenuItem[] = [
    { label: 'menu.tagsList', to: '/tags' },
    { label: 'menu.tagsReplace', to: '/tags-replace' },
  ];
  const tags: MenuGroup = {
    label: 'menu.tags',
    items: [...tagItems, { label: 'menu.tagsQrCode', to: '/tags-qr-code' }],
  };
  const settingsItems = (extra: MenuItem[]): MenuGroup => ({
    label: 'menu.settings',
    items: [
      { label: 'menu.employees', to: '/company-users' },
      ...extra,
      { label: 'menu.configSystem', to: '/config-system' },
    ],
  });
  switch (role) {
    case 'MOBCHECK_ADMIN':
      return [
        dashboard,
        os,
        reports,
        registrations,
        tags,
        settingsItems([
          { label: 'menu.companies', to: '/companies' },
          { label: 'menu.companyGroups', to: '/company-groups' },
          { label: 'menu.users', to: '/users' },
        ]),
      ];
    case 'COMPANY_GROUP_ADMIN':
      return [
        dashboard,
        os,
        reports,
        registrations,
        tags,
        settingsItems([
          { label: 'menu.companies', to: '/companies' },
          { label: 'menu.userCompanies', to: '/user-companies' },
        ]),
      ];
    case 'COMPANY_ADMIN':
      return [dashboard, os, reports, registrations, tags, settingsItems([])];
    case 'COMPANY_OPERATOR':
      return [dashboard, reports, { label: 'menu.tags', items: tagItems }];
  }
}

/** User menu entries; My plan only for provider admin and group admin. */
export function userMenuFor(role: Role): MenuItem[] {
  const items: MenuItem[] = [
    { label: 'menu.profile', to: '/profile' },
    { label: 'menu.changePassword', to: '/change-password' },
  ];
  // The seed's operator route set has no /video-lessons, so its link would only bounce.
  if (role !== 'COMPANY_OPERATOR') items.push({ label: 'menu.videoLessons', to: '/video-lessons' });
  items.push({ label: 'menu.jobs', to: '/jobs' });
  if (role === 'MOBCHECK_ADMIN' || role === 'COMPANY_GROUP_ADMIN')
    items.push({ label: 'menu.myPlan', to: '/my-plan' });
  items.push({ label: 'menu.logout', to: '/logout' });
  return items;
}
