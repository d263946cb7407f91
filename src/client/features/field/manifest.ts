import { defineFeature, EVERYONE, lazyPage, only, SIGNED_IN, searchOf } from '../../lib/manifest.ts';

const feature = () => import('./index.ts');

/**
 * The field flow of a scanned label (issue 11 item 3): `/#/t/<serial>` is the URL printed on every
 * QR code. Anyone sees the public tag card; a signed-in user of the tag's company gets the
 * actions (register, replace, inspect, maintain, history), chosen by `?action=`. The card's product
 * image is REST only (GET /web/tags/{serial}/image, `equipment.cardImage`).
 */
export const fieldManifest = defineFeature('field', [
  {
    path: '/t/$serial',
    roles: EVERYONE,
    page: lazyPage(feature, 'FieldTagPage'),
    search: searchOf('action', 'fix'),
    operations: [
      'equipment.card',
      ...only(
        SIGNED_IN,
        'equipment.get',
        'equipment.registerOptions',
        'equipment.register',
        // equipment imported without a tag, bound to this one (issue 31)
        'equipment.awaitingTag',
        'equipment.claimTag',
        'equipment.inspectionForm',
        'equipment.inspect',
        'equipment.maintenanceForm',
        'equipment.maintain',
        'equipment.inspections',
        'equipment.maintenances',
        'equipment.snapshots',
        'tags.requestReplacement',
        // the inspection map's tiles (history)
        'config.public',
        // the offline working set, refreshed in the background (issue 20)
        'field.workingSet',
        // a tag opened online is kept for offline use (issue 26 item 11)
        'field.workingSetTag',
        // a record's photos and signatures, sent after it (issue 29)
        'photos.add',
        'seals.signInspection',
        'seals.signMaintenance',
      ),
    ],
  },
  {
    // Working without signal (issue 20): the phone's working set and the records waiting to be sent.
    path: '/offline',
    roles: SIGNED_IN,
    page: lazyPage(feature, 'OfflinePage'),
    userMenu: { label: 'menu.offline', order: 45 },
    operations: [
      'field.workingSet',
      'equipment.inspect',
      'equipment.maintain',
      'equipment.register',
      'photos.add',
      'seals.signInspection',
      'seals.signMaintenance',
    ],
  },
]);
