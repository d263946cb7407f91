import { describe, expect, it } from 'vitest';
import { coreDb } from '../../../src/server/db/database.ts';
import { DEMO, loginAs, rest, trpcClient } from '../../helpers/api.ts';

type Cfg = {
  id: number;
  title: string;
  configType: string;
  configValue: string;
  enabled: boolean;
  param: string | null;
  updateDate: string;
};

describe('system configuration', () => {
  it('lists the settings the server acts on, with every field of the seed', async () => {
    const token = await loginAs(DEMO.admin);
    const r = await rest<Cfg[]>('GET', '/web/config-system/', { token });
    expect(r.status).toBe(200);
    for (const k of ['id', 'title', 'configType', 'configValue', 'enabled', 'param', 'updateDate'])
      expect(r.json.data![0]).toHaveProperty(k);
    // Only toggles that take effect (settings-effect.test.ts shows each one's effect).
    expect(r.json.data!.map((c) => c.param).sort()).toEqual([
      'DUE_DIGEST_GROUP_ADMINS',
      'MAINTENANCE_MODE',
      'PUBLIC_SIGNUP',
    ]);
  });

  it('toggles with configValue 1/0 kept in step, and updates an entry', async () => {
    const token = await loginAs(DEMO.admin);
    // A row of our own, so parallel files reading the seeded toggles are not disturbed.
    const row = await coreDb()
      .insertInto('system_config')
      .values({
        title: `Teste ${Math.random()}`,
        config_type: 'TOGGLE',
        config_value: '0',
        enabled: false,
        param: 'TEST',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const on = await rest<Cfg>('PUT', `/web/config-system/${row.id}/toggle/`, {
      token,
      body: { enabled: true },
    });
    expect(on.json.data).toMatchObject({ enabled: true, configValue: '1' });
    const off = await trpcClient(token).config.toggle.mutate({ id: row.id, enabled: false });
    expect(off).toMatchObject({ enabled: false, configValue: '0' });
    const title = `Renomeado ${Math.random()}`;
    const up = await rest<Cfg>('PUT', `/web/config-system/${row.id}/update/`, {
      token,
      body: { id: row.id, title, configType: 'TOGGLE', configValue: 1, enabled: true, param: 'TEST2' },
    });
    expect(up.status).toBe(200);
    const db = await coreDb()
      .selectFrom('system_config')
      .selectAll()
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(db).toMatchObject({ title, config_value: '1', enabled: true, param: 'TEST2' });
    const mismatch = await rest('PUT', `/web/config-system/${row.id}/update/`, {
      token,
      body: { id: row.id + 1, title, configValue: 1, enabled: true },
    });
    expect(mismatch.status).toBe(400);
    expect(
      (await rest('PUT', '/web/config-system/999999999/toggle/', { token, body: { enabled: true } })).status,
    ).toBe(404);
    expect(
      (await rest('PUT', `/web/config-system/${row.id}/toggle/`, { token, body: { enabled: 'yes' } })).json
        .error?.code,
    ).toBe('VALIDATION_FAILED');
  });

  it('is the provider admin’s only', async () => {
    for (const email of [DEMO.groupAdmin, DEMO.companyAdmin, DEMO.operator]) {
      const token = await loginAs(email);
      expect((await rest('GET', '/web/config-system/', { token })).status, email).toBe(403);
      expect(
        (await rest('PUT', '/web/config-system/1/toggle/', { token, body: { enabled: true } })).status,
        email,
      ).toBe(403);
      expect(
        (
          await rest('PUT', '/web/config-system/1/update/', {
            token,
            body: { title: 'x', configValue: 1, enabled: true },
          })
        ).status,
        email,
      ).toBe(403);
    }
    expect((await rest('GET', '/web/config-system/')).status).toBe(401);
  });

  it('the public settings (the map tiles, sign-up, maintenance) answer anyone, on both doors', async () => {
    const expected = {
      mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      mapAttribution: '© OpenStreetMap contributors',
      publicSignup: true,
      maintenance: false,
    };
    const anonymous = await rest<typeof expected>('GET', '/web/config/public/');
    expect(anonymous.status).toBe(200);
    expect(anonymous.json.data).toEqual(expected);
    const token = await loginAs(DEMO.operator);
    expect(await trpcClient(token).config.public.query()).toEqual(expected);
  });
});
