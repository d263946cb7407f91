/**
 * One declaration per operation. A domain's `operations.ts` declares each call once — who may call
 * it, its input and output schemas, its REST binding(s) and the one service call — and the tRPC
 * router, the REST shim routes and the OpenAPI document are all generated from that table:
 *
 *   export const categoryOperations = {
 *     list: query({
 *       access: tenant(ADMIN_ROLES),
 *       summary: 'Categories, paged.',
 *       input: listCategoriesSchema,
 *       output: pageSchema(categorySchema),
 *       rest: { method: 'get', path: '/web/categories/' },
 *       handler: (ctx, input) => s.listCategories(ctx, input),
 *     }),
 *   };
 *
 * The seed's odd REST calls are declared on the binding too: extra query parameters (`query`),
 * headers read into the input (`headers[].field`), uploads (`multipart`), job downloads
 * (`download: 'job'`) and answers that are not `{ data }` (`respond`) — the kit parses every input
 * once with the operation's schema and holds every output to its schema. Only a truly raw request
 * (a text body, a streamed body or a ranged answer) sets `raw`: the access check still runs first,
 * then the handler reads the request and answers itself; the binding documents what it reads.
 */
import type { z } from 'zod';
import { MAINTENANCE_RETRY_AFTER_SECONDS } from '../../shared/config/schemas.ts';
import { FIELD_MESSAGES } from '../../shared/field-messages.ts';
import type { Role } from '../../shared/roles.ts';
import { ROLES } from '../../shared/roles.ts';
import type { AuthContext, RequestContext, TenantContext } from '../context.ts';
import { config } from '../config.ts';
import { cachedAnswer } from '../db/read-cache.ts';
import { withOperationName } from './audit-header.ts';
import { AppError } from '../errors.ts';
import type { RestBinding } from './rest-binding.ts';

export * from './rest-binding.ts';

// ── access ──────────────────────────────────────────────────────────────────────────────────────

export type Access =
  | { readonly kind: 'public' }
  | { readonly kind: 'signed-in'; readonly roles: readonly Role[] }
  | { readonly kind: 'tenant'; readonly roles: readonly Role[] };

/** Anyone, signed in or not. */
export const PUBLIC = { kind: 'public' } as const satisfies Access;
/** Any signed-in user with one of `roles` (every role when omitted); no company group needed. */
export function signedIn(roles: readonly Role[] = ROLES) {
  return { kind: 'signed-in', roles } as const satisfies Access;
}
/** A signed-in user with one of `roles`, working inside a company group (`ctx.auth.tenant`). */
export function tenant(roles: readonly Role[]) {
  return { kind: 'tenant', roles } as const satisfies Access;
}

export type SignedInContext = RequestContext & { auth: AuthContext };
export type ContextFor<A extends Access> = A extends { kind: 'public' }
  ? RequestContext
  : A extends { kind: 'tenant' }
    ? TenantContext
    : SignedInContext;

/** The roles an access admits (all for public calls). */
export function rolesOf(access: Access): readonly Role[] {
  return access.kind === 'public' ? ROLES : access.roles;
}

/**
 * Checks the caller against an operation's access before anything else is read: 401 without a
 * session, 403 for a role outside the list, 403 TENANT_FORBIDDEN without a company group.
 */
export function authorize<A extends Access>(access: A, ctx: RequestContext): ContextFor<A> {
  if (access.kind === 'public') return ctx as ContextFor<A>;
  if (!ctx.auth) throw new AppError('UNAUTHENTICATED');
  if (!access.roles.includes(ctx.auth.role)) throw new AppError('FORBIDDEN');
  if (access.kind === 'tenant' && (!ctx.auth.companyGroup || !ctx.auth.tenant))
    throw new AppError('TENANT_FORBIDDEN');
  return ctx as ContextFor<A>;
}

/**
 * Records on the request that an operation whose answer carries a credential runs in it, so the
 * idempotency layer keeps nothing of its answer (a tRPC batch with one such call included). Both
 * doors call it first, before the access check, on the request's own context object.
 */
export function noteCredentialAnswer(op: AnyOperation, ctx: RequestContext): void {
  if (op.credential) ctx.answerCarriesCredential = true;
}

/**
 * Maintenance mode (MAINTENANCE_MODE, src/server/settings.ts): after the access check, every call
 * answers 503 MAINTENANCE_MODE with Retry-After — except the provider admin's and the operations
 * declared `maintenance: 'open'` (sign-in, sign-out, the public settings the client shows the
 * maintenance page from). Same rule on both doors.
 */
export async function refuseDuringMaintenance(op: AnyOperation, ctx: RequestContext): Promise<void> {
  if (op.maintenance === 'open' || ctx.auth?.role === 'MOBCHECK_ADMIN' || !ctx.underMaintenance) return;
  if (await ctx.underMaintenance())
    throw new AppError('MAINTENANCE_MODE', { retryAfter: MAINTENANCE_RETRY_AFTER_SECONDS });
}

// ── REST binding ────────────────────────────────────────────────────────────────────────────────

export type OperationKind = 'query' | 'mutation';

export interface Operation<
  K extends OperationKind = OperationKind,
  A extends Access = Access,
  I extends z.ZodType | undefined = z.ZodType | undefined,
  O extends z.ZodType = z.ZodType,
> {
  readonly __operation: true;
  readonly kind: K;
  readonly access: A;
  readonly summary: string;
  readonly input: I;
  readonly output: O;
  /** REST bindings (none: tRPC only). */
  readonly rest: readonly RestBinding<ContextFor<A>>[];
  /** false: REST only (e.g. a streamed download); default true. */
  readonly trpc: boolean;
  /** 'open': answers during maintenance mode too (see `refuseDuringMaintenance`). */
  readonly maintenance?: 'open';
  /** 'per-caller': a read whose answer is reused for the same caller and input (see `execute`). */
  readonly cache?: 'per-caller';
  /** true: the answer carries a credential, never kept nor replayed (see `Definition.credential`). */
  readonly credential?: true;
  /** 'tests': the answer is held to `output` under NODE_ENV=test only (see `Definition.outputCheck`). */
  readonly outputCheck?: 'tests';
  /** Chooses the domain code of an input the schema refused (see `Definition.inputError`). */
  readonly inputError?: (error: z.ZodError, raw: unknown) => AppError | undefined;
  readonly handler: (ctx: ContextFor<A>, input: InputOf<I>) => Promise<z.input<O>> | z.input<O>;
}

export type InputOf<I> = I extends z.ZodType ? z.output<I> : undefined;
// biome-ignore lint/suspicious/noExplicitAny: any operation, whatever its schemas
export type AnyOperation = Operation<OperationKind, Access, any, any>;

interface Definition<
  K extends OperationKind,
  A extends Access,
  I extends z.ZodType | undefined,
  O extends z.ZodType,
> {
  access: A;
  summary: string;
  input?: I;
  output: O;
  rest?: RestBinding<ContextFor<A>> | readonly RestBinding<ContextFor<A>>[];
  trpc?: boolean;
  /** 'open': answers during maintenance mode too (sign-in, sign-out, the public settings). */
  maintenance?: 'open';
  /**
   * 'per-caller' (reads only): the answer is kept for the same caller (user, role, company group,
   * company) and input until a schema its statements read changes, at most READ_CACHE_MS — for the
   * list pages every screen opens and refetches (issue 12). A caller sending `Cache-Control:
   * no-cache` always gets a fresh answer.
   */
  cache?: K extends 'query' ? 'per-caller' : never;
  /**
   * true: the answer carries a credential — a session token (sign-in, activation, password reset)
   * or a signing secret (webhook endpoint create, rotate), a one-time link. The `Idempotency-Key` layer
   * (src/server/idempotency.ts) never keeps such an answer in Redis, so it is never replayed to
   * anyone: a retry runs again. A test holds every operation whose answer has a token or secret
   * field to this flag (tests/integration/platform/credential-answers.test.ts).
   */
  credential?: true;
  /**
   * 'tests': the answer is parsed with `output` only under NODE_ENV=test (every integration test
   * still holds it to the schema), not in production — for a hot read whose handler maps typed rows
   * straight to the answer, so parsing returns it unchanged (a test says so) and only costs: about
   * 8% of an equipment list call (issue 32). Never for an answer built from loosely typed data.
   */
  outputCheck?: 'tests';
  /**
   * The seed's codes for a refused input, when a field rule's `params.code` cannot say it (e.g. a
   * missing field is CREATE_MISSING_FIELD whatever the field): given the schema's error and what was
   * sent, an AppError to answer instead of 400 VALIDATION_FAILED, or undefined. Both doors.
   */
  inputError?: (error: z.ZodError, raw: unknown) => AppError | undefined;
  handler(ctx: ContextFor<A>, input: InputOf<I>): Promise<z.input<O>> | z.input<O>;
}

function define<K extends OperationKind>(kind: K) {
  return <A extends Access, O extends z.ZodType, I extends z.ZodType | undefined = undefined>(
    def: Definition<K, A, I, O>,
  ): Operation<K, A, I, O> => ({
    __operation: true,
    kind,
    access: def.access,
    summary: def.summary,
    input: def.input as I,
    output: def.output,
    rest: def.rest === undefined ? [] : Array.isArray(def.rest) ? def.rest : [def.rest as RestBinding],
    trpc: def.trpc ?? true,
    ...(def.maintenance ? { maintenance: def.maintenance } : {}),
    ...(def.cache ? { cache: def.cache } : {}),
    ...(def.credential ? { credential: true as const } : {}),
    ...(def.outputCheck ? { outputCheck: def.outputCheck } : {}),
    ...(def.inputError ? { inputError: def.inputError } : {}),
    handler: def.handler,
  });
}

/** A read: tRPC query, REST GET. */
export const query = define('query');
/** A write: tRPC mutation, REST POST/PUT/DELETE. */
export const mutation = define('mutation');

export function isOperation(value: unknown): value is AnyOperation {
  return (
    typeof value === 'object' && value !== null && (value as { __operation?: unknown }).__operation === true
  );
}

/** A domain's table: operations, nested by tRPC path segment. */
export interface OperationTable {
  [key: string]: AnyOperation | OperationTable;
}

export interface FlatOperation {
  /** tRPC path, e.g. `catalogue.categories.list` */
  name: string;
  operation: AnyOperation;
}

/** Every operation of a table with its tRPC path. */
export function flattenOperations(table: OperationTable, prefix = ''): FlatOperation[] {
  const out: FlatOperation[] = [];
  for (const [key, value] of Object.entries(table)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (isOperation(value)) out.push({ name, operation: value });
    else out.push(...flattenOperations(value, name));
  }
  return out;
}

/** Where a NUL byte hides in a value (a string, an object key or anything below), or null. */
export function nulPath(value: unknown, path: (string | number)[] = [], depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') : null;
  if (depth > 64 || value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const p = nulPath(value[i], [...path, i], depth + 1);
      if (p !== null) return p;
    }
    return null;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) return null;
  for (const [k, v] of Object.entries(value)) {
    if (k.includes('\u0000')) return [...path, k.replaceAll('\u0000', '')].join('.');
    const p = nulPath(v, [...path, k], depth + 1);
    if (p !== null) return p;
  }
  return null;
}

/**
 * Postgres refuses NUL in text, so a NUL anywhere in an input is a 400 VALIDATION_FAILED before any
 * schema or service sees it: one rule for every string of every operation (raw handlers call it on
 * what they read themselves).
 */
export function assertNoNul(value: unknown): void {
  const path = nulPath(value);
  if (path !== null)
    throw new AppError('VALIDATION_FAILED', {
      issues: [{ path, message: FIELD_MESSAGES.INVALID_CHARACTER }],
    });
}

/**
 * Parses an operation's input. A field rule may name the catalogue code its failure answers
 * (an issue with `params.code`, e.g. USER_REGISTER_EMAIL_INVALID with `params.email`): that code
 * wins over the generic 400 VALIDATION_FAILED, on both doors.
 */
export function parseInput(op: AnyOperation, raw: unknown): unknown {
  if (!op.input) return undefined;
  assertNoNul(raw);
  const r = op.input.safeParse(raw);
  if (r.success) return r.data;
  for (const issue of r.error.issues as z.core.$ZodIssue[]) {
    const params = (issue as { params?: Record<string, unknown> }).params;
    if (issue.code === 'custom' && typeof params?.code === 'string') {
      const { code, ...rest } = params;
      throw new AppError(code as never, { params: rest as Record<string, string | number> });
    }
  }
  const mapped = op.inputError?.(r.error, raw);
  if (mapped) throw mapped;
  throw r.error;
}

/** Runs an operation's service call and holds its answer to the declared output schema. */
export async function execute(
  name: string,
  op: AnyOperation,
  ctx: RequestContext,
  input: unknown,
): Promise<unknown> {
  const auth = ctx.auth;
  if (op.cache === 'per-caller' && auth && !ctx.fresh) {
    const group = auth.companyGroup;
    const key = `${name}\u0000${auth.user.id}\u0000${auth.role}\u0000${group?.id}\u0000${group?.payment_status}\u0000${auth.companyId}\u0000${JSON.stringify(input)}`;
    return cachedAnswer(key, () => run(name, op, ctx, input));
  }
  return run(name, op, ctx, input);
}

async function run(name: string, op: AnyOperation, ctx: RequestContext, input: unknown): Promise<unknown> {
  const out = await withOperationName(name, () => op.handler(ctx as never, input as never));
  if (op.outputCheck === 'tests' && config().NODE_ENV !== 'test') return out;
  const parsed = op.output.safeParse(out);
  if (!parsed.success) {
    // A server fault, never the caller's: a plain Error becomes 500 INTERNAL_ERROR (and is logged).
    throw new Error(
      `output of ${name} does not match its schema: ${parsed.error.issues
        .slice(0, 3)
        .map((i: z.core.$ZodIssue) => `${i.path.join('.')}: ${i.message}`)
        .join('; ')}`,
    );
  }
  return parsed.data;
}
