/**
 * The error catalogue shared by server and client: one closed set of codes, each with its HTTP
 * status and its text in pt (the server's message, or `pt` when the seed's message is English), en
 * and es. Codes from the seeds are kept verbatim; the rest follow the same UPPER_SNAKE style.
 *
 * Each domain declares its codes in `src/shared/<domain>/errors.ts` with `defineErrors` (see
 * `define-errors.ts`) and adds one line here. `{name}` placeholders are the code's parameters.
 */
import { accountErrors } from './account/errors.ts';
import { analyticsErrors } from './analytics/errors.ts';
import { authErrors } from './auth/errors.ts';
import { billingErrors } from './billing/errors.ts';
import { catalogueErrors } from './catalogue/errors.ts';
import { commonErrors } from './common/errors.ts';
import { cycleErrors } from './cycles/errors.ts';
import { equipmentErrors } from './equipment/errors.ts';
import { type ErrorDef, formatMessage, type Placeholders } from './define-errors.ts';
import type { IssueBody } from './field-messages.ts';
import { importsErrors } from './imports/errors.ts';
import { importPeopleErrors } from './imports/people-errors.ts';
import { jobsErrors } from './jobs/errors.ts';
import { organisationsErrors } from './organisations/errors.ts';
import { photosErrors } from './photos/errors.ts';
import { platformErrors } from './platform/errors.ts';
import { qrErrors } from './qr/errors.ts';
import { reportsErrors } from './reports/errors.ts';
import { sealsErrors } from './seals/errors.ts';
import { serviceOrdersErrors } from './service-orders/errors.ts';
import { tagsErrors } from './tags/errors.ts';
import { webhooksErrors } from './webhooks/errors.ts';
import { videosErrors } from './videos/errors.ts';
import { auditErrors } from './audit/errors.ts';
import { visitsErrors } from './visits/errors.ts';
import { dossierErrors } from './dossier/errors.ts';

export { formatMessage } from './define-errors.ts';

/** Each domain's codes (a code belongs to one domain only: tests/unit/errors.test.ts). */
export const ERROR_DOMAINS = {
  common: commonErrors,
  platform: platformErrors,
  auth: authErrors,
  account: accountErrors,
  organisations: organisationsErrors,
  jobs: jobsErrors,
  imports: importsErrors,
  importPeople: importPeopleErrors,
  catalogue: catalogueErrors,
  cycles: cycleErrors,
  qr: qrErrors,
  equipment: equipmentErrors,
  photos: photosErrors,
  tags: tagsErrors,
  reports: reportsErrors,
  serviceOrders: serviceOrdersErrors,
  visits: visitsErrors,
  dossier: dossierErrors,
  seals: sealsErrors,
  webhooks: webhooksErrors,
  billing: billingErrors,
  videos: videosErrors,
  analytics: analyticsErrors,
  audit: auditErrors,
} as const;

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void
  ? I
  : never;

/** Every code of every domain, by code. */
export const ERROR_CATALOGUE = Object.assign({}, ...Object.values(ERROR_DOMAINS)) as UnionToIntersection<
  (typeof ERROR_DOMAINS)[keyof typeof ERROR_DOMAINS]
>;

type Catalogue = typeof ERROR_CATALOGUE;

/** Every code the server may answer with. */
export type ErrorCode = keyof Catalogue;
/** @deprecated the same as ErrorCode (every code is known now). */
export type KnownErrorCode = ErrorCode;

/** The parameter names of a code (its message's `{name}` placeholders). */
export type ErrorParamName<C extends ErrorCode> = Placeholders<Catalogue[C]['message']>;
/** The id parameters of a code (its `ids`: e.g. `questionId`), numbers no text shows. */
export type ErrorIdName<C extends ErrorCode> = Catalogue[C] extends {
  ids: readonly (infer I extends string)[];
}
  ? I
  : never;
/**
 * The parameters a code needs, e.g. `{ name: string | number }` for CATEGORY_NAME_EXISTS, and
 * `{ question: string | number; questionId: number }` for INSPECTION_ANSWER_INVALID.
 */
export type ErrorParams<C extends ErrorCode> = { [K in ErrorParamName<C>]: string | number } & {
  [K in ErrorIdName<C>]: number;
};
/** Codes without parameters. */
export type PlainErrorCode = { [C in ErrorCode]: [ErrorParamName<C>] extends [never] ? C : never }[ErrorCode];

/** The error envelope: REST `{ error: ErrorBody }`, tRPC `error.data` (code, params, issues). */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  params?: Record<string, string | number>;
  /** A limit's issue also carries its code and number (`TOO_LONG`, `{ max: 60 }`: ./field-messages.ts). */
  issues?: IssueBody[];
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CATALOGUE, value);
}

/**
 * The text of a code in `lang` with its parameters filled in; undefined for an unknown code or
 * when a placeholder has no parameter (then the caller falls back to the server's message).
 */
export function errorText(
  code: string,
  lang: string,
  params: Readonly<Record<string, string | number>> = {},
): string | undefined {
  if (!isErrorCode(code)) return undefined;
  const def: ErrorDef = ERROR_CATALOGUE[code];
  const base = lang.slice(0, 2).toLowerCase();
  // pt (the default and fallback language) is the message itself, unless the seed's is English.
  const template = base === 'en' ? def.en : base === 'es' ? def.es : (def.pt ?? def.message);
  const text = formatMessage(template, params);
  return /\{\w+\}/.test(text) ? undefined : text;
}
