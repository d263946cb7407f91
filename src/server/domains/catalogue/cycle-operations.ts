/**
 * The maintenance cycles' calls (issue 30 item 1): whoever edits inspection types and products
 * (provider, group and company admins) reads and saves their cycles and applies presets.
 */
import { z } from 'zod';
import {
  applyCyclePresetSchema,
  cyclePresetSchema,
  cycleSchema,
  productCyclesSchema,
  savedProductCyclesSchema,
  savedTypeCyclesSchema,
  saveProductCyclesSchema,
  saveTypeCyclesSchema,
} from '../../../shared/cycles/schemas.ts';
import { byId } from '../../../shared/fields.ts';
import { ADMIN_ROLES } from '../../../shared/roles.ts';
import { mutation, query, tenant } from '../../kit/operation.ts';
import * as c from './cycles.ts';

const admin = tenant(ADMIN_ROLES);

export const cycleOperations = {
  presets: query({
    access: admin,
    summary:
      'The maintenance cycles shipped for Brazilian norms (NBR 12962, 12779, 10898, 13714, 17240), names in pt, en and es, each with its source.',
    input: z.object({}),
    output: z.array(cyclePresetSchema),
    rest: { method: 'get', path: '/web/maintenance-cycles/presets/' },
    handler: () => c.cyclePresets(),
  }),
  typeCycles: query({
    access: admin,
    summary: "A subcategory's maintenance cycles, in order.",
    input: byId,
    output: z.array(cycleSchema),
    rest: { method: 'get', path: '/web/inspection-types/:id/cycles/' },
    handler: (ctx, input) => c.getTypeCycles(ctx, input),
  }),
  saveTypeCycles: mutation({
    access: admin,
    summary:
      "Replaces a subcategory's maintenance cycles (`cycles`, at most 20, codes distinct) and answers the list. Every equipment of the subcategory gets its cycles' dates and its due date recomputed: in the same transaction up to 2,000 equipment (`refresh: null`), else by a `cycle-refresh` job (`refresh: { jobId, equipment }`; its progress at GET /web/jobs/{id}).",
    input: saveTypeCyclesSchema,
    output: savedTypeCyclesSchema,
    rest: { method: 'put', path: '/web/inspection-types/:id/cycles/' },
    handler: (ctx, input) => c.saveTypeCycles(ctx, input),
  }),
  applyPreset: mutation({
    access: admin,
    summary:
      "Applies a preset to a subcategory: its cycles replace the subcategory's cycles of the same code, named in `language` (pt by default); the others stay. The equipment follow as on a save (`refresh`).",
    input: applyCyclePresetSchema,
    output: savedTypeCyclesSchema,
    rest: { method: 'post', path: '/web/inspection-types/:id/cycles/preset/' },
    handler: (ctx, input) => c.applyCyclePreset(ctx, input),
  }),
  productCycles: query({
    access: admin,
    summary: "A product's maintenance cycles: its own list (`ownCycles`) or its subcategory's.",
    input: byId,
    output: productCyclesSchema,
    rest: { method: 'get', path: '/web/products/:id/cycles/' },
    handler: (ctx, input) => c.getProductCycles(ctx, input),
  }),
  saveProductCycles: mutation({
    access: admin,
    summary:
      "Gives a product its own maintenance cycles (`ownCycles: true`, replacing its subcategory's) or sends it back to its subcategory's; its equipment follow as on a subcategory's save (`refresh`).",
    input: saveProductCyclesSchema,
    output: savedProductCyclesSchema,
    rest: { method: 'put', path: '/web/products/:id/cycles/' },
    handler: (ctx, input) => c.saveProductCycles(ctx, input),
  }),
};
