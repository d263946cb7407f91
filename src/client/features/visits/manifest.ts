import { ADMIN_ROLES, ALL_ROLES } from '../../../shared/roles.ts';
import { defineFeature, lazyPage, only, searchOf } from '../../lib/manifest.ts';

const feature = () => import('./index.ts');

/** Issue 30 item 4: the visits calendar; the admin roles reschedule and close, a visit's technician closes it. */
export const visitsManifest = defineFeature('visits', [
  {
    path: '/visits',
    roles: ALL_ROLES,
    page: lazyPage(feature, 'VisitsPage'),
    search: searchOf('view', 'date', 'technicianId'),
    // the operator's top bar has no OS group (seed 000 §2): it reaches the calendar by its address
    menu: { group: 'os', label: 'menu.visits', order: 30, roles: ADMIN_ROLES },
    operations: ['visits.list', 'visits.get', 'visits.update', ...only(ADMIN_ROLES, 'serviceOrders.users')],
  },
  {
    path: '/visit-plans',
    roles: ALL_ROLES,
    page: lazyPage(feature, 'PlansPage'),
    menu: { group: 'os', label: 'menu.visitPlans', order: 40, roles: ADMIN_ROLES },
    operations: [
      'visits.plans.list',
      ...only(ADMIN_ROLES, 'visits.plans.create', 'visits.plans.update', 'serviceOrders.users'),
      ...only(['MOBCHECK_ADMIN', 'COMPANY_GROUP_ADMIN'], 'organisations.companies.list'),
    ],
  },
  {
    // the technician's day on the phone: today's visits, their equipment in walking order
    path: '/my-day',
    roles: ALL_ROLES,
    page: lazyPage(feature, 'MyDayPage'),
    userMenu: { label: 'menu.myDay', order: 25 },
    // the technician closes its own visit ("Concluir visita")
    operations: ['visits.list', 'visits.get', 'visits.update'],
  },
]);
