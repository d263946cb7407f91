import { describe, expect, it } from 'vitest';
import { coreDb } from '../../../src/server/db/database.ts';
import { loginAs, rest, testApp, trpcClient } from '../../helpers/api.ts';
import { makeActiveUser } from './support.ts';

// 1×1 PNG
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function upload(token: string, bytes: Buffer, type: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'photo');
  const res = await testApp().request('/web/logged-user/image/', {
    method: 'PUT',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  return {
    status: res.status,
    json: (await res.json()) as { data?: { image: string | null }; error?: { code: string } },
  };
}

describe('PUT /web/logged-user/', () => {
  it('updates name, phone and occupation; e-mail and company stay as they are', async () => {
    const u = await makeActiveUser();
    const token = await loginAs(u.email, u.password);
    const r = await rest<Record<string, unknown>>('PUT', '/web/logged-user/', {
      token,
      body: {
        name: 'Nome Novo',
        phone: '(21) 3333-4444',
        occupation: 'Supervisor',
        email: 'hacker@evil.dev',
        companyId: 999,
      },
    });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({
      name: 'Nome Novo',
      phone: '2133334444',
      occupation: 'Supervisor',
      email: u.email,
      companyName: u.company,
    });
    const row = await coreDb()
      .selectFrom('users')
      .selectAll()
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: 'Nome Novo',
      phone: '2133334444',
      occupation: 'Supervisor',
      email: u.email,
    });
  });

  it('400 for a blank name or a bad phone, 401 without a session', async () => {
    const u = await makeActiveUser();
    const token = await loginAs(u.email, u.password);
    const blank = await rest('PUT', '/web/logged-user/', {
      token,
      body: { name: ' ', phone: '', occupation: '' },
    });
    expect(blank.status).toBe(400);
    expect(blank.json.error?.issues?.[0]?.path).toBe('name');
    const phone = await rest('PUT', '/web/logged-user/', { token, body: { name: 'Ok', phone: '123' } });
    expect(phone.json.error?.issues?.[0]?.path).toBe('phone');
    expect((await rest('PUT', '/web/logged-user/', { body: { name: 'x' } })).status).toBe(401);
  });
});

describe('PUT /web/logged-user/password/', () => {
  it("'Senha atual inválida' for a wrong current password, nothing changes", async () => {
    const u = await makeActiveUser();
    const token = await loginAs(u.email, u.password);
    const r = await rest('PUT', '/web/logged-user/password/', {
      token,
      body: { currentPassword: 'Errada@1', newPassword: 'Nova@123' },
    });
    expect(r.status).toBe(400);
    expect(r.json.error).toMatchObject({ code: 'PASSWORD_CURRENT_INVALID', message: 'Senha atual inválida' });
    expect(await loginAs(u.email, u.password)).toBeTruthy();
  });

  it('400 VALIDATION_FAILED for a weak new password or an empty current one', async () => {
    const u = await makeActiveUser();
    const token = await loginAs(u.email, u.password);
    const weak = await rest('PUT', '/web/logged-user/password/', {
      token,
      body: { currentPassword: u.password, newPassword: 'abcdef' },
    });
    expect(weak.json.error?.issues?.[0]?.path).toBe('newPassword');
    const empty = await rest('PUT', '/web/logged-user/password/', {
      token,
      body: { currentPassword: '', newPassword: 'Nova@123' },
    });
    expect(empty.json.error?.issues?.[0]?.path).toBe('currentPassword');
  });

  it('changes the password and revokes the other sessions, keeping this one', async () => {
    const u = await makeActiveUser();
    const here = await loginAs(u.email, u.password);
    const elsewhere = await loginAs(u.email, u.password);
    const r = await rest('PUT', '/web/logged-user/password/', {
      token: here,
      body: { currentPassword: u.password, newPassword: 'Trocada@1' },
    });
    expect(r.status).toBe(200);
    expect((await rest('GET', '/web/logged-user/', { token: here })).status).toBe(200);
    expect((await rest('GET', '/web/logged-user/', { token: elsewhere })).status).toBe(401);
    expect(await loginAs(u.email, 'Trocada@1')).toBeTruthy();
  });

  it('tRPC answers the same code', async () => {
    const u = await makeActiveUser();
    const client = trpcClient(await loginAs(u.email, u.password));
    await expect(
      client.account.changePassword.mutate({ currentPassword: 'Errada@1', newPassword: 'Nova@123' }),
    ).rejects.toMatchObject({
      data: { code: 'PASSWORD_CURRENT_INVALID', httpStatus: 400 },
    });
    expect(
      await client.account.changePassword.mutate({ currentPassword: u.password, newPassword: 'Nova@123' }),
    ).toBe(true);
  });
});

describe('profile photo', () => {
  it('stores a PNG and shows it in the logged user; removing it gives null', async () => {
    const u = await makeActiveUser();
    const token = await loginAs(u.email, u.password);
    const r = await upload(token, PNG, 'image/png');
    expect(r.status).toBe(200);
    expect(r.json.data?.image).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
    const me = await rest<{ image: string }>('GET', '/web/logged-user/', { token });
    expect(me.json.data?.image.startsWith('data:image/png;base64,')).toBe(true);
    const del = await rest<{ image: string | null }>('DELETE', '/web/logged-user/image/', { token });
    expect(del.json.data?.image).toBeNull();
  });

  it('refuses a non-image (whatever its declared type) and an image over 1 MB with 400 PHOTO_INVALID', async () => {
    const u = await makeActiveUser();
    const token = await loginAs(u.email, u.password);
    const text = await upload(token, Buffer.from('<svg onload=alert(1)>'), 'image/png');
    expect(text.status).toBe(400);
    expect(text.json.error?.code).toBe('PHOTO_INVALID');
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]);
    const large = await upload(token, big, 'image/png');
    expect(large.status).toBe(400);
    expect(large.json.error?.code).toBe('PHOTO_INVALID');
    const client = trpcClient(token);
    const viaTrpc = await client.account.uploadPhoto.mutate({
      contentType: 'image/png',
      base64: PNG.toString('base64'),
    });
    expect(viaTrpc.image?.startsWith('data:image/png;base64,')).toBe(true);
    await expect(
      client.account.uploadPhoto.mutate({
        contentType: 'image/png',
        base64: Buffer.from('hello').toString('base64'),
      }),
    ).rejects.toMatchObject({
      data: { code: 'PHOTO_INVALID' },
    });
  });
});
