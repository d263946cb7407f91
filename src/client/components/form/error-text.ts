/** Which kit text an error message stands for (pure; unit-tested with the server mapping). */
import { type FieldMessageKey, fieldMessageKey } from '../../../shared/field-messages.ts';
import { REQUIRED_MESSAGE } from '../../../shared/fields.ts';

/** Codes the shared schemas and the server use as issue messages; the kit translates them. */
export const FORM_ERROR_CODES = [
  'REQUIRED',
  'EMPTY',
  'DUPLICATE',
  'DUPLICATE_ID',
  'NON_NEGATIVE',
  'INTEGER',
  'DATE',
  'NOT_FOUND',
  'LIMIT',
] as const;
export type FormErrorCode = (typeof FORM_ERROR_CODES)[number];

/**
 * The code whose translation (`kit:errors.<code>`) to show for an error, or undefined to show its
 * message as it is: codes (`DUPLICATE`…), the shared field rules' messages ("Campo obrigatório",
 * "CNPJ inválido"… — src/shared/field-messages.ts), whether the form's own or the server's, and
 * zod's type errors of a missing value (an empty select, a blank number) all have a translated text.
 */
export function formErrorCode(
  error: { type?: unknown; message?: unknown } | undefined,
  opts: { blank?: boolean } = {},
): FormErrorCode | FieldMessageKey | undefined {
  if (!error) return undefined;
  const message = typeof error.message === 'string' ? error.message : '';
  if ((FORM_ERROR_CODES as readonly string[]).includes(message)) return message as FormErrorCode;
  if (message === REQUIRED_MESSAGE) return 'REQUIRED';
  const shared = fieldMessageKey(message);
  if (shared) return shared;
  if (error.type === 'server') return undefined;
  if (error.type === 'invalid_type' || opts.blank) return 'REQUIRED';
  return undefined;
}
