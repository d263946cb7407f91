/**
 * Signatures and sealed records (issue 29 items 2 and 3): what `PUT /web/inspections/{id}/signatures`
 * (and maintenances) takes and answers, and the public `GET /web/verify/{code}`.
 */
import { z } from 'zod';
import { idField, requiredText } from '../fields.ts';

/** The biggest PNG a signature may be (decoded bytes). */
export const SIGNATURE_MAX_BYTES = 200 * 1024;
/** The biggest drawing, in pixels. */
export const SIGNATURE_MAX_WIDTH = 2000;
export const SIGNATURE_MAX_HEIGHT = 1000;
/** A data URL's text is ~4/3 of its bytes: anything longer is refused before decoding. */
const DATA_URL_MAX = Math.ceil((SIGNATURE_MAX_BYTES * 4) / 3) + 64;

/** `data:image/png;base64,…`; what the bytes are is the server's check (png magic, size, dimensions). */
const imageField = z
  .string()
  .min(1)
  .max(DATA_URL_MAX * 2);

export const signaturesInputSchema = z.object({
  id: idField,
  technician: z.object({ name: requiredText(120), image: imageField }),
  client: z
    .object({ name: requiredText(120), role: requiredText(120), image: imageField })
    .nullish()
    .transform((v) => v ?? null),
  /** the sealed record (same kind and equipment) this one corrects */
  correctsId: idField.nullish().transform((v) => v ?? null),
});
export type SignaturesInput = z.output<typeof signaturesInputSchema>;

/** Verification codes: 10 characters without look-alikes (no 0/O, 1/I/L, U). */
export const SEAL_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
export const SEAL_CODE_LENGTH = 10;
export const sealCodeField = z
  .string()
  .trim()
  .max(32)
  .transform((v) => v.toUpperCase().replace(/[\s-]/g, ''));

/** A record's seal as its history shows it: the code anyone can check at /verify/{code}. */
export const recordSealRefSchema = z.object({ code: z.string(), sealedAt: z.date() });
export type RecordSealRef = z.infer<typeof recordSealRefSchema>;

export const sealSchema = z.object({
  code: z.string(),
  sha256: z.string(),
  sealedAt: z.date(),
});

/** The public answer: nothing private (no names of people, no e-mails, no answers). */
export const verificationSchema = z.object({
  code: z.string(),
  /** the record's content still hashes to what was sealed */
  matches: z.boolean(),
  kind: z.enum(['INSPECTION', 'MAINTENANCE']),
  equipment: z.object({ tagSerialNumber: z.string(), productName: z.string() }),
  /** the record's day (YYYY-MM-DD, the product's time zone); null when the record row is gone */
  date: z.string().nullable(),
  companyName: z.string().nullable(),
  sealedAt: z.date(),
});
export type Verification = z.infer<typeof verificationSchema>;

/** The public page of a code, under the install's public URL (hash routes, like the tags' `tagUrl`). */
export function verifyUrl(publicUrl: string, code: string): string {
  return `${publicUrl.replace(/\/$/, '')}/#/verify/${code}`;
}
