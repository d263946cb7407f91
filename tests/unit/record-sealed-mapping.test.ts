import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { errorResponse } from '../../src/server/rest.ts';
import { publicProcedure, router } from '../../src/server/trpc.ts';
import type { RequestContext } from '../../src/server/context.ts';

/** What a sealed record's trigger raises (tenant migration 1101): SQLSTATE EQ409. */
const sealedRow = () => Object.assign(new Error('RECORD_SEALED: INSPECTION 7 is sealed'), { code: 'EQ409' });

describe('a write refused by a sealed record’s trigger is 409 RECORD_SEALED on both doors', () => {
  it('REST: the error response', async () => {
    const app = new Hono();
    app.put('/x', () => {
      throw sealedRow();
    });
    app.onError((err, c) => errorResponse(c, err));
    const res = await app.request('/x', { method: 'PUT' });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('RECORD_SEALED');
  });

  it('tRPC: the error mapper', async () => {
    const r = router({
      edit: publicProcedure.mutation(() => {
        throw sealedRow();
      }),
    });
    const caller = r.createCaller({} as RequestContext);
    await expect(caller.edit()).rejects.toMatchObject({ code: 'CONFLICT', cause: { code: 'RECORD_SEALED' } });
  });
});
