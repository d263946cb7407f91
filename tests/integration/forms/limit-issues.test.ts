/**
 * Issue 16 item 5 on the server: a value over a size limit answers 400 VALIDATION_FAILED whose
 * issue names the limit (`code`, `params`) beside its Portuguese message, on both doors, so a
 * client shows "Use no máximo 120 caracteres." in its own language instead of "Dados inválidos".
 */
import { TRPCClientError } from '@trpc/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, loginAs, rest, trpcClient } from '../../helpers/api.ts';

describe('limit issues (REST and tRPC)', () => {
  let token: string;
  beforeAll(async () => {
    token = await loginAs(DEMO.groupAdmin);
  });

  it('a category name over 120 characters', async () => {
    const name = 'C'.repeat(121);
    const issue = {
      path: 'name',
      message: 'Use no máximo 120 caracteres.',
      code: 'TOO_LONG',
      params: { max: 120 },
    };
    const viaRest = await rest('POST', '/web/categories/', { token, body: { name, enabled: true } });
    expect(viaRest.status).toBe(400);
    expect(viaRest.json.error).toMatchObject({ code: 'VALIDATION_FAILED', issues: [issue] });

    const viaTrpc = await trpcClient(token)
      .catalogue.categories.save.mutate({ name, enabled: true })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(viaTrpc).toBeInstanceOf(TRPCClientError);
    const data = (viaTrpc as TRPCClientError<never>).data as unknown as { code: string; issues: unknown[] };
    expect(data.code).toBe('VALIDATION_FAILED');
    expect(data.issues).toEqual([issue]);
  });

  it('a product: SKU over 60, name over 200, notice days over 3650, each with its own limit', async () => {
    const r = await rest('POST', '/web/products/', {
      token,
      body: {
        sku: 'S'.repeat(61),
        name: 'N'.repeat(201),
        enabled: true,
        isDueDate: false,
        inspectionSchedule: 360,
        daysNotificationNextInspectionDate: 4000,
        categoryId: 1,
        inspectionTypeId: 1,
      },
    });
    expect(r.status).toBe(400);
    const issues = (r.json.error as { issues: { path: string; code?: string; params?: unknown }[] }).issues;
    expect(issues.map((i) => [i.path, i.code, i.params])).toEqual([
      ['sku', 'TOO_LONG', { max: 60 }],
      ['name', 'TOO_LONG', { max: 200 }],
      ['daysNotificationNextInspectionDate', 'TOO_BIG', { max: 3650 }],
    ]);
  });
});
