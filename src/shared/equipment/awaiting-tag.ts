/**
 * Equipment waiting for a tag (issue 31 item 1): created without a tag (an import row with no
 * serial), it is claimed at the first scan of an unused tag (`equipment.claimTag`) or given tags in
 * bulk by an admin (`equipment.assignTags`). The picker lists it (`equipment.awaitingTag`).
 */
import { z } from 'zod';
import { idField } from '../fields.ts';
import { listSchema, pageSchema } from '../list.ts';
import { serialField } from './schemas.ts';

/** The tag cell of such equipment where the text is Portuguese only (PDFs, the dossier). */
export const AWAITING_TAG_PT = 'Aguardando tag';

/** The most pairs one bulk assignment takes. */
export const ASSIGN_TAGS_MAX = 1000;

/** `equipment.awaitingTag`: the company's tagless equipment, searched by control number, label, product. */
export const awaitingTagListSchema = listSchema({
  sort: ['extraCode', 'createdAt'],
  filters: {
    /** the company (group and provider admins; company roles always get their own) */
    companyId: idField.optional(),
  },
});
export type AwaitingTagListInput = z.input<typeof awaitingTagListSchema>;

export const awaitingTagItemSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  extraCode: z.string().nullable(),
  extraLabel: z.string().nullable(),
  productName: z.string(),
  productSku: z.string(),
  createdAt: z.date(),
});
export type AwaitingTagItem = z.infer<typeof awaitingTagItemSchema>;
export const awaitingTagPageSchema = pageSchema(awaitingTagItemSchema);

/** `POST /web/equipments/{tag}/claim` — binds an unused tag to equipment waiting for one. */
export const claimTagSchema = z.object({ tagSerialNumber: serialField, equipmentId: idField });
export type ClaimTagInput = z.input<typeof claimTagSchema>;

/** `POST /web/equipments/assign-tags/` — all pairs or none; each refused pair is an issue at its index. */
export const assignTagsSchema = z.object({
  companyId: idField,
  pairs: z
    .array(z.object({ equipmentId: idField, tagSerialNumber: serialField }))
    .min(1)
    .max(ASSIGN_TAGS_MAX),
});
export type AssignTagsInput = z.input<typeof assignTagsSchema>;
export const assignedTagsSchema = z.object({ assigned: z.number().int() });

/** `GET /web/equipments/next-unused-tags/` — the company's next unused, enabled tags in serial order. */
export const nextUnusedTagsSchema = z.object({
  companyId: idField,
  count: z.number().int().min(1).max(ASSIGN_TAGS_MAX).default(10),
});
export const unusedTagsSchema = z.object({ serials: z.array(z.string()) });
