import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildOpenApiDocument } from '../../src/server/kit/openapi.ts';
import { type FlatOperation, mutation, PUBLIC, query } from '../../src/server/kit/operation.ts';
import { mountOperations, pathVariants } from '../../src/server/kit/rest-routes.ts';
import { errorResponse } from '../../src/server/rest.ts';

const op = (path: string) =>
  query({
    access: PUBLIC,
    summary: path,
    output: z.literal(true),
    rest: { method: 'get', path },
    handler: () => true as const,
  });

describe('mountOperations', () => {
  it('refuses a static path that an earlier /:id/ path would shadow', () => {
    expect(() =>
      mountOperations(new Hono(), [
        { name: 'w.get', operation: op('/web/widgets/:id/') },
        { name: 'w.options', operation: op('/web/widgets/options/') },
      ]),
    ).toThrow(/shadowed by \/web\/widgets\/:id\//);
  });

  it('mounts the static path first, and both trailing-slash spellings answer', async () => {
    const app = new Hono();
    app.use('*', async (c, next) => {
      c.set('ctx' as never, { ip: 'x', userAgent: null, auth: null } as never);
      await next();
    });
    mountOperations(app as never, [
      { name: 'w.options', operation: op('/web/widgets/options/') },
      { name: 'w.get', operation: op('/web/widgets/:id/') },
    ]);
    for (const path of pathVariants('/web/widgets/options/')) {
      const res = await app.request(path);
      expect(res.status, path).toBe(200);
      expect(await res.json()).toEqual({ data: true });
    }
  });
});

describe('declared odd cases (issue 27 item 3)', () => {
  type Seen = { input?: unknown };
  function appWith(ops: FlatOperation[], answers?: Parameters<typeof mountOperations>[2]) {
    const app = new Hono();
    app.use('*', async (c, next) => {
      c.set('ctx' as never, { ip: 'x', userAgent: null, auth: null } as never);
      await next();
    });
    app.onError((err, c) => errorResponse(c, err));
    mountOperations(app as never, ops, answers);
    return app;
  }

  it('query: coerces the declared parameters, blank is absent, merges them under queryKey once, and documents them', async () => {
    const seen: Seen = {};
    const label = z.object({
      offset: z.number().int().default(0).describe('Labels already used'),
      cutMarks: z.boolean().default(false).describe('Cut marks'),
      note: z.string().optional(),
    });
    const operation = query({
      access: PUBLIC,
      summary: 'q',
      input: z.object({ qty: z.number(), format: z.string(), label: label.optional() }),
      output: z.literal(true),
      rest: {
        method: 'get',
        path: '/web/q/:n',
        params: { n: 'qty' },
        fixed: { format: 'pdf' },
        query: label,
        queryKey: 'label',
      },
      handler: (_ctx, input) => {
        seen.input = input;
        return true as const;
      },
    });
    const app = appWith([{ name: 'q.get', operation }]);
    expect((await app.request('/web/q/5?offset=3&cutMarks=1&note=')).status).toBe(200);
    expect(seen.input).toEqual({ qty: 5, format: 'pdf', label: { offset: 3, cutMarks: true } });
    expect((await app.request('/web/q/5')).status).toBe(200);
    expect(seen.input).toEqual({ qty: 5, format: 'pdf' });
    const bad = await app.request('/web/q/5?cutMarks=maybe');
    expect([bad.status, ((await bad.json()) as { error: { code: string } }).error.code]).toEqual([
      400,
      'VALIDATION_FAILED',
    ]);

    const doc = buildOpenApiDocument('http://x', [{ tag: 'Q', operations: [{ name: 'q.get', operation }] }]);
    const params = (doc.paths as Record<string, Record<string, { parameters: Record<string, unknown>[] }>>)[
      '/web/q/{n}'
    ]!.get!.parameters;
    expect(params.map((p) => [p.name, p.in, p.required])).toEqual([
      ['n', 'path', true],
      ['offset', 'query', false],
      ['cutMarks', 'query', false],
      ['note', 'query', false],
    ]);
    expect(params[1]).toMatchObject({ description: 'Labels already used', schema: { type: 'integer' } });
    expect(params[2]).toMatchObject({ schema: { type: 'boolean' } });
  });

  it('headers: a declared header fills its input field, the body is not read, the schema parses it', async () => {
    const seen: Seen = {};
    const operation = mutation({
      access: PUBLIC,
      summary: 'h',
      input: z.object({ token: z.string().max(5) }),
      output: z.object({ token: z.string(), n: z.number() }),
      rest: {
        method: 'post',
        path: '/web/h/',
        headers: [{ name: 'EmailToken', description: 't', required: true, field: 'token' }],
        respond: (c, out: { token: string }) => c.json({ data: out.token }),
      },
      handler: (_ctx, input) => {
        seen.input = input;
        return { token: input.token, n: 1 };
      },
    });
    const app = appWith([{ name: 'h', operation }]);
    const ok = await app.request('/web/h/', {
      method: 'POST',
      headers: { EmailToken: 'abc' },
      body: 'not json',
    });
    expect([ok.status, await ok.json()]).toEqual([200, { data: 'abc' }]);
    expect(seen.input).toEqual({ token: 'abc' });
    const long = await app.request('/web/h/', { method: 'POST', headers: { EmailToken: 'abcdefgh' } });
    expect(long.status).toBe(400);
  });

  it('multipart: the file field becomes bytes + type; over maxBytes and an unreadable body answer the declared codes', async () => {
    const seen: Seen = {};
    const operation = mutation({
      access: PUBLIC,
      summary: 'm',
      input: z.object({
        id: z.number(),
        file: z.instanceof(Uint8Array).nullable(),
        fileType: z.string().nullable(),
      }),
      output: z.object({ size: z.number() }),
      rest: {
        method: 'put',
        path: '/web/m/:id/',
        multipart: {
          field: 'file',
          maxBytes: 10,
          types: ['image/png'],
          tooLarge: 'PRODUCT_IMAGE_TOO_LARGE',
          invalid: 'PRODUCT_IMAGE_MISSING',
        },
      },
      handler: (_ctx, input) => {
        seen.input = input;
        return { size: input.file?.byteLength ?? -1 };
      },
    });
    const app = appWith([{ name: 'm', operation }]);
    const form = (bytes: number) => {
      const f = new FormData();
      f.set('file', new File([new Uint8Array(bytes)], 'a.png', { type: 'image/png' }));
      return f;
    };
    const ok = await app.request('/web/m/7/', { method: 'PUT', body: form(4) });
    expect([ok.status, await ok.json()]).toEqual([200, { data: { size: 4 } }]);
    expect(seen.input).toMatchObject({ id: 7, fileType: 'image/png' });
    const big = await app.request('/web/m/7/', { method: 'PUT', body: form(11) });
    expect([big.status, ((await big.json()) as { error: { code: string } }).error.code]).toEqual([
      413,
      'PRODUCT_IMAGE_TOO_LARGE',
    ]);
    const declaredBig = await app.request('/web/m/7/', {
      method: 'PUT',
      headers: {
        'Content-Type': 'multipart/form-data; boundary=x',
        'Content-Length': String(10 + 64 * 1024 + 1),
      },
      body: '--x--',
    });
    expect(((await declaredBig.json()) as { error: { code: string } }).error.code).toBe(
      'PRODUCT_IMAGE_TOO_LARGE',
    );
    const garbage = await app.request('/web/m/7/', {
      method: 'PUT',
      headers: { 'Content-Type': 'multipart/form-data' },
      body: 'garbage',
    });
    expect(((await garbage.json()) as { error: { code: string } }).error.code).toBe('PRODUCT_IMAGE_MISSING');
    const none = await app.request('/web/m/7/', { method: 'PUT', body: new FormData() });
    expect([none.status, await none.json()]).toEqual([200, { data: { size: -1 } }]);

    const doc = buildOpenApiDocument('http://x', [{ tag: 'M', operations: [{ name: 'm', operation }] }]);
    const body = (
      doc.paths as Record<string, Record<string, { requestBody: { content: Record<string, unknown> } }>>
    )['/web/m/{id}/']!.put!.requestBody;
    expect(Object.keys(body.content)).toEqual(['multipart/form-data']);
  });

  it("download: 'job' hands the job the handler started to the app's job answer, after the output parse", async () => {
    const operation = mutation({
      access: PUBLIC,
      summary: 'd',
      input: z.object({ id: z.number() }),
      output: z.object({ jobId: z.string() }),
      rest: { method: 'get', path: '/web/d/:id/pdf', download: 'job', waitMs: 5 },
      handler: (_ctx, input) => ({ jobId: `job-${input.id}` }),
    });
    const calls: unknown[] = [];
    const app = appWith([{ name: 'd', operation }], {
      job: async (c, jobId, waitMs) => {
        calls.push([jobId, waitMs]);
        return c.body('file', 200);
      },
    });
    const r = await app.request('/web/d/3/pdf');
    expect([r.status, await r.text()]).toEqual([200, 'file']);
    expect(calls).toEqual([['job-3', 5]]);
    const bad = await app.request('/web/d/x/pdf');
    expect(bad.status).toBe(400);
    expect(calls).toHaveLength(1);
  });
});
