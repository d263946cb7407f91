/**
 * The field rules every schema is built from (client forms and server inputs alike): ids, texts,
 * e-mail, phone, CNPJ, CEP, state, ISO dates. One rule per kind of field, so a value one screen
 * accepts is accepted by every other (e.g. the alphanumeric CNPJ of a sign-up in the companies
 * dialog). Masks for display live in ./masks.ts.
 */
import { z } from 'zod';
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

export const REQUIRED_MESSAGE = 'Campo obrigatório';

/** Text that must be filled in (trimmed). No NUL bytes: Postgres refuses them in text. */
export const requiredText = (max: number, message = REQUIRED_MESSAGE) =>
  z
    .string()
    .trim()
    .min(1, message)
    .max(max)
    .refine((v) => !v.includes('\u0000'), 'Caractere inválido');

/** Optional text: blank becomes null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((v) => !v.includes('\u0000'), 'Caractere inválido')
    .nullish()
    .transform((v) => (v ? v : null));

/** Search text of lists. */
export const searchText = z
  .string()
  .max(200)
  .refine((v) => !v.includes('\u0000'), 'Caractere inválido');

/** E-mail as typed (trimmed, at most 254 characters); messages echo it, services compare lower-cased. */
export const emailField = z.string().trim().max(EMAIL_MAX_LENGTH).refine(isValidEmail, 'E-mail inválido');
/** The same, lower-cased: for e-mails that are stored (users, companies). */
export const storedEmailField = emailField.transform((v) => v.toLowerCase());

/** Brazilian phone typed with or without its mask, stored as digits: (##) ####-#### or (##) #####-####. */
const PHONE_MESSAGE = 'Telefone inválido: (##) ####-#### ou (##) #####-####';
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
  .refine((v) => !normalizeCnpj(v) || isValidCnpj(v), 'CNPJ inválido')
  .transform((v) => normalizeCnpj(v) || null);

/** CEP: #####-### (or 8 digits), stored as digits; blank → null. */
export const optionalCepField = z
  .string()
  .max(12)
  .nullish()
  .refine((v) => !(v ?? '').trim() || isValidCep(v), 'CEP inválido: #####-###')
  .transform((v) => onlyDigits(v) || null);

/** Brazilian state (UF); blank → null. */
export const optionalStateField = z
  .string()
  .trim()
  .max(2, 'Estado: 2 caracteres')
  .nullish()
  .transform((v) => (v ? v.toUpperCase() : null))
  .refine((v) => v === null || (BRAZILIAN_STATES as readonly string[]).includes(v), 'Estado inválido');

/** A calendar date as `YYYY-MM-DD`. */
export const isoDateField = z.iso.date();
/** A whole count typed in a form (e.g. a tags limit). */
export const countField = (max = 1_000_000) => z.coerce.number().int().min(0).max(max);
