/**
 * The field rules every schema is built from (client forms and server inputs alike): ids, texts,
 * e-mail, phone, CNPJ, CEP, state, ISO dates. One rule per kind of field, so a value one screen
 * accepts is accepted by every other (e.g. the alphanumeric CNPJ of a sign-up in the companies
 * dialog). Masks for display live in ./masks.ts. A size check given no message of its own says its
 * rule with its number ("Use no máximo 60 caracteres.", ./field-messages.ts).
 */
import { z } from 'zod';
import { FIELD_MESSAGES, REQUIRED_MESSAGE } from './field-messages.ts';
import {
  BRAZILIAN_STATES,
  EMAIL_MAX_LENGTH,
  isValidCep,
  isValidCnpj,
  isValidEmail,
  isValidPhone,
  normalizeCnpj,
  onlyDigits,
} from './masks.ts';

/** Rows are Postgres `integer`s: an id past 2³¹−1 can name nothing, so it is invalid input (400), not a 500. */
export const MAX_ID = 2_147_483_647;
export const idField = z.number().int().positive().max(MAX_ID);
/** Ids typed in forms or sent as text. */
export const idText = z.coerce.number().int().positive().max(MAX_ID);
export const byId = z.object({ id: idField });

export { REQUIRED_MESSAGE };

/** Text that must be filled in (trimmed). No NUL bytes: Postgres refuses them in text. */
export const requiredText = (max: number, message: string = REQUIRED_MESSAGE) =>
  z
    .string()
    .trim()
    .min(1, message)
    .max(max)
    .refine((v) => !v.includes('\u0000'), FIELD_MESSAGES.INVALID_CHARACTER);

/** Optional text: blank becomes null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((v) => !v.includes('\u0000'), FIELD_MESSAGES.INVALID_CHARACTER)
    .nullish()
    .transform((v) => (v ? v : null));

/** Search text of lists. */
export const searchText = z
  .string()
  .max(200)
  .refine((v) => !v.includes('\u0000'), FIELD_MESSAGES.INVALID_CHARACTER);

/** E-mail as typed (trimmed, at most 254 characters); messages echo it, services compare lower-cased. */
export const emailField = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH)
  .refine(isValidEmail, FIELD_MESSAGES.EMAIL_INVALID);
/** The same, lower-cased: for e-mails that are stored (users, companies). */
export const storedEmailField = emailField.transform((v) => v.toLowerCase());

/** Brazilian phone typed with or without its mask, stored as digits: (##) ####-#### or (##) #####-####. */
const PHONE_MESSAGE = FIELD_MESSAGES.PHONE_INVALID;
export const phoneField = z
  .string()
  .refine((v) => isValidPhone(v), PHONE_MESSAGE)
  .transform((v) => onlyDigits(v));
/** The same, blank allowed (→ null). */
export const optionalPhoneField = z
  .string()
  .nullish()
  .refine((v) => !onlyDigits(v) || isValidPhone(v), PHONE_MESSAGE)
  .transform((v) => onlyDigits(v) || null);

/**
 * CNPJ, numeric or alphanumeric (Receita Federal, July 2026), typed with or without its mask,
 * checked by its check digits; stored upper-cased without punctuation. Blank → null.
 */
export const optionalCnpjField = z
  .string()
  .max(30)
  .nullish()
  .refine((v) => !normalizeCnpj(v) || isValidCnpj(v), FIELD_MESSAGES.CNPJ_INVALID)
  .transform((v) => normalizeCnpj(v) || null);

/** CEP: #####-### (or 8 digits), stored as digits; blank → null. */
export const optionalCepField = z
  .string()
  .max(12)
  .nullish()
  .refine((v) => !(v ?? '').trim() || isValidCep(v), FIELD_MESSAGES.CEP_INVALID)
  .transform((v) => onlyDigits(v) || null);

/** Brazilian state (UF); blank → null. */
export const optionalStateField = z
  .string()
  .trim()
  .max(2, FIELD_MESSAGES.STATE_LENGTH)
  .nullish()
  .transform((v) => (v ? v.toUpperCase() : null))
  .refine(
    (v) => v === null || (BRAZILIAN_STATES as readonly string[]).includes(v),
    FIELD_MESSAGES.STATE_INVALID,
  );

/**
 * A calendar date as `YYYY-MM-DD`, a real day of the years 0001–9999. zod's ISO date takes year
 * 0000, which Postgres refuses ("date/time field value out of range", a 500 on 9 operations, issue
 * 26 item 6): it fails here with the same issue as any other invalid date (`invalid_format`,
 * format `date`, which the form kit shows as "Data inválida.").
 */
export const isoDateField = z.iso.date().check((ctx) => {
  if (ctx.value.startsWith('0000'))
    ctx.issues.push({
      origin: 'string',
      code: 'invalid_format',
      format: 'date',
      input: ctx.value,
      message: 'Invalid ISO date',
      inst: isoDateField,
    });
});
/** A whole count typed in a form (e.g. a tags limit). */
export const countField = (max = 1_000_000) => z.coerce.number().int().min(0).max(max);
