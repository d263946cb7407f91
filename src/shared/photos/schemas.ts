/** Photos on field records (issue 29 item 1): the upload's input and what a record lists. */
import { z } from 'zod';
import { idField } from '../fields.ts';

/** A record a photo belongs to (service-order work is recorded as inspections and maintenances). */
export const PHOTO_RECORD_KINDS = ['INSPECTION', 'MAINTENANCE'] as const;
export type PhotoRecordKind = (typeof PHOTO_RECORD_KINDS)[number];

/** Photos per record. */
export const RECORD_PHOTOS_MAX = 10;
/** Largest photo accepted (the device resizes to ≤ 1600 px first; that is well under 1 MB). */
export const RECORD_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/**
 * What a photo may be, by its bytes. No WebP: the per-record PDF embeds the images themselves and
 * pdf-lib draws only JPEG and PNG (and nothing here decodes WebP); the device encodes JPEG.
 */
export const RECORD_PHOTO_TYPES = ['image/jpeg', 'image/png'] as const;
export type RecordPhotoType = (typeof RECORD_PHOTO_TYPES)[number];

/** base64 of at most RECORD_PHOTO_MAX_BYTES (tRPC carries the bytes as text). */
const BASE64_MAX = Math.ceil(RECORD_PHOTO_MAX_BYTES / 3) * 4 + 4;

/**
 * Adds a photo to a record: REST sends the multipart field `file` (and `questionId`); tRPC sends
 * `base64`. `kind` is fixed by the REST path.
 */
export const addRecordPhotoSchema = z.object({
  kind: z.enum(PHOTO_RECORD_KINDS),
  id: idField,
  questionId: idField.nullish(),
  file: z.instanceof(Uint8Array).nullish(),
  fileType: z.string().nullish(),
  base64: z.string().max(BASE64_MAX).nullish(),
});
export type AddRecordPhoto = z.infer<typeof addRecordPhotoSchema>;

/** The photos of one record. */
export const recordPhotosInputSchema = z.object({ kind: z.enum(PHOTO_RECORD_KINDS), id: idField });

/** A photo as a record lists it: a short-lived signed link to its bytes. */
export const recordPhotoSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  /** when `url` stops working */
  expiresAt: z.date(),
  questionId: z.number().int().nullable(),
  /** the capture time the photo carried (EXIF DateTimeOriginal), if any */
  takenAt: z.date().nullable(),
  width: z.number().int(),
  height: z.number().int(),
});
export type RecordPhoto = z.infer<typeof recordPhotoSchema>;

export const photoCreatedSchema = z.object({ id: z.number().int(), url: z.string() });
