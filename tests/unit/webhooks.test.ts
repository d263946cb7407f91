import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BlockedAddressError,
  checkEndpointTarget,
  isPrivateAddress,
} from '../../src/server/domains/webhooks/address-guard.ts';
import { backoffAfter, retryPolicy } from '../../src/server/domains/webhooks/delivery-queue.ts';
import { newSecret, SECRET_PREFIX, signatureOf } from '../../src/server/domains/webhooks/secrets.ts';
import { postWebhook } from '../../src/server/domains/webhooks/send.ts';
import { isWebhookUrl, webhookEventsField } from '../../src/shared/webhooks/schemas.ts';

describe('webhook signatures (Standard Webhooks v1)', () => {
  it('signs "id.timestamp.body" with the base64-decoded secret (the standard’s published example)', () => {
    expect(
      signatureOf(
        'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        'msg_p5jXN8AQM9LWM0D4loKWxJek',
        1614265330,
        '{"test": 2432232314}',
      ),
    ).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('makes secrets of whsec_ + base64 of 32 random bytes', () => {
    const a = newSecret();
    expect(a.startsWith(SECRET_PREFIX)).toBe(true);
    expect(Buffer.from(a.slice(SECRET_PREFIX.length), 'base64')).toHaveLength(32);
    expect(newSecret()).not.toBe(a);
  });
});

describe('webhook retries', () => {
  it('spans about 24 hours by default: 12 attempts, the waits doubling from ~42 s', () => {
    const p = retryPolicy(12, 86_400_000);
    expect(p.attempts).toBe(12);
    const waits = Array.from({ length: p.attempts - 1 }, (_, i) => backoffAfter(i + 1, p.backoff.delay));
    expect(waits[0]).toBe(42_208);
    expect(waits.at(-1)).toBe(42_208 * 1024);
    const total = waits.reduce((a, b) => a + b, 0);
    expect(Math.abs(total - 86_400_000)).toBeLessThan(1000);
  });

  it('a short span for tests keeps the same shape', () => {
    const p = retryPolicy(3, 600);
    expect(p.backoff.delay).toBe(200);
    expect(backoffAfter(1, 200) + backoffAfter(2, 200)).toBe(600);
  });
});

describe('webhook target addresses (SSRF)', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '::ffff:8.8.8.8',
    '[::1]',
    'not-an-ip',
  ])('%s is refused', (a) => expect(isPrivateAddress(a)).toBe(true));

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111'])('%s is public', (a) =>
    expect(isPrivateAddress(a)).toBe(false),
  );

  // Issue 26 item 4: every IPv6 spelling that embeds or maps an IPv4 address, as typed in a URL.
  const HOSTILE_URL_HOSTS = [
    '[::127.0.0.1]',
    '[::7f00:1]',
    '[0:0:0:0:0:0:127.0.0.1]',
    '[::10.0.0.1]',
    '[::a00:1]',
    '[::169.254.169.254]',
    '[::192.168.1.1]',
    '[::8.8.8.8]',
    '[::0.0.0.1]',
    '[::ffff:127.0.0.1]',
    '[::ffff:7f00:1]',
    '[0:0:0:0:0:ffff:127.0.0.1]',
    '[::ffff:10.0.0.1]',
    '[::ffff:169.254.169.254]',
    '[::ffff:0:127.0.0.1]',
    '[64:ff9b::127.0.0.1]',
    '[64:ff9b::7f00:1]',
    '[64:ff9b::a9fe:a9fe]',
    '[64:ff9b:1::a00:1]',
    '[2002:7f00:1::]',
    '[2002:a00:1::1]',
    '[2002:a9fe:a9fe::]',
    '[2001:0:4136:e378:8000:63bf:80ff:fffe]',
    '[2001::1]',
    '[::1]',
    '[::]',
    '[0:0:0:0:0:0:0:1]',
    '[fe80::1]',
    '[fd00::1]',
    '[fc00::1]',
    '[fec0::1]',
    '[ff02::1]',
    '[100::1]',
    '[2001:db8::1]',
    '127.0.0.1',
    '127.1',
    '0x7f.1',
    '2130706433',
    '017700000001',
    '10.0.0.1',
    '172.16.0.1',
    '192.168.0.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
  ];

  it.each(HOSTILE_URL_HOSTS)('http://%s/ is refused at registration', async (host) => {
    const url = new URL(`http://${host}/hook`);
    expect(isPrivateAddress(url.hostname)).toBe(true);
    await expect(checkEndpointTarget(url, { allowPrivate: false })).rejects.toBeInstanceOf(
      BlockedAddressError,
    );
  });

  it.each(['[2606:4700:4700::1111]', '[2a00:1450:4001:82b::200e]', '8.8.8.8'])(
    'http://%s/ (public) is accepted',
    async (host) => {
      const url = new URL(`http://${host}/hook`);
      expect(isPrivateAddress(url.hostname)).toBe(false);
      await expect(checkEndpointTarget(url, { allowPrivate: false })).resolves.toBeUndefined();
    },
  );

  it('refuses literal and resolved private targets at registration, unless allowed', async () => {
    await expect(
      checkEndpointTarget(new URL('https://169.254.169.254/latest'), { allowPrivate: false }),
    ).rejects.toBeInstanceOf(BlockedAddressError);
    await expect(
      checkEndpointTarget(new URL('https://[::1]:8443/'), { allowPrivate: false }),
    ).rejects.toBeInstanceOf(BlockedAddressError);
    // The WHATWG parser turns odd IPv4 spellings into the dotted form first.
    await expect(
      checkEndpointTarget(new URL('http://2130706433/'), { allowPrivate: false }),
    ).rejects.toBeInstanceOf(BlockedAddressError);
    await expect(
      checkEndpointTarget(new URL('http://localhost:9/'), { allowPrivate: false }),
    ).rejects.toBeInstanceOf(BlockedAddressError);
    await expect(
      checkEndpointTarget(new URL('http://127.0.0.1:9/'), { allowPrivate: true }),
    ).resolves.toBeUndefined();
  });

  it('validates URLs: absolute http(s), no credentials, no fragment', () => {
    expect(isWebhookUrl('https://example.com/hook?x=1')).toBe(true);
    expect(isWebhookUrl('ftp://example.com/')).toBe(false);
    expect(isWebhookUrl('https://user:pw@example.com/')).toBe(false);
    expect(isWebhookUrl('https://example.com/#frag')).toBe(false);
    expect(isWebhookUrl('/relative')).toBe(false);
    expect(webhookEventsField.parse(['tag.replaced', 'inspection.created', 'tag.replaced'])).toEqual([
      'inspection.created',
      'tag.replaced',
    ]);
  });
});

describe('postWebhook', () => {
  let hits = 0;
  let url = '';
  const server = createServer((req, res) => {
    hits++;
    if (req.url === '/redirect') {
      res.writeHead(302, { Location: '/ok' }).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/plain' }).end('x'.repeat(5000));
  });
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('refuses a private target at send time, before connecting (literal or resolved)', async () => {
    const opts = { timeoutMs: 2000, allowPrivate: false };
    await expect(postWebhook(`${url}/ok`, {}, '{}', opts)).rejects.toBeInstanceOf(BlockedAddressError);
    const port = new URL(url).port;
    await expect(postWebhook(`http://localhost:${port}/ok`, {}, '{}', opts)).rejects.toBeInstanceOf(
      BlockedAddressError,
    );
    expect(hits).toBe(0);
  });

  it('keeps a short excerpt of the answer and does not follow redirects', async () => {
    const opts = { timeoutMs: 2000, allowPrivate: true };
    const ok = await postWebhook(`${url}/ok`, {}, '{}', opts);
    expect(ok.status).toBe(200);
    expect(ok.excerpt.length).toBeLessThanOrEqual(512);
    const before = hits;
    const moved = await postWebhook(`${url}/redirect`, {}, '{}', opts);
    expect(moved.status).toBe(302);
    expect(hits).toBe(before + 1);
  });
});
