/**
 * Signatures and sealed records (issue 29 items 2 and 3). Signing: every tenant role (whoever may
 * record an inspection or maintenance may sign it), on a record of the caller's scope. Verifying:
 * public, without signing in.
 */
import { z } from 'zod';
import {
  sealCodeField,
  sealSchema,
  signaturesInputSchema,
  verificationSchema,
} from '../../../shared/seals/schemas.ts';
import { ALL_ROLES } from '../../../shared/roles.ts';
import { mutation, PUBLIC, query, tenant } from '../../kit/operation.ts';
import { signRecord } from './sign.ts';
import { verifySeal } from './verify.ts';
import './tables.ts';

const field = tenant(ALL_ROLES);

const SIGN_SUMMARY =
  'Signs and seals the {kind}: `technician` { name, image } and optionally `client` { name, role, image } (image: a PNG data URL, at most 200 KB and 2000×1000 px), and `correctsId`, the sealed {kind} of the same equipment this one corrects. Answers the seal: `code` (for GET /web/verify/{code}), `sha256`, `sealedAt`. After it nothing about the record can change: 409 RECORD_SEALED (a second signing too). 400 SIGNATURE_IMAGE_INVALID, 413 SIGNATURE_IMAGE_TOO_LARGE, 409 SEAL_CORRECTS_INVALID; 404 NOT_FOUND outside the caller’s scope.';

export const sealsOperations = {
  signInspection: mutation({
    access: field,
    summary: SIGN_SUMMARY.replaceAll('{kind}', 'inspection'),
    input: signaturesInputSchema,
    output: sealSchema,
    rest: { method: 'put', path: '/web/inspections/:id/signatures' },
    handler: (ctx, input) => signRecord(ctx, 'INSPECTION', input),
  }),
  signMaintenance: mutation({
    access: field,
    summary: SIGN_SUMMARY.replaceAll('{kind}', 'maintenance'),
    input: signaturesInputSchema,
    output: sealSchema,
    rest: { method: 'put', path: '/web/maintenances/:id/signatures' },
    handler: (ctx, input) => signRecord(ctx, 'MAINTENANCE', input),
  }),
  verify: query({
    access: PUBLIC,
    summary:
      'Checks a sealed record by its code, without signing in: recomputes the SHA-256 of its content and answers `matches`, with the kind, the equipment (tag serial, product), the record’s day, the company and when it was sealed — nothing private. 404 SEAL_CODE_NOT_FOUND.',
    input: z.object({ code: sealCodeField }),
    output: verificationSchema,
    rest: { method: 'get', path: '/web/verify/:code', responses: { 429: 'RATE_LIMITED' } },
    handler: (ctx, input) => verifySeal(ctx, input),
  }),
};
