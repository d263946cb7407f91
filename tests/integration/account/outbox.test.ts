import { describe, expect, it } from 'vitest';
import { resetConfig } from '../../../src/server/config.ts';
import { coreDb } from '../../../src/server/db/database.ts';
import { pendingAfterAnswer } from '../../../src/server/after-answer.ts';
import { rest } from '../../helpers/api.ts';
import { makeActiveUser, registration } from './support.ts';

// No SMTP_URL in this file: mail goes to core.email_outbox (and the log).
describe('mail without SMTP', () => {
  it('writes the activation and reset mails, with working links, to core.email_outbox', async () => {
    expect(process.env.SMTP_URL).toBeUndefined();
    const body = registration({ language: 'es' });
    expect((await rest('POST', '/web/users/register/', { body })).status).toBe(201);
    const activation = await coreDb()
      .selectFrom('email_outbox')
      .selectAll()
      .where('to_address', '=', body.email)
      .executeTakeFirstOrThrow();
    expect(activation.subject).toBe('Active su entorno en EquipCheck');
    expect(activation.status).toBe('logged');
    const token = activation.text_body.match(/active-environment\?t=([\w-]+)/)?.[1];
    expect(
      (await rest('POST', '/web/users/active-environment/', { headers: { EmailToken: token! } })).status,
    ).toBe(200);

    const u = await makeActiveUser();
    await rest('POST', '/web/password/reset/', { headers: { Email: u.email } });
    await pendingAfterAnswer();
    const reset = await coreDb()
      .selectFrom('email_outbox')
      .selectAll()
      .where('to_address', '=', u.email)
      .executeTakeFirstOrThrow();
    expect(reset.text_body).toMatch(/\/#\/password-reset\?t=[\w-]{43}/);
  });
});

describe('mail failures', () => {
  it('a sign-up still succeeds when the SMTP server is down; "forgot password" re-sends the activation link', async () => {
    process.env.SMTP_URL = 'smtp://127.0.0.1:1';
    resetConfig();
    const body = registration();
    try {
      const r = await rest('POST', '/web/users/register/', { body });
      expect(r.status).toBe(201);
    } finally {
      delete process.env.SMTP_URL;
      resetConfig();
    }
    expect(
      await coreDb()
        .selectFrom('email_outbox')
        .select('id')
        .where('to_address', '=', body.email)
        .executeTakeFirst(),
    ).toBeUndefined();
    await rest('POST', '/web/password/reset/', { headers: { Email: body.email } });
    await pendingAfterAnswer();
    const again = await coreDb()
      .selectFrom('email_outbox')
      .selectAll()
      .where('to_address', '=', body.email)
      .executeTakeFirstOrThrow();
    expect(again.text_body).toMatch(/\/#\/active-environment\?t=[\w-]{43}/);
  });
});

describe('OpenAPI', () => {
  it('lists the account, password-reset and CEP calls', async () => {
    const doc = (await rest('GET', '/web/openapi.json')).json as unknown as {
      paths: Record<string, Record<string, unknown>>;
    };
    for (const [path, method] of [
      ['/web/users/register/', 'post'],
      ['/web/users/active-environment/', 'post'],
      ['/web/password/reset/', 'post'],
      ['/web/password/reset/', 'put'],
      ['/web/logged-user/', 'put'],
      ['/web/logged-user/password/', 'put'],
      ['/web/logged-user/image/', 'put'],
      ['/web/cep/{cep}', 'get'],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
  });
});
