/**
 * tRPC + React Query wiring.
 *
 * In components:
 *   const trpc = useTRPC();
 *   const me = useQuery(trpc.account.me.queryOptions());
 *   const save = useMutation(trpc.account.update.mutationOptions({ onSuccess: ... }));
 *   queryClient.invalidateQueries({ queryKey: trpc.catalogue.pathKey() });
 * Outside React (rare): `trpcClient.account.me.query()`.
 *
 * Global error handling (seed 000 §7 interceptors): code UNAUTHENTICATED (401) → /logout;
 * MAINTENANCE_MODE (503) → the maintenance page; 403 → console.warn only; HTTP 504 → one retry after 5000 ms (queries only: a mutation may have
 * been applied before the gateway timed out, so it is not replayed blindly).
 */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, httpLink, splitLink, TRPCClientError } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import i18n from 'i18next';
import superjson from 'superjson';
import type { AppRouter } from '../../server/router.ts';
import { DEFAULT_LANGUAGE } from '../../shared/enums.ts';
import { errorText } from '../../shared/errors.ts';
import { MAINTENANCE_CODE, markMaintenance } from './maintenance-flag.ts';
import { getToken } from './token.ts';

/** Seed 000 §9: a 504 is retried after 5000 ms. */
export const GATEWAY_TIMEOUT_RETRY_MS = 5000;
/** The server refuses batches above its own cap; stay well below it. */
export const TRPC_MAX_BATCH_ITEMS = 10;

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

export function authHeaders(): Record<string, string> {
  const token = getToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** 128 random bits as hex (getRandomValues works on plain http too, unlike randomUUID). */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * A mutation that must keep its key across retries — a record queued on the phone (issue 20) is
 * sent with its own id every time — passes it in the call's context:
 * `trpcClient.equipment.inspect.mutate(input, { context: withIdempotencyKey(id) })`.
 */
export function withIdempotencyKey(key: string): { idempotencyKey: string } {
  return { idempotencyKey: key };
}

/**
 * After the user writes, reads ask for fresh answers for a while: the server keeps list answers
 * per caller for up to READ_CACHE_MS (5 s by default; kit/operation.ts) and another server process
 * may not yet have heard of the change, so the lists refetched after a save must not come from it.
 */
const FRESH_AFTER_WRITE_MS = 10_000;
let freshUntil = 0;

function noteWrite(): void {
  freshUntil = Date.now() + FRESH_AFTER_WRITE_MS;
}

/** `Cache-Control: no-cache` while the user's last write is recent. */
export function freshnessHeaders(): Record<string, string> {
  return Date.now() < freshUntil ? { 'Cache-Control': 'no-cache' } : {};
}

function idempotencyKeyOf(context: Record<string, unknown>): string | undefined {
  const key = context.idempotencyKey;
  return typeof key === 'string' && key ? key : undefined;
}

export function makeTrpcClient() {
  return createTRPCClient<AppRouter>({
    links: [
      // Reads are batched; each write goes alone with its own Idempotency-Key, so a retry of the
      // same request (a lost answer, a proxy's replay) is answered once by the server.
      splitLink({
        condition: (op) => op.type === 'mutation',
        true: httpLink({
          url: '/trpc',
          transformer: superjson,
          headers: ({ op }) => {
            noteWrite();
            return {
              ...authHeaders(),
              'Idempotency-Key': idempotencyKeyOf(op.context) ?? newIdempotencyKey(),
            };
          },
        }),
        false: httpBatchLink({
          url: '/trpc',
          transformer: superjson,
          maxItems: TRPC_MAX_BATCH_ITEMS,
          headers: () => ({ ...authHeaders(), ...freshnessHeaders() }),
        }),
      }),
    ],
  });
}

export const trpcClient = makeTrpcClient();

/** The catalogue code of an error (`error.data.code` for tRPC, `error.code` for REST), if any. */
export function errorCode(err: unknown): string | undefined {
  if (err instanceof TRPCClientError) {
    const data = err.data as { code?: unknown } | undefined;
    return typeof data?.code === 'string' ? data.code : undefined;
  }
  if (err instanceof RestError) return err.code;
  return undefined;
}

/** The HTTP status behind an error, if known. */
export function httpStatus(err: unknown): number | undefined {
  if (err instanceof TRPCClientError) {
    const data = err.data as { httpStatus?: unknown } | undefined;
    if (typeof data?.httpStatus === 'number') return data.httpStatus;
    const meta = err.meta as { response?: { status?: unknown } } | undefined;
    return typeof meta?.response?.status === 'number' ? meta.response.status : undefined;
  }
  if (err instanceof RestError) return err.status;
  return undefined;
}

type ErrorParamValues = Record<string, string | number>;

function paramsOf(value: unknown): ErrorParamValues | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const out: ErrorParamValues = {};
  for (const [k, v] of Object.entries(value)) if (typeof v === 'string' || typeof v === 'number') out[k] = v;
  return out;
}

/** The parameters of an error's code (`error.data.params` for tRPC, `error.params` for REST), if any. */
export function errorParams(err: unknown): ErrorParamValues | undefined {
  if (err instanceof TRPCClientError) return paramsOf((err.data as { params?: unknown } | undefined)?.params);
  if (err instanceof RestError) return err.params;
  return undefined;
}

/**
 * A user-facing message in the user's current language: the catalogue text of the error's code
 * (`src/shared/errors.ts`) with its parameters; else the server's message; else `fallback`.
 */
export function errorMessage(err: unknown, fallback: string): string {
  const code = errorCode(err);
  if (code) {
    const text = errorText(
      code,
      i18n.resolvedLanguage ?? i18n.language ?? DEFAULT_LANGUAGE,
      errorParams(err),
    );
    if (text) return text;
  }
  if (err instanceof TRPCClientError || err instanceof RestError) return err.message || fallback;
  return fallback;
}

let onUnauthenticated: () => void = () => {
  window.location.hash = '#/logout';
};

/** The router registers how to go to /logout (default: change the hash). */
export function setUnauthenticatedHandler(fn: () => void): void {
  onUnauthenticated = fn;
}

function handleGlobalError(err: unknown): void {
  const status = httpStatus(err);
  if (errorCode(err) === 'UNAUTHENTICATED') {
    onUnauthenticated();
  } else if (errorCode(err) === MAINTENANCE_CODE) {
    // Maintenance mode: the root shows the maintenance page instead of the app.
    markMaintenance();
  } else if (status === 403) {
    console.warn('[api] forbidden', err instanceof Error ? err.message : err);
  }
}

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: handleGlobalError }),
    mutationCache: new MutationCache({ onError: handleGlobalError }),
    defaultOptions: {
      queries: {
        retry: (failureCount, err) => failureCount < 1 && httpStatus(err) === 504,
        retryDelay: GATEWAY_TIMEOUT_RETRY_MS,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = makeQueryClient();

/** Error of `restFetch`: the server's `{ error: { code, message, params? } }` body, or the bare status. */
export class RestError extends Error {
  readonly code: string;
  readonly status: number;
  readonly params?: ErrorParamValues;
  constructor(status: number, code: string, message: string, params?: ErrorParamValues) {
    super(message);
    this.name = 'RestError';
    this.status = status;
    this.code = code;
    this.params = params;
  }
}

/**
 * fetch() for the REST shim (/web/*), e.g. file downloads: adds the bearer token, throws a
 * RestError built from `{ error: { code, message } }` on a non-2xx answer (401 also goes to /logout),
 * and returns the Response otherwise (call `.blob()`, `.json()`...).
 */
export async function restFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const method = (init.method ?? 'GET').toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') noteWrite();
  for (const [k, v] of Object.entries({ ...authHeaders(), ...freshnessHeaders() }))
    if (!headers.has(k)) headers.set(k, v);
  const res = await fetch(path, { ...init, headers });
  if (res.ok) return res;
  let code = `HTTP_${res.status}`;
  let message = res.statusText;
  let params: ErrorParamValues | undefined;
  try {
    const body = (await res.json()) as { error?: { code?: string; message?: string; params?: unknown } };
    if (body.error?.code) code = body.error.code;
    if (body.error?.message) message = body.error.message;
    params = paramsOf(body.error?.params);
  } catch {
    // not JSON
  }
  const err = new RestError(res.status, code, message, params);
  handleGlobalError(err);
  throw err;
}

/** Downloads a REST file (with the bearer token) and saves it under `filename`. */
export async function downloadFile(path: string, filename: string): Promise<void> {
  const res = await restFetch(path);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
