import { z } from 'zod';
import { equipmentDetailSchema } from '../../../shared/equipment/detail.ts';
import {
  byTag,
  bySerial,
  createdSchema,
  inspectionCreatedSchema,
  equipmentHistorySchema,
  equipmentListSchema,
  equipmentSchema,
  inspectionFormSchema,
  inspectionInputSchema,
  inspectionRecordSchema,
  maintenanceFormSchema,
  maintenanceInputSchema,
  maintenanceRecordSchema,
  registerEquipmentSchema,
  registeredSchema,
  registerOptionsSchema,
  setReferenceLocationSchema,
  snapshotSchema,
  tagCardSchema,
  updateEquipmentSchema,
} from '../../../shared/equipment/schemas.ts';
import {
  assignedTagsSchema,
  assignTagsSchema,
  awaitingTagListSchema,
  awaitingTagPageSchema,
  claimTagSchema,
  nextUnusedTagsSchema,
  unusedTagsSchema,
} from '../../../shared/equipment/awaiting-tag.ts';
import { cappedPageSchema, pageSchema } from '../../../shared/list.ts';
import { ADMIN_ROLES, ALL_ROLES } from '../../../shared/roles.ts';
import { mutation, PUBLIC, query, tenant } from '../../kit/operation.ts';
import { imageResponse, type ProductImage } from '../catalogue/index.ts';
import * as s from './service.ts';

/** Every tenant role works in the field (operators included). */
const field = tenant(ALL_ROLES);
const admin = tenant(ADMIN_ROLES);

const cardImage = query({
  access: PUBLIC,
  summary:
    'The product image of a scanned tag, for the public card (a placeholder SVG without equipment, image or when the card is off).',
  input: bySerial,
  // The open file (a stream); the REST binding answers it as the body.
  output: z.custom<ProductImage | null>(),
  trpc: false,
  rest: {
    method: 'get',
    path: '/web/tags/:serial/image',
    // The open file (or the placeholder) with its ETag; 304 when the caller holds it.
    respond: (c, img: ProductImage | null) => imageResponse(c, img),
    produces: 'image/*',
    headers: [{ name: 'If-None-Match', description: 'The ETag already held: answers 304 when unchanged.' }],
    responses: { 304: 'Not modified', 429: 'RATE_LIMITED' },
  },
  handler: (ctx, input) => s.tagCardImage(ctx, input),
});

export const equipmentOperations = {
  card: query({
    access: PUBLIC,
    summary:
      'The public card of a scanned tag: serial, whether equipment is registered, status, product, last/next inspection and due dates — no personal data (only `registered` when the company turned the card off).',
    input: bySerial,
    output: tagCardSchema,
    rest: { method: 'get', path: '/web/tags/:serial/card', responses: { 429: 'RATE_LIMITED' } },
    handler: (ctx, input) => s.tagCard(ctx, input),
  }),
  cardImage,
  registerOptions: query({
    access: field,
    summary:
      'What the register form needs for an unused, enabled tag of the caller’s scope: its company and the products with their attributes.',
    input: byTag,
    output: registerOptionsSchema,
    // Static path first: mounted before `/web/equipments/:tag/`.
    rest: { method: 'get', path: '/web/equipments/options/' },
    handler: (ctx, input) => s.registerOptions(ctx, input),
  }),
  register: mutation({
    access: field,
    summary:
      'Registers equipment on an unused tag (the tag becomes used); answers its id. 409 TAG_ALREADY_USED, TAG_DISABLED, TAGS_LIMIT_REACHED.',
    input: registerEquipmentSchema,
    output: registeredSchema,
    rest: { method: 'post', path: '/web/equipments/', status: 201 },
    handler: (ctx, input) => s.registerEquipment(ctx, input),
  }),
  awaitingTag: query({
    access: field,
    summary:
      'Equipment waiting for a tag (imported without one), paged and searched by control number, label and product — the register screen’s “link equipment awaiting a tag” picker. Company roles see their company’s; admins of the group may pass `companyId`.',
    input: awaitingTagListSchema,
    output: awaitingTagPageSchema,
    // Static path first: mounted before `/web/equipments/:tag/`.
    rest: { method: 'get', path: '/web/equipments/awaiting-tag/' },
    handler: (ctx, input) => s.awaitingTagPage(ctx, input),
  }),
  claimTag: mutation({
    access: field,
    summary:
      'Binds an unused tag of the caller’s scope to equipment waiting for a tag (the first scan): the tag becomes used and the equipment is reached by it. 404 TAG_NOT_FOUND, EQUIPMENT_NOT_FOUND (none, or another company’s); 409 TAG_ALREADY_USED, TAG_DISABLED, EQUIPMENT_ALREADY_TAGGED, TAGS_LIMIT_REACHED.',
    input: claimTagSchema,
    output: registeredSchema,
    rest: { method: 'post', path: '/web/equipments/:tag/claim', params: { tag: 'tagSerialNumber' } },
    handler: (ctx, input) => s.claimTag(ctx, input),
  }),
  nextUnusedTags: query({
    access: admin,
    summary:
      'The company’s next enabled, never used tags in serial order (`count`, at most 1,000): what the bulk assignment pre-fills.',
    input: nextUnusedTagsSchema,
    output: unusedTagsSchema,
    rest: { method: 'get', path: '/web/equipments/next-unused-tags/' },
    handler: (ctx, input) => s.nextUnusedTags(ctx, input),
  }),
  assignTags: mutation({
    access: admin,
    summary:
      'Gives tags to equipment waiting for one, in bulk (at most 1,000 pairs of `equipmentId` and `tagSerialNumber`, one company): all or nothing — 409 TAG_ASSIGNMENTS_INVALID lists each refused pair as an issue whose message is its code (TAG_NOT_FOUND, TAG_ALREADY_USED, TAG_DISABLED, EQUIPMENT_NOT_FOUND, EQUIPMENT_ALREADY_TAGGED, DUPLICATE); 409 TAGS_LIMIT_REACHED.',
    input: assignTagsSchema,
    output: assignedTagsSchema,
    rest: { method: 'post', path: '/web/equipments/assign-tags/' },
    handler: (ctx, input) => s.assignTags(ctx, input),
  }),
  list: query({
    access: field,
    summary:
      'Equipment, paged, with the seed’s report filters (query, status, enabledTagsOnly, categoryId, inspectionTypeId, productId, companyId, date ranges and expiration statuses) and `notScannedSince` (the never-scanned report: no SCAN/NFC inspection since that day, or never). `total` is exact up to 10,000 rows; past that it is a lower bound and `totalCapped` is true.',
    input: equipmentListSchema,
    output: cappedPageSchema(equipmentSchema),
    // Rows mapped straight to the answer (dto.ts); tests/integration/equipment/list.test.ts holds
    // the parse to be the identity on it.
    outputCheck: 'tests',
    cache: 'per-caller',
    rest: { method: 'get', path: '/web/equipments/' },
    handler: (ctx, input) => s.listEquipment(ctx, input),
  }),
  get: query({
    access: field,
    summary:
      'The equipment on a tag, with its attributes, last inspection, last maintenance and maintenance cycles (`cycles`: code, name, norm, lastDoneAt, dueDate, status).',
    input: byTag,
    output: equipmentDetailSchema,
    rest: { method: 'get', path: '/web/equipments/:tag/' },
    handler: (ctx, input) => s.getEquipment(ctx, input),
  }),
  update: mutation({
    access: admin,
    summary:
      'Edits the equipment on a tag: product, extra label, control number, due date, attribute values (the full set); a change of product or labels is recorded as a snapshot.',
    input: updateEquipmentSchema,
    output: equipmentSchema,
    rest: { method: 'put', path: '/web/equipments/:tag/' },
    handler: (ctx, input) => s.updateEquipment(ctx, input),
  }),
  setReferenceLocation: mutation({
    access: admin,
    summary:
      'Sets the reference location of a tag’s equipment (proof of presence, issue 20); latitude and longitude null go back to the median of its first inspections.',
    input: setReferenceLocationSchema,
    output: equipmentSchema,
    rest: { method: 'put', path: '/web/equipments/:tag/reference-location/' },
    handler: (ctx, input) => s.setReferenceLocation(ctx, input),
  }),
  inspectionForm: query({
    access: field,
    summary:
      'The inspection form of a tag’s equipment: its enabled questions in order (with custom answers) and attributes.',
    input: byTag,
    output: inspectionFormSchema,
    rest: { method: 'get', path: '/web/equipments/:tag/inspection-form' },
    handler: (ctx, input) => s.inspectionForm(ctx, input),
  }),
  maintenanceForm: query({
    access: field,
    summary:
      'The maintenance form of a tag’s equipment: its enabled maintenance questions and the product’s parts.',
    input: byTag,
    output: maintenanceFormSchema,
    rest: { method: 'get', path: '/web/equipments/:tag/maintenance-form' },
    handler: (ctx, input) => s.maintenanceForm(ctx, input),
  }),
  inspect: mutation({
    access: field,
    summary:
      'Records an inspection: every enabled question answered (YES/NO/NA, a text, or a custom answer id), attribute values, location, and how and when the tag was identified (`identifiedBy` SCAN/NFC/TYPED, `scannedAt`); `performedAt` dates a record made offline (the status and dates follow it; 400 RECORD_PERFORMED_AT_FUTURE / RECORD_PERFORMED_AT_TOO_OLD). Send an `Idempotency-Key` when syncing a queue. Answers its id and `serviceOrderNumber`, the number of the service order a negative answer to a marked question opened or joined (null when none).',
    input: inspectionInputSchema,
    output: inspectionCreatedSchema,
    rest: { method: 'post', path: '/web/equipments/:tag/inspections', status: 201 },
    handler: (ctx, input) => s.inspect(ctx, input),
  }),
  maintain: mutation({
    access: field,
    summary:
      'Records a maintenance: answers to the maintenance questions and the parts replaced, dated by `performedAt` like inspections (with `identifiedBy`, `scannedAt`), and `cycles`: the codes of the equipment’s maintenance cycles it fulfils (400 CYCLE_UNKNOWN otherwise); answers its id.',
    input: maintenanceInputSchema,
    output: createdSchema,
    rest: { method: 'post', path: '/web/equipments/:tag/maintenances', status: 201 },
    handler: (ctx, input) => s.maintain(ctx, input),
  }),
  inspections: query({
    access: field,
    summary:
      'The inspections of a tag’s equipment, newest (performed) first, with their proof-of-presence flags (typed serial, far from the reference location, submitted late).',
    input: equipmentHistorySchema,
    output: pageSchema(inspectionRecordSchema),
    cache: 'per-caller',
    rest: { method: 'get', path: '/web/equipments/:tag/inspections' },
    handler: (ctx, input) => s.inspections(ctx, input),
  }),
  maintenances: query({
    access: field,
    summary: 'The maintenances of a tag’s equipment, newest first.',
    input: equipmentHistorySchema,
    output: pageSchema(maintenanceRecordSchema),
    cache: 'per-caller',
    rest: { method: 'get', path: '/web/equipments/:tag/maintenances' },
    handler: (ctx, input) => s.maintenances(ctx, input),
  }),
  snapshots: query({
    access: field,
    summary: 'The modification records of a tag’s equipment (created, updated, tag replaced), newest first.',
    input: equipmentHistorySchema,
    output: pageSchema(snapshotSchema),
    cache: 'per-caller',
    rest: { method: 'get', path: '/web/equipments/:tag/snapshots' },
    handler: (ctx, input) => s.snapshots(ctx, input),
  }),
};
