import { createTRPCClient, httpLink } from '@trpc/client';
import superjson from 'superjson';
import { createApp } from '../../src/server/app.ts';
import type { AppRouter } from '../../src/server/router.ts';
import { DEMO_PASSWORD } from '../../src/server/seed/demo-users.ts';

/** The real Hono app, called in-process (no port), against the run's real Postgres and Redis. */
let app: ReturnType<typeof createApp> | undefined;
export function testApp() {
  app ??= createApp();
  return app;
}

export interface RestOptions {
  token?: string | null;
  body?: unknown;
  /** raw text body (e.g. the password of POST /web/authentication/) */
  text?: string;
  headers?: Record<string, string>;
  ip?: string;
}

export interface RestResponse<T = unknown> {
  status: number;
  headers: Headers;
  json: {
    data?: T;
    error?: {
      code: string;
      message: string;
      params?: Record<string, string | number>;
      issues?: { path: string; message: string }[];
    };
  };
  res: Response;
}

/** Calls the REST shim and parses the envelope (non-JSON answers leave `json` empty). */
export async function rest<T = unknown>(
  method: string,
  path: string,
  opts: RestOptions = {},
): Promise<RestResponse<T>> {
  const headers: Record<string, string> = { 'X-Forwarded-For': opts.ip ?? '10.0.0.1', ...opts.headers };
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  let body: string | undefined;
  const bodyless = method === 'GET' || method === 'HEAD';
  if (opts.text !== undefined) body = opts.text;
  else if (opts.body !== undefined && !bodyless) {
    body = JSON.stringify(opts.body);
    headers['Content-Type'] = 'application/json';
  }
  const res = await testApp().request(path, { method, headers, body });
  const type = res.headers.get('Content-Type') ?? '';
  const json = type.includes('application/json') ? await res.clone().json() : {};
  return { status: res.status, headers: res.headers, json, res };
}

/** Signs in through the REST contract and returns the token. */
export async function loginAs(email: string, password = DEMO_PASSWORD): Promise<string> {
  const r = await rest<string>('POST', '/web/authentication/', {
    headers: { Email: email },
    text: password,
    ip: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  if (r.status !== 200 || !r.json.data)
    throw new Error(`login failed for ${email}: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json.data;
}

/** A typed tRPC client that goes through the same Hono app in-process. */
export function trpcClient(token?: string | null) {
  return createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: 'http://test.local/trpc',
        transformer: superjson,
        headers: () => (token ? { Authorization: `Bearer ${token}` } : {}),
        fetch: async (url, init) => testApp().request(String(url), init as RequestInit),
      }),
    ],
  });
}

export const DEMO = {
  admin: 'admin@equipcheck.dev',
  groupAdmin: 'group.admin@equipcheck.dev',
  companyAdmin: 'company.admin@equipcheck.dev',
  operator: 'operator@equipcheck.dev',
  pending: 'pending@equipcheck.dev',
} as const;
