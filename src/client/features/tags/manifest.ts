import { ADMIN_ROLES } from '../../../shared/roles.ts';
import { defineFeature, lazyPage, only, SIGNED_IN } from '../../lib/manifest.ts';

const feature = () => import('./index.ts');

/** Every role reaches the tag list and tag replacement; toggling and transferring are for admins (seed 001 §6). */
export const tagsManifest = defineFeature('tags', [
  {
    path: '/tags',
    roles: SIGNED_IN,
    page: lazyPage(feature, 'TagsPage'),
    menu: { group: 'tags', label: 'menu.tagsList', order: 10 },
    operations: [
      'tags.list',
      'tags.usedCount',
      ...only(ADMIN_ROLES, 'tags.toggle'),
      // the equipment dialog of a row
      'equipment.get',
      'equipment.inspections',
      'equipment.snapshots',
      // the inspection map's tiles
      'config.public',
    ],
  },
  {
    path: '/tags-replace',
    roles: SIGNED_IN,
    page: lazyPage(feature, 'TagsReplacePage'),
    menu: { group: 'tags', label: 'menu.tagsReplace', order: 20 },
    operations: [
      'tags.replacementRequests',
      'tags.replacementSuggest',
      'tags.replacementCandidates',
      ...only(ADMIN_ROLES, 'tags.replaceTo'),
    ],
  },
]);
