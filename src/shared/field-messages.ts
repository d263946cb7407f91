/**
 * The messages of the limits every field rule has (issue 16 item 5): a text too long or too short,
 * a number too big or too small, a list with too many rows. Each says its own rule with its number
 * ("Use no máximo 60 caracteres."), in pt, en and es, on the client and in the server's answer.
 *
 * How: zod's default message of such a check (a `.max(60)` given no message of its own) becomes a
 * marker naming the limit and its number, `TOO_LONG:60` (zod's `customError`, installed when this
 * module is imported — `fields.ts` imports it, so every shared rule has it). Nobody shows a marker:
 *  - the form kit turns it into the text of the user's language (`limitText`);
 *  - the server's error envelope turns each issue into `{ path, message (pt), code, params }`
 *    (`describeIssue`), e.g. `{ path: 'name', message: 'Use no máximo 120 caracteres.', code:
 *    'TOO_LONG', params: { max: 120 } }`.
 * A check given its own message (`.min(0, 'NON_NEGATIVE')`, a seed text) keeps it.
 */
import { z } from 'zod';
import { formatMessage } from './define-errors.ts';
import { PASSWORD_RULES_MESSAGE } from './password.ts';

export const LIMIT_MESSAGES = {
  TOO_LONG: {
    pt: 'Use no máximo {max} caracteres.',
    en: 'Use at most {max} characters.',
    es: 'Use como máximo {max} caracteres.',
  },
  TOO_SHORT: {
    pt: 'Use pelo menos {min} caracteres.',
    en: 'Use at least {min} characters.',
    es: 'Use al menos {min} caracteres.',
  },
  TOO_BIG: {
    pt: 'Informe um número até {max}.',
    en: 'Enter a number up to {max}.',
    es: 'Ingrese un número hasta {max}.',
  },
  TOO_SMALL: {
    pt: 'Informe um número a partir de {min}.',
    en: 'Enter a number from {min} up.',
    es: 'Ingrese un número desde {min}.',
  },
  BELOW: {
    pt: 'Informe um número menor que {max}.',
    en: 'Enter a number below {max}.',
    es: 'Ingrese un número menor que {max}.',
  },
  ABOVE: {
    pt: 'Informe um número maior que {min}.',
    en: 'Enter a number above {min}.',
    es: 'Ingrese un número mayor que {min}.',
  },
  TOO_MANY: {
    pt: 'No máximo {max} itens.',
    en: 'At most {max} items.',
    es: 'Como máximo {max} elementos.',
  },
  TOO_FEW: {
    pt: 'Pelo menos {min} itens.',
    en: 'At least {min} items.',
    es: 'Al menos {min} elementos.',
  },
} as const;

/** The message of a required field left blank (the form kit translates it). */
export const REQUIRED_MESSAGE = 'Campo obrigatório';

export type LimitCode = keyof typeof LIMIT_MESSAGES;
export interface Limit {
  code: LimitCode;
  params: { max: number } | { min: number };
}

const PARAM: Record<LimitCode, 'max' | 'min'> = {
  TOO_LONG: 'max',
  TOO_SHORT: 'min',
  TOO_BIG: 'max',
  TOO_SMALL: 'min',
  BELOW: 'max',
  ABOVE: 'min',
  TOO_MANY: 'max',
  TOO_FEW: 'min',
};

/** `TOO_LONG:60` — what a limit's issue message is until someone shows it. */
export function limitMarker(code: LimitCode, bound: number): string {
  return `${code}:${bound}`;
}

const MARKER = /^([A-Z_]+):(-?\d+(?:\.\d+)?)$/;

/** The limit a message stands for, or undefined for any other message. */
export function limitOf(message: unknown): Limit | undefined {
  if (typeof message !== 'string') return undefined;
  const m = MARKER.exec(message);
  if (!m || !Object.hasOwn(LIMIT_MESSAGES, m[1]!)) return undefined;
  const code = m[1] as LimitCode;
  return { code, params: { [PARAM[code]]: Number(m[2]) } as Limit['params'] };
}

/** The text of a limit in `lang` (pt for anything but en/es). */
export function limitText(limit: Limit, lang: string): string {
  const base = lang.slice(0, 2).toLowerCase();
  const texts = LIMIT_MESSAGES[limit.code];
  return formatMessage(base === 'en' ? texts.en : base === 'es' ? texts.es : texts.pt, limit.params);
}

/** The marker for one of zod's size checks (strings, numbers, lists); undefined for anything else. */
function markerOf(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code !== 'too_big' && issue.code !== 'too_small') return undefined;
  const origin = (issue as { origin?: string }).origin;
  const big = issue.code === 'too_big';
  const raw = big ? (issue as { maximum?: unknown }).maximum : (issue as { minimum?: unknown }).minimum;
  const bound = typeof raw === 'bigint' ? Number(raw) : raw;
  if (typeof bound !== 'number' || !Number.isFinite(bound)) return undefined;
  const inclusive = (issue as { inclusive?: boolean }).inclusive !== false;
  if (origin === 'string') {
    // `.min(1)` with no message of its own is "fill this in".
    if (!big && bound === 1) return REQUIRED_MESSAGE;
    return limitMarker(big ? 'TOO_LONG' : 'TOO_SHORT', bound);
  }
  if (origin === 'number' || origin === 'int' || origin === 'bigint')
    return limitMarker(big ? (inclusive ? 'TOO_BIG' : 'BELOW') : inclusive ? 'TOO_SMALL' : 'ABOVE', bound);
  if (origin === 'array' || origin === 'set') return limitMarker(big ? 'TOO_MANY' : 'TOO_FEW', bound);
  return undefined;
}

// Only for checks without a message of their own (zod asks `customError` after the check's and
// the schema's own messages). Merged into zod's global config, so `jitless` and the like stay.
z.config({ customError: (issue) => markerOf(issue) });

/** An issue of the error envelope: a limit's issue also carries its code and parameters. */
export interface IssueBody {
  path: string;
  message: string;
  code?: LimitCode;
  params?: Limit['params'];
}

/** A zod issue as the server answers it: path joined with dots, a limit in Portuguese with its code. */
export function describeIssue(issue: { path: readonly PropertyKey[]; message: string }): IssueBody {
  const path = issue.path.map(String).join('.');
  const limit = limitOf(issue.message);
  return limit
    ? { path, message: limitText(limit, 'pt'), code: limit.code, params: limit.params }
    : { path, message: issue.message };
}

/**
 * (Shared rules' own messages.)
 * The messages of the shared field rules, one key each. The schemas fail with the Portuguese text
 * (it is what the server answers in `issues`); the client shows every one of them in the user's
 * language: the kit's bundle (`src/client/components/kit-i18n.ts`) has `errors.<KEY>` in pt, en and
 * es, and a field error whose message is one of these texts, client-side or from the server, is
 * shown translated (`formErrorCode`, `src/client/components/form/error-text.ts`). A rule with a
 * message of its own adds it here, never as a bare string.
 */
export const FIELD_MESSAGES = {
  REQUIRED: REQUIRED_MESSAGE,
  INVALID_CHARACTER: 'Caractere inválido',
  EMAIL_INVALID: 'E-mail inválido',
  PHONE_INVALID: 'Telefone inválido: (##) ####-#### ou (##) #####-####',
  CNPJ_INVALID: 'CNPJ inválido',
  CEP_INVALID: 'CEP inválido: #####-###',
  STATE_LENGTH: 'Estado: 2 caracteres',
  STATE_INVALID: 'Estado inválido',
  NUMBER_INVALID: 'Número inválido',
  VALUE_INVALID: 'Valor inválido',
  NAME_REQUIRED: 'Nome obrigatório',
  OCCUPATION_REQUIRED: 'Cargo obrigatório',
  COMPANY_REQUIRED: 'Empresa obrigatória',
  TERMS_REQUIRED: 'É preciso aceitar os termos de uso',
  PASSWORDS_DIFFER: 'As senhas não conferem',
  CURRENT_PASSWORD_REQUIRED: 'Informe a senha atual',
  PASSWORD_RULES: PASSWORD_RULES_MESSAGE,
  TOKEN_INVALID: 'Token inválido',
  LOWERCASE_ONLY: 'Apenas letras minúsculas',
  SERIAL_INVALID: 'Número de série inválido',
} as const;

export type FieldMessageKey = keyof typeof FIELD_MESSAGES;

const BY_TEXT = new Map<string, FieldMessageKey>(
  Object.entries(FIELD_MESSAGES).map(([k, v]) => [v, k as FieldMessageKey]),
);

/** The key of a shared rule's message, or undefined for any other text. */
export function fieldMessageKey(message: string): FieldMessageKey | undefined {
  return BY_TEXT.get(message);
}
