/**
 * The field flow's offline support (issue 20): the working set a phone downloads to work without
 * signal. The records it queues are synced through the equipment domain's POSTs with their
 * `Idempotency-Key`s (`performedAt`, `identifiedBy`, `scannedAt`).
 */
import { byTag } from '../../../shared/equipment/schemas.ts';
import {
  workingSetInputSchema,
  workingSetPageSchema,
  workingSetTagSchema,
} from '../../../shared/field/schemas.ts';
import { ALL_ROLES } from '../../../shared/roles.ts';
import { query, tenant } from '../../kit/operation.ts';
import * as s from './service.ts';

export const fieldOperations = {
  workingSet: query({
    access: tenant(ALL_ROLES),
    summary:
      'The offline working set of the caller’s company, paged by cursor: the catalogue (first page: products, inspection types with questions, custom answers, maintenance questions and attributes), then its equipment and its unused enabled tags; `total` for a progress bar, `version` to refresh.',
    input: workingSetInputSchema,
    output: workingSetPageSchema,
    rest: { method: 'get', path: '/web/field/working-set/' },
    handler: (ctx, input) => s.workingSet(ctx, input),
  }),
  workingSetTag: query({
    access: tenant(ALL_ROLES),
    summary:
      'One tag’s part of the offline working set: its equipment and the catalogue pieces its offline forms need (its product with parts, its inspection type with questions, maintenance questions and attributes). The phone keeps it when the tag is opened online. 404 TAG_NOT_FOUND out of scope, EQUIPMENT_NOT_FOUND on an unused tag.',
    input: byTag,
    output: workingSetTagSchema,
    rest: { method: 'get', path: '/web/field/working-set/tags/:tag/' },
    handler: (ctx, input) => s.workingSetTag(ctx, input),
  }),
};
