import { describe, expect, it } from 'vitest';
import { REDACTED, redact, redactText } from '../../src/server/logger.ts';

describe('log redaction', () => {
  it('masks secret keys at any depth, case-insensitively', () => {
    const out = redact({
      user: 'a@b.c',
      Password: 'p1',
      newPassword: 'p2',
      headers: { AUTHORIZATION: 'Bearer x', emailToken: 'e', 'x-api-key': 'k', cookie: 'c=1' },
      list: [{ token: 't' }, { sig: 's', APP_SECRET: 'z' }],
      count: 3,
      key: 'jobs/1/a.pdf',
    });
    expect(out).toEqual({
      user: 'a@b.c',
      Password: REDACTED,
      newPassword: REDACTED,
      headers: { AUTHORIZATION: REDACTED, emailToken: REDACTED, 'x-api-key': REDACTED, cookie: REDACTED },
      list: [{ token: REDACTED }, { sig: REDACTED, APP_SECRET: REDACTED }],
      count: 3,
      key: 'jobs/1/a.pdf',
    });
  });

  it('masks secret-looking values inside text', () => {
    const tok = 'A'.repeat(43);
    expect(redactText(`Authorization: Bearer ${tok}`)).toBe(`Authorization: Bearer ${REDACTED}`);
    expect(redactText(`http://h/#/password-reset?t=${tok}&x=1`)).toBe(
      `http://h/#/password-reset?t=${REDACTED}&x=1`,
    );
    expect(redactText('/web/jobs/9/download?exp=123&sig=abc_DEF-1')).toBe(
      `/web/jobs/9/download?exp=123&sig=${REDACTED}`,
    );
    expect(redactText(`http://h/files/${tok}/x`)).toBe(`http://h/files/${REDACTED}/x`);
    expect(redactText('postgres://app:hunter2@db:5432/x')).toBe(`postgres://app:${REDACTED}@db:5432/x`);
    // Ordinary text stays readable.
    expect(redactText('count=5 set=2 path=/web/jobs/')).toBe('count=5 set=2 path=/web/jobs/');
  });

  it('redacts errors and survives cycles', () => {
    const e = new Error(`bad link ?t=${'b'.repeat(43)}`);
    expect(String(redact(e))).not.toContain('b'.repeat(43));
    const a: Record<string, unknown> = { password: 'x' };
    a.self = a;
    expect(redact(a)).toEqual({ password: REDACTED, self: '[circular]' });
  });
});
