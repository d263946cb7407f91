import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetConfig } from '../../../src/server/config.ts';
import { rest, trpcClient } from '../../helpers/api.ts';
import { startFakeCep } from './support.ts';

let fake: Awaited<ReturnType<typeof startFakeCep>>;
beforeAll(async () => {
  fake = await startFakeCep();
});
afterAll(async () => {
  await fake.close();
});

describe('GET /web/cep/{cep}', () => {
  it('answers state, city, street and neighbourhood, then serves it from the cache', async () => {
    const r = await rest('GET', '/web/cep/01310-100');
    expect(r.status).toBe(200);
    expect(r.json.data).toEqual({
      cep: '01310100',
      state: 'SP',
      city: 'São Paulo',
      street: 'Avenida Paulista',
      neighborhood: 'Bela Vista',
    });
    const hits = fake.hits();
    const again = await rest('GET', '/web/cep/01310100');
    expect(again.json.data).toEqual(r.json.data);
    expect(fake.hits()).toBe(hits);
  });

  it('404 CEP_NOT_FOUND for an unknown CEP', async () => {
    const r = await rest('GET', '/web/cep/99999999');
    expect(r.status).toBe(404);
    expect(r.json.error?.code).toBe('CEP_NOT_FOUND');
  });

  it('400 VALIDATION_FAILED for a malformed CEP', async () => {
    for (const cep of ['123', 'abcdefgh', '0131010']) {
      const r = await rest('GET', `/web/cep/${cep}`);
      expect(r.status).toBe(400);
      expect(r.json.error?.code).toBe('VALIDATION_FAILED');
    }
  });

  it('503 CEP_SERVICE_UNAVAILABLE when the service fails or times out (fill in by hand)', async () => {
    const failing = await rest('GET', '/web/cep/50000000');
    expect(failing.status).toBe(503);
    expect(failing.json.error?.code).toBe('CEP_SERVICE_UNAVAILABLE');
    const started = Date.now();
    const slow = await rest('GET', '/web/cep/60000000');
    expect(slow.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(4500);
  });

  it('503 when the service cannot be reached at all (no internet)', async () => {
    const saved = process.env.CEP_SERVICE_URL;
    process.env.CEP_SERVICE_URL = 'http://127.0.0.1:1/ws/{cep}/json/';
    resetConfig();
    try {
      const r = await rest('GET', '/web/cep/70000000');
      expect(r.status).toBe(503);
      expect(r.json.error?.message).toBe('Consulta de CEP indisponível: preencha o endereço manualmente');
    } finally {
      process.env.CEP_SERVICE_URL = saved;
      resetConfig();
    }
  });

  it('tRPC cep.lookup answers the state as data', async () => {
    const client = trpcClient();
    expect(await client.cep.lookup.query({ cep: '01310-100' })).toMatchObject({
      status: 'found',
      address: { city: 'São Paulo' },
    });
    expect(await client.cep.lookup.query({ cep: '98989898' })).toEqual({ status: 'not_found' });
    expect(await client.cep.lookup.query({ cep: '50000000' })).toEqual({ status: 'unavailable' });
    await expect(client.cep.lookup.query({ cep: '1' })).rejects.toMatchObject({
      data: { code: 'VALIDATION_FAILED' },
    });
  });
});
