/**
 * Photos on inspections and maintenances (issue 29 item 1). Who may add or see a record's photos is
 * who may record and see the record: every tenant role, held to the record's company (company
 * admins and operators reach their own company's records only; 404 otherwise).
 */
import { Readable } from 'node:stream';
import { z } from 'zod';
import { idField } from '../../../shared/fields.ts';
import {
  addRecordPhotoSchema,
  type PhotoRecordKind,
  photoCreatedSchema,
  RECORD_PHOTO_MAX_BYTES,
  RECORD_PHOTO_TYPES,
  recordPhotoSchema,
  recordPhotosInputSchema,
} from '../../../shared/photos/schemas.ts';
import { ALL_ROLES } from '../../../shared/roles.ts';
import type { TenantContext } from '../../context.ts';
import { mutation, PUBLIC, query, type RestBinding, tenant } from '../../kit/operation.ts';
import { listRecordPhotos, type OpenedPhoto, openPhotoFile } from './reads.ts';
import { addRecordPhoto } from './upload.ts';

const field = tenant(ALL_ROLES);

const BASES: Record<PhotoRecordKind, string> = {
  INSPECTION: '/web/inspections',
  MAINTENANCE: '/web/maintenances',
};

function uploadBinding(kind: PhotoRecordKind): RestBinding<TenantContext> {
  return {
    method: 'post',
    path: `${BASES[kind]}/:id/photos`,
    summary: `Adds a photo to the ${kind.toLowerCase()}: multipart field \`file\` (JPEG or PNG by its bytes, at most 5 MB), optional \`questionId\` (one of its answers).`,
    status: 201,
    fixed: { kind },
    multipart: {
      field: 'file',
      fields: ['questionId'],
      maxBytes: RECORD_PHOTO_MAX_BYTES,
      types: RECORD_PHOTO_TYPES,
      tooLarge: 'RECORD_PHOTO_TOO_LARGE',
      invalid: 'RECORD_PHOTO_MISSING',
    },
    responses: { 409: 'RECORD_PHOTO_LIMIT', 413: 'RECORD_PHOTO_TOO_LARGE', 415: 'RECORD_PHOTO_INVALID_TYPE' },
  };
}

function listBinding(kind: PhotoRecordKind): RestBinding<TenantContext> {
  return {
    method: 'get',
    path: `${BASES[kind]}/:id/photos`,
    summary: `The ${kind.toLowerCase()}’s photos with short-lived signed links.`,
    fixed: { kind },
  };
}

/** Streams a photo with its type; cached privately as long as its link works. */
function photoResponse(f: OpenedPhoto): Response {
  return new Response(Readable.toWeb(f.stream) as ReadableStream, {
    status: 200,
    headers: {
      'Content-Type': f.contentType,
      'Content-Length': String(f.size),
      'Cache-Control': `private, max-age=${f.maxAge}`,
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

export const photosOperations = {
  add: mutation({
    access: field,
    summary:
      'Adds a photo (JPEG or PNG, checked by its bytes: 415 RECORD_PHOTO_INVALID_TYPE; at most 5 MB: 413) to an inspection or maintenance of the caller’s scope (404 otherwise), at most 10 (409 RECORD_PHOTO_LIMIT); location and device EXIF removed, the capture time kept. Send an `Idempotency-Key` when syncing. Answers its id and a signed link.',
    input: addRecordPhotoSchema,
    output: photoCreatedSchema,
    rest: [uploadBinding('INSPECTION'), uploadBinding('MAINTENANCE')],
    handler: (ctx, input) => addRecordPhoto(ctx, input),
  }),
  list: query({
    access: field,
    summary:
      'The photos of an inspection or maintenance of the caller’s scope, in the order they were added.',
    input: recordPhotosInputSchema,
    output: z.array(recordPhotoSchema),
    rest: [listBinding('INSPECTION'), listBinding('MAINTENANCE')],
    handler: (ctx, input) => listRecordPhotos(ctx, input),
  }),
  file: query({
    // The signed link is the permission (an <img> sends no bearer token).
    access: PUBLIC,
    summary:
      'A photo’s bytes through its signed link (`exp`, `sig`; 403 RECORD_PHOTO_LINK_INVALID when expired or wrong).',
    input: z.object({
      group: z.string().regex(/^[a-z0-9_]{1,63}$/),
      id: idField,
      exp: z.string().optional(),
      sig: z.string().optional(),
    }),
    output: z.custom<OpenedPhoto>(),
    trpc: false,
    rest: {
      method: 'get',
      path: '/web/record-photos/:group/:id',
      query: z.object({
        exp: z.string().optional().describe('Expiry of the signed link (seconds since the epoch)'),
        sig: z.string().optional().describe('Signature of the signed link'),
      }),
      respond: (_c, f: OpenedPhoto) => photoResponse(f),
      produces: 'image/*',
      responses: { 403: 'RECORD_PHOTO_LINK_INVALID' },
    },
    handler: (_ctx, input) => openPhotoFile(input),
  }),
};
