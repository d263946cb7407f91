import { z } from 'zod';
import { idField } from '../fields.ts';
import { labelOptionsSchema } from './templates.ts';

/** `zpl`: Zebra labels for thermal roll templates (issue 19). */
export const QR_FORMATS = ['pdf', 'xlsx', 'zpl'] as const;
export type QrFormat = (typeof QR_FORMATS)[number];

/** Default upper bound of one batch; the server's QR_BATCH_MAX can change it. */
export const QR_BATCH_MAX_DEFAULT = 10_000;
/** Seed 001 §9: the Quantidade field starts at 1. */
export const QR_DEFAULT_QUANTITY = 1;

/** Quantity of one batch: an integer in 1..max. */
export function qrQuantitySchema(max = QR_BATCH_MAX_DEFAULT) {
  return z.coerce.number().int().min(1).max(max);
}

/** The client form: Quantidade is required; nothing else is enforced on the client (seed 001 §5). */
export const qrDialogSchema = z.object({ quantity: z.coerce.number().int().positive() });

export const qrGenerateInputSchema = z.object({
  companyId: idField.optional(),
  /** Any number here: the server's input schema (qr/operations.ts) answers QR_QUANTITY_OUT_OF_RANGE outside 1..max. */
  quantity: z.number(),
  format: z.enum(QR_FORMATS),
  /** PDF/ZPL only: template, start offset, cut marks and text (defaults: the A4 4 × 6, serial only) */
  label: labelOptionsSchema.optional(),
});
export type QrGenerateInput = z.infer<typeof qrGenerateInputSchema>;
