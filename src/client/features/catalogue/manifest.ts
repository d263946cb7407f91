import { ADMIN_ROLES } from '../../../shared/roles.ts';
import { defineFeature, lazyPage } from '../../lib/manifest.ts';

const feature = () => import('./index.ts');

// Product images go over REST only (PUT/GET /web/products/{id}/image/).
export const catalogueManifest = defineFeature('catalogue', [
  {
    path: '/categories',
    roles: ADMIN_ROLES,
    page: lazyPage(feature, 'CategoriesPage'),
    menu: { group: 'registrations', label: 'menu.categories', order: 10 },
    operations: ['catalogue.categories.list', 'catalogue.categories.attributes', 'catalogue.categories.save'],
  },
  {
    path: '/subcategories',
    roles: ADMIN_ROLES,
    page: lazyPage(feature, 'SubcategoriesPage'),
    menu: { group: 'registrations', label: 'menu.subcategories', order: 20 },
    operations: [
      'catalogue.inspectionTypes.list',
      'catalogue.inspectionTypes.get',
      'catalogue.inspectionTypes.save',
      'catalogue.categories.options',
      'catalogue.cycles.typeCycles',
      'catalogue.cycles.saveTypeCycles',
      'catalogue.cycles.applyPreset',
      'catalogue.cycles.presets',
      'jobs.get',
    ],
  },
  {
    path: '/products',
    roles: ADMIN_ROLES,
    page: lazyPage(feature, 'ProductsPage'),
    menu: { group: 'registrations', label: 'menu.products', order: 30 },
    operations: [
      'catalogue.products.list',
      'catalogue.products.maintenanceParts',
      'catalogue.products.save',
      'catalogue.categories.options',
      'catalogue.inspectionTypes.options',
      'catalogue.inspectionTypes.get',
      'catalogue.cycles.productCycles',
      'catalogue.cycles.saveProductCycles',
      'jobs.get',
      'catalogue.cycles.typeCycles',
    ],
  },
]);
