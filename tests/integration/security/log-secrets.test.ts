import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreDb } from '../../../src/server/db/database.ts';
import { pendingAfterAnswer } from '../../../src/server/after-answer.ts';
import { downloadPath } from '../../../src/server/domains/jobs/service.ts';
import { signPath } from '../../../src/server/files/signed-links.ts';
import { fileStore } from '../../../src/server/files/store.ts';
import { log, setLogSink } from '../../../src/server/logger.ts';
import { DEMO_PASSWORD } from '../../../src/server/seed/demo-users.ts';
import { DEMO, loginAs, rest } from '../../helpers/api.ts';
import { makeActiveUser, registration } from '../account/support.ts';

const lines: string[] = [];

beforeAll(() => setLogSink((_level, line) => lines.push(line)));
afterAll(() => setLogSink(null));

async function outboxText(to: string): Promise<string> {
  const row = await coreDb()
    .selectFrom('email_outbox')
    .select('text_body')
    .where('to_address', '=', to)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.text_body;
}

describe('no secret reaches a log line', () => {
  it('sign-in, sign-up with activation, password reset and a signed download leave only redacted logs', async () => {
    const secrets: string[] = [DEMO_PASSWORD];

    // Sign-in (and a failed one).
    secrets.push(await loginAs(DEMO.admin));
    await rest('POST', '/web/authentication/', { headers: { Email: DEMO.admin }, text: 'Wrong@Pass99' });
    secrets.push('Wrong@Pass99');

    // Sign-up: the activation mail goes to the outbox; activate with its token.
    const body = registration({ password: 'Cadastro@Secreta42' });
    secrets.push(body.password);
    expect((await rest('POST', '/web/users/register/', { body })).status).toBe(201);
    const activation = (await outboxText(body.email)).match(/https?:\/\/\S*active-environment\?t=([\w-]+)/)!;
    secrets.push(activation[0], activation[1]!);
    const activated = await rest<string>('POST', '/web/users/active-environment/', {
      headers: { EmailToken: activation[1]! },
    });
    expect(activated.status).toBe(200);
    if (typeof activated.json.data === 'string') secrets.push(activated.json.data);

    // Password reset: request, then reset with the mailed token.
    const u = await makeActiveUser('Antiga@Senha77');
    secrets.push(u.password);
    await rest('POST', '/web/password/reset/', { headers: { Email: u.email } });
    await pendingAfterAnswer();
    const reset = (await outboxText(u.email)).match(/https?:\/\/\S*password-reset\?t=([\w-]+)/)!;
    secrets.push(reset[0], reset[1]!);
    const done = await rest<string>('PUT', '/web/password/reset/', {
      headers: { EmailToken: reset[1]! },
      text: 'Nova@Senha2026',
    });
    expect(done.status).toBe(200);
    secrets.push('Nova@Senha2026', done.json.data!);
    // A reused token fails (and may be logged as a failure).
    await rest('PUT', '/web/password/reset/', { headers: { EmailToken: reset[1]! }, text: 'Outra@Senha11' });
    secrets.push('Outra@Senha11');

    // A signed download link, and a tampered one.
    const key = `jobs/logs-${Date.now()}/tags.xlsx`;
    await fileStore().put(key, Buffer.from('xlsx'), 'application/octet-stream');
    const { id: groupId } = await coreDb()
      .selectFrom('company_groups')
      .select('id')
      .where('schema_name', '=', 'demo')
      .executeTakeFirstOrThrow();
    const job = await coreDb()
      .insertInto('jobs')
      .values({
        type: 'qr-xlsx',
        params: '{}',
        company_group_id: groupId,
        company_id: null,
        requested_by: null,
        state: 'completed',
        progress: 100,
        result_key: key,
        result_name: 'tags.xlsx',
        result_content_type: 'application/octet-stream',
        result_size: 4,
        result: null,
        error: null,
        started_at: new Date(),
        finished_at: new Date(),
        expires_at: new Date(Date.now() + 3_600_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const link = signPath(downloadPath(job.id));
    const sig = new URL(link, 'http://x').searchParams.get('sig')!;
    secrets.push(sig);
    expect((await rest('GET', link)).status).toBe(200);
    await rest('GET', link.replace(/sig=./, 'sig=Z'));

    // What a careless handler might log: the request, its headers and an error quoting the link.
    log.error('request failed', {
      path: link,
      headers: { Authorization: `Bearer ${secrets[1]}`, EmailToken: reset[1], 'X-Forwarded-For': '10.0.0.1' },
      body: {
        email: u.email,
        password: 'Nova@Senha2026',
        nested: { newPassword: u.password, token: activation[1] },
      },
      error: new Error(`could not open ${activation[0]} (Authorization: Bearer ${secrets[1]})`),
    });
    log.warn(`link ${reset[0]} failed`);

    expect(lines.some((l) => l.includes('mail written to the outbox'))).toBe(true);
    const outboxLines = lines
      .filter((l) => l.includes('mail written to the outbox'))
      .map((l) => JSON.parse(l));
    expect(outboxLines.map((l) => l.kind)).toEqual(expect.arrayContaining(['activation', 'passwordReset']));
    expect(outboxLines.every((l) => l.to && l.subject && !('text' in l))).toBe(true);
    for (const line of lines) {
      expect(line).not.toMatch(/Bearer (?!\[redacted\])/);
      expect(line).not.toMatch(/[?&](t|sig)=(?!\[redacted\])/);
      for (const s of secrets) expect(line, `log line leaks ${s.slice(0, 12)}…`).not.toContain(s);
    }
    expect(lines.join('\n')).toContain('[redacted]');
  });
});
