/**
 * A REST binding of an operation: its method and path, and the seed's odd cases declared on it
 * (extra query parameters, headers into the input, uploads, job downloads, non-`{ data }` answers,
 * truly raw requests). Mounted by kit/rest-routes.ts and documented by kit/openapi.ts.
 */
import type { Context } from 'hono';
import type { z } from 'zod';
import type { ErrorCode } from '../../shared/errors.ts';
import type { AppEnv } from '../rest.ts';

export type HttpMethod = 'get' | 'post' | 'put' | 'delete' | 'patch';

/** A header a binding reads: documented, in the idempotency fingerprint, and with `field` put into the input. */
export interface RestHeader {
  name: string;
  description: string;
  required?: boolean;
  /** The input field the header's text fills (absent header: empty text), parsed by the input schema. */
  field?: string;
}

/**
 * A file upload: the multipart field `field` (or, with `rawBody`, the whole body) becomes the
 * input's `field` as bytes and `${field}Type` as the part's content type. A body over `maxBytes`
 * (plus the multipart overhead, by Content-Length before it is read, and the file itself after)
 * answers `tooLarge`; an unreadable body `invalid`. What the bytes are is the service's check.
 */
export interface RestMultipart {
  field: string;
  maxBytes: number;
  /** The types the bytes may be (documented; the service checks the bytes themselves). */
  types: readonly string[];
  /** Also take the raw file as the body (any Content-Type other than multipart). */
  rawBody?: boolean;
  /** Other text fields of the form put into the input (coerced to the input's types), e.g. `questionId`. */
  fields?: readonly string[];
  tooLarge: ErrorCode;
  invalid: ErrorCode;
}

/**
 * What a raw handler calls with what it read: the operation's input schema parses it (once, with
 * the same codes as every call) and the service runs with its answer held to the output schema.
 */
export type RawCall = (input: unknown) => Promise<unknown>;

// biome-ignore lint/suspicious/noExplicitAny: the context type of a raw handler depends on its operation
export interface RestBinding<C = any> {
  method: HttpMethod;
  /** Hono path, e.g. `/web/categories/:id/`; the same path with or without the trailing slash answers. */
  path: string;
  /** Success status (default 200). */
  status?: 200 | 201;
  /** Puts the JSON body under this input key instead of merging its fields (e.g. a list PUT → `rows`). */
  bodyKey?: string;
  /** Input this route fixes (e.g. `{ kind: 'inspection' }` for one of two attribute paths). */
  fixed?: Record<string, unknown>;
  /** Path parameters whose input field has another name, e.g. `{ qty: 'quantity' }`. */
  params?: Record<string, string>;
  /** Summary of this route when it differs from the operation's. */
  summary?: string;
  /**
   * Extra query parameters (any method): the URL text is coerced to this schema's field types, a
   * blank value counts as absent, and the values are merged into the input (under `queryKey` when
   * set, only when one of them is in the URL) before the operation's input schema parses it — once.
   * Documented from the same schema (`.describe()` gives a parameter its description). On a raw
   * binding it only documents what the handler reads.
   */
  query?: z.ZodObject;
  /** Puts the `query` parameters under this input key instead of merging them. */
  queryKey?: string;
  /** Headers the route reads (OpenAPI, idempotency fingerprint); `field` maps one into the input. */
  headers?: RestHeader[];
  /** A file upload (see `RestMultipart`); documented from the declaration. */
  multipart?: RestMultipart;
  /**
   * 'job': the handler starts a job and answers `{ jobId }`; the route waits for it and streams its
   * file (`waitMs`, default 120 s), or answers 202 + Location of the job with `Prefer:
   * respond-async` or when the wait runs out; a failed job is 409 JOB_FAILED.
   */
  download?: 'job';
  waitMs?: number;
  /**
   * Builds the HTTP answer from the parsed output when it is not `{ data: output }` (an image
   * with ETag/304, a miss answered as an error, one field of the output); document it with
   * `answer`/`produces`.
   */
  respond?: (c: Context<AppEnv>, output: never) => Response | Promise<Response>;
  /**
   * Escape hatch for a truly raw request (a text body, a streamed body or answer with ranges):
   * reads the request itself and returns the Response. Access is checked before it runs; the
   * fields below document what it reads and answers.
   */
  raw?: (c: Context<AppEnv>, ctx: C, call: RawCall) => Promise<Response>;
  /** The request body of a raw route (OpenAPI). */
  requestBody?: { contentType: string; description: string; schema?: z.ZodType };
  /** The `data` of the JSON answer when it is not the operation's output (OpenAPI). */
  answer?: z.ZodType;
  /** Content type of a file answer, e.g. `application/pdf` (OpenAPI). */
  produces?: string;
  /** Extra documented answers, e.g. `{ 202: 'Accepted: the job runs on (Prefer: respond-async)' }`. */
  responses?: Record<number, string>;
}

/** The path parameters of a binding's path, by their names in the path. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
}

/** The input fields a binding fills from elsewhere than the JSON body or the plain query string. */
export function filledElsewhere(b: RestBinding): Set<string> {
  const out = new Set<string>([
    ...pathParamNames(b.path).map((p) => b.params?.[p] ?? p),
    ...Object.keys(b.fixed ?? {}),
  ]);
  for (const h of b.headers ?? []) if (h.field) out.add(h.field);
  if (b.queryKey) out.add(b.queryKey);
  if (b.query) for (const k of Object.keys(b.query.shape)) out.add(k);
  if (b.multipart) {
    out.add(b.multipart.field);
    out.add(`${b.multipart.field}Type`);
    for (const f of b.multipart.fields ?? []) out.add(f);
  }
  return out;
}

/** A binding whose input all comes from headers (and the path, fixed values) reads no body. */
export function readsNoBody(b: RestBinding, shape: Record<string, z.ZodType> | null): boolean {
  if (!(b.headers ?? []).some((h) => h.field) || !shape) return false;
  const elsewhere = filledElsewhere(b);
  return Object.keys(shape).every((k) => elsewhere.has(k));
}

// ── operation ───────────────────────────────────────────────────────────────────────────────────
