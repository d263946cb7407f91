import { cnpj } from 'cpf-cnpj-validator';
import { z } from 'zod';

/** Masks and validators of the sign-up and profile forms (seed 000 §5). Pure and isomorphic. */

export function onlyDigits(value: string | null | undefined): string {
  return (value ?? '').replace(/\D/g, '');
}

/** Applies a mask where `#` is a digit and `A` a digit or letter; stops where the input ends. */
function applyMask(chars: string, mask: string): string {
  let out = '';
  let i = 0;
  for (const m of mask) {
    if (i >= chars.length) break;
    if (m === '#' || m === 'A') out += chars[i++];
    else out += m;
  }
  return out;
}

/** Phone: `(##) ####-####`, or `(##) #####-####` with 9 digits after the area code. */
export function maskPhone(value: string | null | undefined): string {
  const d = onlyDigits(value).slice(0, 11);
  if (d.length <= 2) return d.length ? `(${d}` : '';
  return applyMask(d, d.length > 10 ? '(##) #####-####' : '(##) ####-####');
}

/** Brazilian phone digits: area code (11–99) plus 8 digits, or plus 9 digits starting with 9 (mobile). */
export function isValidPhone(value: string | null | undefined): boolean {
  const d = onlyDigits(value);
  if (!/^[1-9][1-9]/.test(d)) return false;
  if (d.length === 10) return true;
  return d.length === 11 && d[2] === '9';
}

export const CEP_LENGTH = 8;

/** CEP: `#####-###`. */
export function maskCep(value: string | null | undefined): string {
  return applyMask(onlyDigits(value).slice(0, CEP_LENGTH), '#####-###');
}

export function isValidCep(value: string | null | undefined): boolean {
  return /^\d{5}-?\d{3}$/.test((value ?? '').trim());
}

/**
 * CNPJ without punctuation, upper-cased. Since July 2026 the Receita Federal also issues
 * alphanumeric CNPJs (12 letters/digits + 2 check digits), so letters are kept.
 */
export function normalizeCnpj(value: string | null | undefined): string {
  return (value ?? '').toUpperCase().replace(/[^0-9A-Z]/g, '');
}

/** CNPJ: `##.###.###/####-##` (letters allowed in the first 12 positions). */
export function maskCnpj(value: string | null | undefined): string {
  return applyMask(normalizeCnpj(value).slice(0, 14), 'AA.AAA.AAA/AAAA-##');
}

/** Checksum by a maintained library (cpf-cnpj-validator), numeric and alphanumeric formats. */
export function isValidCnpj(value: string | null | undefined): boolean {
  const n = normalizeCnpj(value);
  return n.length === 14 && cnpj.isValid(n, true);
}

export const EMAIL_MAX_LENGTH = 254;
const emailSchema = z.email();

export function normalizeEmail(value: string | null | undefined): string {
  return (value ?? '').trim().toLowerCase();
}

export function isValidEmail(value: string | null | undefined): boolean {
  const v = (value ?? '').trim();
  return v.length > 0 && v.length <= EMAIL_MAX_LENGTH && emailSchema.safeParse(v).success;
}

/** Brazilian states (UF), for the state select and validation. */
export const BRAZILIAN_STATES = [
  'AC',
  'AL',
  'AM',
  'AP',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MG',
  'MS',
  'MT',
  'PA',
  'PB',
  'PE',
  'PI',
  'PR',
  'RJ',
  'RN',
  'RO',
  'RR',
  'RS',
  'SC',
  'SE',
  'SP',
  'TO',
] as const;
