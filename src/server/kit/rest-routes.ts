/**
 * Mounts the REST shim routes of an operation table on the Hono app. For each binding: access is
 * checked first (401/403 before any parsing), the input is assembled from path parameters, the
 * query string (GET/DELETE) and the JSON body, coerced to the input schema's types and parsed by
 * that same schema; the answer is `{ data }` with the binding's status.
 */
import type { Context, Hono } from 'hono';
import { ZodError } from 'zod';
import type { AppEnv } from '../rest.ts';
import { AppError } from '../errors.ts';
import {
  type AnyOperation,
  authorize,
  noteCredentialAnswer,
  execute,
  type FlatOperation,
  parseInput,
  type RestBinding,
  refuseDuringMaintenance,
} from './operation.ts';
import { coerceRecord, objectShape } from './schema-shape.ts';

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

/** Lists also answer to the seed's `size` and `field` names for pageSize and sort. */
const QUERY_ALIASES: Record<string, string> = { size: 'pageSize', field: 'sort' };

/** Builds the raw input of a REST call for `op` through `binding` (parsed by the input schema next). */
export async function restInput(
  c: Context<AppEnv>,
  op: AnyOperation,
  binding: RestBinding,
): Promise<unknown> {
  const shape = objectShape(op.input);
  const params = coerceRecord(shape, c.req.param() as Record<string, string>);
  let query: Record<string, unknown> = {};
  if (binding.method === 'get' || binding.method === 'delete') {
    const raw = c.req.queries() as Record<string, string[]>;
    for (const [alias, name] of Object.entries(QUERY_ALIASES)) {
      if (shape?.[name] && raw[alias] && !raw[name]) raw[name] = raw[alias];
    }
    query = coerceRecord(shape, raw);
  }
  const body = binding.method === 'get' || binding.method === 'delete' ? undefined : await readJson(c);
  if (binding.bodyKey) return { ...query, [binding.bodyKey]: body, ...params, ...binding.fixed };
  if (!shape) return body;
  if (body !== undefined && !isPlainObject(body))
    throw new AppError('VALIDATION_FAILED', { message: 'The body must be a JSON object' });
  // Path parameters and fixed values win: a body cannot redirect a call to another id.
  return { ...query, ...body, ...params, ...binding.fixed };
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

export function mountOperations(app: Hono<AppEnv>, operations: readonly FlatOperation[]): void {
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
        if (binding.raw) return binding.raw(c, ctx as never);
        const raw = await restInput(c, op, binding);
        const input = binding.bodyKey
          ? bodyRelative(binding.bodyKey, () => parseInput(op, raw))
          : parseInput(op, raw);
        const data = await execute(name, op, ctx, input);
        return c.json({ data: data ?? null }, binding.status ?? 200);
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
