import { TRPCClientError } from '@trpc/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, loginAs, rest, trpcClient } from '../../helpers/api.ts';

/**
 * One error, two doors: REST `{ error: { code, message, params } }` and tRPC `error.data.{code,
 * params}` carry the same catalogue code and parameters, so the client translates either alike.
 */
const uid = () => Math.random().toString(36).slice(2, 8);

describe('error envelope (REST and tRPC)', () => {
  let token: string;
  beforeAll(async () => {
    token = await loginAs(DEMO.groupAdmin);
  });

  it('a parameterised error carries the same code, params and message on both doors', async () => {
    const name = `Envelope ${uid()}`;
    const created = await rest('POST', '/web/categories/', { token, body: { name, enabled: true } });
    expect(created.status).toBe(201);

    const viaRest = await rest('POST', '/web/categories/', { token, body: { name, enabled: true } });
    expect(viaRest.status).toBe(409);
    expect(viaRest.json.error).toEqual({
      code: 'CATEGORY_NAME_EXISTS',
      message: `Já existe uma categoria com o nome ${name}`,
      params: { name },
    });

    const viaTrpc = await trpcClient(token)
      .catalogue.categories.save.mutate({ name, enabled: true })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(viaTrpc).toBeInstanceOf(TRPCClientError);
    const err = viaTrpc as TRPCClientError<never>;
    const data = err.data as unknown as { code?: string; params?: unknown; httpStatus?: number };
    expect(data.code).toBe(viaRest.json.error?.code);
    expect(data.params).toEqual(viaRest.json.error?.params);
    expect(data.httpStatus).toBe(409);
    expect(err.message).toBe(viaRest.json.error?.message);
  });

  it('a code without parameters carries none', async () => {
    const operator = await loginAs(DEMO.operator);
    const viaRest = await rest('POST', '/web/categories/', { token: operator, body: { name: `X ${uid()}` } });
    expect(viaRest.status).toBe(403);
    expect(viaRest.json.error?.code).toBe('FORBIDDEN');
    expect(viaRest.json.error).not.toHaveProperty('params');
    const viaTrpc = await trpcClient(operator)
      .catalogue.categories.save.mutate({ name: `X ${uid()}`, enabled: true })
      .then(
        () => null,
        (e: unknown) => e as TRPCClientError<never>,
      );
    const data = viaTrpc?.data as unknown as { code?: string; params?: unknown } | undefined;
    expect(data?.code).toBe('FORBIDDEN');
    expect(data?.params).toBeUndefined();
  });
});
