import { describe, expect, it } from 'vitest';
import { pendingAfterAnswer } from '../../../src/server/after-answer.ts';
import { rest, testApp } from '../../helpers/api.ts';

/**
 * Behind the trusted proxy the client controls the start of X-Forwarded-For; only the address the
 * proxy appended counts. Rotating a forged first entry must not escape the per-IP rate limits.
 */
describe('client address behind a proxy', () => {
  testApp();

  it('a forged X-Forwarded-For prefix does not reset the per-IP limit of password-reset mails', async () => {
    const realIp = `10.66.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof rest>> | undefined;
    // The per-IP limit is 30 an hour; every call forges another client address in front.
    for (let i = 0; i < 31; i++) {
      last = await rest('POST', '/web/password/reset/', {
        headers: {
          Email: `nobody-${i}-${realIp}@ip.test`,
          'X-Forwarded-For': `203.0.113.${i}, ${realIp}`,
        },
      });
      statuses.push(last.status);
    }
    await pendingAfterAnswer();
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(last!.status).toBe(429);
    expect(last!.json.error?.code).toBe('RATE_LIMITED');
  });

  it('sign-in attempts are counted on the proxy-appended address too', async () => {
    const realIp = `10.67.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    // Two requests from the same real address with different forged prefixes share one session row ip.
    const r = await rest('POST', '/web/authentication/', {
      headers: { Email: 'admin@equipcheck.dev', 'X-Forwarded-For': `1.2.3.4, ${realIp}` },
      text: 'Demo@123',
    });
    expect(r.status).toBe(200);
    const { coreDb } = await import('../../../src/server/db/database.ts');
    const { hashToken } = await import('../../../src/server/domains/auth/service.ts');
    const row = await coreDb()
      .selectFrom('sessions')
      .select('ip')
      .where('token_hash', '=', hashToken(r.json.data as string))
      .executeTakeFirstOrThrow();
    expect(row.ip).toBe(realIp);
  });
});
