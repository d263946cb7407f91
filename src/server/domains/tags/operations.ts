/**
 * The tags list and tag replacement (seed 001 §7 "Tags and replacement", issue 11 items 4–6),
 * declared once for tRPC, REST and OpenAPI. Every role reads the lists and asks for a replacement
 * (the operator reaches the tag list and tag replacement, seed 001 §6); toggling a tag and
 * transferring an equipment to another tag are for admins only.
 */
import { pageSchema } from '../../../shared/list.ts';
import { ADMIN_ROLES, ALL_ROLES } from '../../../shared/roles.ts';
import {
  byRequestId,
  replaceableEquipmentSchema,
  replacedSchema,
  replacementCandidatesSchema,
  replacementListSchema,
  replacementRequestSchema,
  replaceToSchema,
  requestReplacementSchema,
  requestedReplacementSchema,
  tagItemSchema,
  tagListSchema,
  toggleTagSchema,
  usedTagsSchema,
} from '../../../shared/tags/schemas.ts';
import { mutation, query, tenant } from '../../kit/operation.ts';
import { listTags, toggleTag, usedTags } from './list.ts';
import { candidates, listRequests, requestReplacement, suggestion } from './replacement.ts';
import { replaceTo } from './transfer.ts';

const everyone = tenant(ALL_ROLES);
const admin = tenant(ADMIN_ROLES);

export const tagsOperations = {
  list: query({
    access: everyone,
    summary:
      'Tags of the caller’s company (group and provider admins: the group’s), with the equipment on them; search (serial, extra label, control number, product), exclusive, active, updateFrom/updateUpTo (no future days).',
    input: tagListSchema,
    output: pageSchema(tagItemSchema),
    cache: 'per-caller',
    rest: { method: 'get', path: '/web/tags/' },
    handler: (ctx, input) => listTags(ctx, input),
  }),
  usedCount: query({
    access: everyone,
    summary: 'Tags in use (enabled, with equipment) of the same scope as the list.',
    output: usedTagsSchema,
    // Static path: mounted before any `/web/tags/:serial/…` GET.
    rest: { method: 'get', path: '/web/tags/used-count/' },
    handler: (ctx) => usedTags(ctx),
  }),
  toggle: mutation({
    access: admin,
    summary: 'Enables or disables a tag (re-enabling a used tag counts against the company’s tags limit).',
    input: toggleTagSchema,
    output: tagItemSchema,
    rest: { method: 'put', path: '/web/tags/:serial/toggle/' },
    handler: (ctx, input) => toggleTag(ctx, input),
  }),
  requestReplacement: mutation({
    access: everyone,
    summary:
      'Asks for an unused tag to replace the tag of an existing equipment (the typed oldSerial is kept; the equipment on it is suggested when reachable); when the tag has an open request, updates it with the values given (blank ones keep theirs) and answers `updated: true`.',
    input: requestReplacementSchema,
    output: requestedReplacementSchema,
    rest: { method: 'post', path: '/web/equipments/replace/', status: 201 },
    handler: (ctx, input) => requestReplacement(ctx, input),
  }),
  replacementRequests: query({
    access: everyone,
    summary:
      'Tag replacement requests, newest first (status PENDING by default; search by serial, name, description or control number; requestFrom/requestUpTo, no future days).',
    input: replacementListSchema,
    output: pageSchema(replacementRequestSchema),
    cache: 'per-caller',
    rest: { method: 'get', path: '/web/equipments/replace/' },
    handler: (ctx, input) => listRequests(ctx, input),
  }),
  replacementSuggest: query({
    access: everyone,
    summary: 'The old equipment a replacement request suggests (null when none).',
    input: byRequestId,
    output: replaceableEquipmentSchema.nullable(),
    rest: { method: 'get', path: '/web/equipments/replace/:id/suggest' },
    handler: (ctx, input) => suggestion(ctx, input),
  }),
  replacementCandidates: query({
    access: everyone,
    summary:
      'Equipment of the request’s company that can give its tag up to the new one, paged and searchable.',
    input: replacementCandidatesSchema,
    output: pageSchema(replaceableEquipmentSchema),
    rest: { method: 'get', path: '/web/equipments/replace/:id' },
    handler: (ctx, input) => candidates(ctx, input),
  }),
  replaceTo: mutation({
    access: admin,
    summary:
      'Moves the equipment on `serial` with all its history to the unused tag `otherSerial` (one transaction): the old tag is disabled, a TAG_REPLACED snapshot is written and the new tag’s open request is completed.',
    input: replaceToSchema,
    output: replacedSchema,
    rest: { method: 'put', path: '/web/tags/:serial/replace-to/:otherSerial' },
    handler: (ctx, input) => replaceTo(ctx, input),
  }),
};
