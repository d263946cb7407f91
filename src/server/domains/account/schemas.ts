import { z } from 'zod';
import {
  PROFILE_PHOTO_TYPES,
  type Registration,
  type RegistrationInput,
} from '../../../shared/account/schemas.ts';
import { AppError } from '../../errors.ts';
import { parseRegistration } from './registration.ts';

/**
 * The registration as a tRPC input (Standard Schema): typed like the shared schema, parsed by
 * `parseRegistration` so tRPC and REST answer USER_REGISTER_EMAIL_INVALID alike.
 */
export const registrationInput = {
  '~standard': {
    version: 1 as const,
    vendor: 'equipcheck',
    validate: (value: unknown) => ({ value: parseRegistration(value) }),
    types: undefined as unknown as { input: RegistrationInput; output: Registration },
  },
};

/** A malformed or missing e-mail token is just an invalid token. */
export function parseEmailToken(raw: string | null | undefined): string {
  const t = (raw ?? '').trim();
  if (!/^[A-Za-z0-9_-]{20,200}$/.test(t)) throw new AppError('TOKEN_INVALID');
  return t;
}

export const tokenInput = z.object({ token: z.string().max(300) });
export const resetRequestInput = z.object({ email: z.string().max(300) });
export const resetPasswordInput = z.object({ token: z.string().max(300), password: z.string().max(200) });
export const photoInput = z.object({
  contentType: z.enum(PROFILE_PHOTO_TYPES),
  /** base64 of at most 1 MB of bytes */
  base64: z.string().max(1_400_000),
});
