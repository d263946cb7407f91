/**
 * Mounts the REST shim routes of an operation table on the Hono app. For each binding: access is
 * checked first (401/403 before any parsing), the input is assembled from path parameters, the
 * query string (GET/DELETE), the declared query parameters and headers, the JSON body or the
 * uploaded file, coerced to the schemas' types and parsed once by the operation's input schema;
 * the output is held to its schema; the answer is `{ data }` with the binding's status, the job's
 * file (`download: 'job'`) or the binding's own `respond`.
 */
import type { Context, Hono } from 'hono';
import { type z, ZodError } from 'zod';
import type { AppEnv } from '../rest.ts';
import { AppError } from '../errors.ts';
import {
  type AnyOperation,
  authorize,
  noteCredentialAnswer,
  execute,
  type FlatOperation,
  parseInput,
  readsNoBody,
  type RestBinding,
  type RestMultipart,
  refuseDuringMaintenance,
} from './operation.ts';
import { baseType, coerceRecord, objectShape, QUERY_ALIASES } from './schema-shape.ts';
import { answerJson } from './answer-json.ts';

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The JSON body, or undefined when there is none; malformed JSON is a 400. */
async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('VALIDATION_FAILED', { message: 'Malformed JSON body' });
  }
}

/** The declared query parameters in the URL, coerced to `schema`'s field types; a blank one is absent. */
function declaredQuery(
  c: Context<AppEnv>,
  schema: z.ZodObject,
): { given: boolean; values: Record<string, unknown> } {
  const shape = schema.shape as Record<string, z.ZodType>;
  const all = c.req.queries() as Record<string, string[]>;
  for (const [alias, name] of Object.entries(QUERY_ALIASES)) {
    if (shape[name] && all[alias] && !all[name]) all[name] = all[alias];
  }
  const picked: Record<string, string[]> = {};
  let given = false;
  for (const key of Object.keys(shape)) {
    const v = all[key];
    if (v === undefined) continue;
    given = true;
    const filled = v.filter((x) => x !== '');
    if (filled.length) picked[key] = filled;
  }
  return { given, values: coerceRecord(shape, picked) };
}

/** The declared headers that fill input fields (an absent one is empty text). */
function declaredHeaders(c: Context<AppEnv>, binding: RestBinding): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const h of binding.headers ?? []) if (h.field) out[h.field] = c.req.header(h.name) ?? '';
  return out;
}

/** Room for the multipart boundaries and part headers around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;

/** The uploaded file of a `multipart` binding: its bytes and declared type. */
async function uploadedFile(
  c: Context<AppEnv>,
  m: RestMultipart,
): Promise<{ bytes: Uint8Array | null; type: string | null; fields: Record<string, string> }> {
  // Refuse an oversized body before reading it.
  const declared = Number(c.req.header('Content-Length') ?? 0);
  if (declared > m.maxBytes + MULTIPART_OVERHEAD) throw new AppError(m.tooLarge as never);
  const contentType = c.req.header('Content-Type') ?? '';
  let bytes: Uint8Array | null;
  let type: string | null;
  const fields: Record<string, string> = {};
  if (contentType.includes('multipart/form-data') || !m.rawBody) {
    let file: unknown;
    try {
      const form = await c.req.parseBody();
      file = form[m.field];
      for (const f of m.fields ?? []) if (typeof form[f] === 'string' && form[f] !== '') fields[f] = form[f];
    } catch {
      throw new AppError(m.invalid as never);
    }
    if (m.rawBody && !(file instanceof File)) throw new AppError(m.invalid as never);
    bytes = file instanceof File ? new Uint8Array(await file.arrayBuffer()) : null;
    type = file instanceof File && file.type ? file.type : null;
  } else {
    bytes = new Uint8Array(await c.req.arrayBuffer());
    type = contentType ? contentType.split(';')[0]!.trim() : null;
  }
  if (bytes && bytes.byteLength > m.maxBytes) throw new AppError(m.tooLarge as never);
  return { bytes, type, fields };
}

/** Builds the raw input of a REST call for `op` through `binding` (parsed by the input schema next). */
export async function restInput(
  c: Context<AppEnv>,
  op: AnyOperation,
  binding: RestBinding,
): Promise<unknown> {
  const shape = objectShape(op.input);
  const pathValues = c.req.param() as Record<string, string>;
  const renamed: Record<string, string> = {};
  for (const [k, v] of Object.entries(pathValues)) renamed[binding.params?.[k] ?? k] = v;
  const params = coerceRecord(shape, renamed);
  let query: Record<string, unknown> = {};
  if (binding.method === 'get' || binding.method === 'delete') {
    const raw = c.req.queries() as Record<string, string[]>;
    for (const [alias, name] of Object.entries(QUERY_ALIASES)) {
      if (shape?.[name] && raw[alias] && !raw[name]) raw[name] = raw[alias];
    }
    // Declared query parameters are read from their own schema below, not as input fields; an
    // object field is never one text parameter.
    const declared = binding.query ? Object.keys(binding.query.shape) : [];
    for (const k of declared) delete raw[k];
    for (const [k, field] of Object.entries(shape ?? {})) if (baseType(field) === 'object') delete raw[k];
    if (binding.queryKey) delete raw[binding.queryKey];
    query = coerceRecord(shape, raw);
  }
  if (binding.query) {
    const { given, values } = declaredQuery(c, binding.query);
    if (!binding.queryKey) Object.assign(query, values);
    else if (given) query[binding.queryKey] = values;
  }
  const headers = declaredHeaders(c, binding);
  if (binding.multipart) {
    const { bytes, type, fields } = await uploadedFile(c, binding.multipart);
    const f = binding.multipart.field;
    const form = coerceRecord(shape, fields);
    return { ...query, ...form, ...headers, [f]: bytes, [`${f}Type`]: type, ...params, ...binding.fixed };
  }
  const body =
    binding.method === 'get' || binding.method === 'delete' || readsNoBody(binding, shape)
      ? undefined
      : await readJson(c);
  if (binding.bodyKey) return { ...query, ...headers, [binding.bodyKey]: body, ...params, ...binding.fixed };
  if (!shape && !binding.fixed && !binding.query && !binding.headers?.some((h) => h.field)) return body;
  if (body !== undefined && !isPlainObject(body))
    throw new AppError('VALIDATION_FAILED', { message: 'The body must be a JSON object' });
  // Path parameters and fixed values win: a body cannot redirect a call to another id.
  return { ...query, ...(body as object | undefined), ...headers, ...params, ...binding.fixed };
}

/**
 * With `bodyKey` the body is one field of the input, but the caller sent it as the whole body:
 * issue paths are given relative to what was sent (`0.name`, not `rows.0.name`).
 */
function bodyRelative<T>(key: string, parse: () => T): T {
  try {
    return parse();
  } catch (err) {
    if (err instanceof ZodError) {
      // Rewritten in place: the error thrown by parse() is a real Error (Hono's onError needs one).
      for (const issue of err.issues as { path: PropertyKey[] }[])
        if (issue.path[0] === key) issue.path = issue.path.slice(1);
    }
    throw err;
  }
}

/** Both spellings of a path: with and without the trailing slash. */
export function pathVariants(path: string): string[] {
  if (path === '/') return [path];
  return path.endsWith('/') ? [path, path.slice(0, -1)] : [path, `${path}/`];
}

/** A path's pattern: a `:param` segment matches any one segment. */
function pathPattern(path: string): RegExp {
  const body = path
    .split('/')
    .map((seg) => (seg.startsWith(':') ? '[^/]+' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${body}$`);
}

/** How the app answers the bindings the kit cannot answer alone (given by the app: no domain import here). */
export interface RestAnswers {
  /** `download: 'job'`: wait for the job `jobId` and stream its file, or answer 202 (see RestBinding). */
  job(c: Context<AppEnv>, jobId: string, waitMs: number | undefined): Promise<Response>;
}

const JSON_CONTENT = { 'Content-Type': 'application/json' };

/**
 * The JSON text of the `{ data }` answers of cached operations, kept with the answer object: an
 * answer of the per-caller cache (kit/operation.ts `execute`) is one object served to many calls
 * — never changed, its callers share it — and serializing it again on every call was a third of
 * a cached equipment page's CPU (issue 32).
 */
const answerTexts = new WeakMap<object, string>();

function answerText(name: string, op: FlatOperation['operation'], data: unknown): string {
  if (op.cache !== 'per-caller' || data === null || typeof data !== 'object')
    return answerJson(name, op.output, data);
  let text = answerTexts.get(data);
  if (text === undefined) {
    text = answerJson(name, op.output, data);
    answerTexts.set(data, text);
  }
  return text;
}

const NO_ANSWERS: RestAnswers = {
  job: () => {
    throw new Error("download: 'job' needs the app's job answer (mountOperations' answers)");
  },
};

export function mountOperations(
  app: Hono<AppEnv>,
  operations: readonly FlatOperation[],
  answers: RestAnswers = NO_ANSWERS,
): void {
  const seen = new Set<string>();
  // Hono answers with the first route that matches: a static path declared after a `/:id/` one
  // of the same method would never be reached, so that is refused at start-up.
  const mounted: { method: string; path: string; pattern: RegExp }[] = [];
  for (const { name, operation: op } of operations) {
    for (const binding of op.rest) {
      const handler = async (c: Context<AppEnv>) => {
        noteCredentialAnswer(op, c.get('ctx'));
        const ctx = authorize(op.access, c.get('ctx'));
        await refuseDuringMaintenance(op, ctx);
        if (binding.raw)
          return binding.raw(c, ctx as never, (raw) => execute(name, op, ctx, parseInput(op, raw)));
        const raw = await restInput(c, op, binding);
        const input = binding.bodyKey
          ? bodyRelative(binding.bodyKey, () => parseInput(op, raw))
          : parseInput(op, raw);
        const data = await execute(name, op, ctx, input);
        if (binding.download === 'job')
          return answers.job(c, (data as { jobId: string }).jobId, binding.waitMs);
        if (binding.respond) return binding.respond(c, data as never);
        return c.body(answerText(name, op, data), binding.status ?? 200, JSON_CONTENT);
      };
      for (const path of pathVariants(binding.path)) {
        const key = `${binding.method} ${path}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const shadow = mounted.find((m) => m.method === binding.method && m.pattern.test(path));
        if (shadow)
          throw new Error(
            `${name}: ${key} is shadowed by ${shadow.path}, declared before it (declare the static path first)`,
          );
        mounted.push({ method: binding.method, path, pattern: pathPattern(path) });
        app.on(binding.method.toUpperCase(), path, handler);
      }
    }
  }
}
