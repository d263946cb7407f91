import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PUBLIC, query } from '../../src/server/kit/operation.ts';
import { mountOperations, pathVariants } from '../../src/server/kit/rest-routes.ts';

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
