import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app.ts';
import { resetConfig } from '../../../src/server/config.ts';
import { DEMO, loginAs } from '../../helpers/api.ts';

/**
 * Security headers of every kind of answer: the SPA's strict CSP and Permissions-Policy everywhere,
 * `Cache-Control: no-store` on REST and tRPC answers (hashed assets keep their immutable caching),
 * HSTS only when the request came over https (behind the trusted proxy: X-Forwarded-Proto).
 */
let app: ReturnType<typeof createApp>;
const saved = { CLIENT_DIR: process.env.CLIENT_DIR, TRUST_PROXY: process.env.TRUST_PROXY };

beforeAll(() => {
  // A built client of our own, so the static answers are tested whatever dist/ holds.
  const dir = mkdtempSync(path.join(tmpdir(), 'equipcheck-client-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  process.env.CLIENT_DIR = dir;
  resetConfig();
  app = createApp();
});
afterAll(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetConfig();
});

function directives(csp: string | null): Record<string, string> {
  return Object.fromEntries(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name = '', ...values] = d.split(/\s+/);
        return [name, values.join(' ')];
      }),
  );
}

describe('security headers', () => {
  it('every answer carries the strict CSP and the Permissions-Policy', async () => {
    const token = await loginAs(DEMO.groupAdmin);
    const answers = [
      await app.request('/'),
      await app.request('/assets/index-abc123.js'),
      await app.request('/web/logged-user/', { headers: { Authorization: `Bearer ${token}` } }),
      await app.request('/trpc/account.me', { headers: { Authorization: `Bearer ${token}` } }),
    ];
    for (const res of answers) {
      const csp = directives(res.headers.get('Content-Security-Policy'));
      expect(csp).toEqual({
        'default-src': "'self'",
        'script-src': "'self'",
        'style-src': "'self' 'unsafe-inline'",
        // the inspection map's tiles (MAP_TILE_URL's default origin)
        'img-src': "'self' data: blob: https://tile.openstreetmap.org",
        'connect-src': "'self'",
        // the installable app's service worker and manifest (issue 20)
        'worker-src': "'self'",
        'manifest-src': "'self'",
        'font-src': "'self' data:",
        'frame-ancestors': "'none'",
        'base-uri': "'self'",
        'form-action': "'self'",
        'object-src': "'none'",
      });
      expect(res.headers.get('Permissions-Policy')).toBe(
        'camera=(self), microphone=(), geolocation=(self), payment=()',
      );
      expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    }
  });

  it('img-src follows MAP_TILE_URL (its origin, a {s} subdomain as a wildcard)', async () => {
    const before = process.env.MAP_TILE_URL;
    process.env.MAP_TILE_URL = 'https://{s}.tiles.example.net/osm/{z}/{x}/{y}.png';
    resetConfig();
    try {
      const res = await createApp().request('/');
      expect(directives(res.headers.get('Content-Security-Policy'))['img-src']).toBe(
        "'self' data: blob: https://*.tiles.example.net",
      );
    } finally {
      if (before === undefined) delete process.env.MAP_TILE_URL;
      else process.env.MAP_TILE_URL = before;
      resetConfig();
    }
  });

  it('REST and tRPC answers are no-store; the SPA and hashed assets keep their caching', async () => {
    const token = await loginAs(DEMO.groupAdmin);
    const auth = { Authorization: `Bearer ${token}` };
    for (const res of [
      await app.request('/web/logged-user/', { headers: auth }),
      await app.request('/web/categories/?size=10', { headers: auth }),
      await app.request('/web/nothing-here/'),
      await app.request('/trpc/account.me', { headers: auth }),
      await app.request('/trpc/auth.login', { method: 'POST', body: '{' }),
    ]) {
      expect(res.status).toBeLessThan(500);
      expect(res.headers.get('Cache-Control'), res.url).toBe('no-store');
    }
    const asset = await app.request('/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    const index = await app.request('/');
    expect(index.status).toBe(200);
    expect(index.headers.get('Cache-Control')).not.toBe('no-store');
  });

  it('the built index.html has no inline script (script-src has no unsafe-inline nor hash)', async () => {
    const html = await (await app.request('/')).text();
    for (const tag of html.match(/<script\b[^>]*>/g) ?? []) expect(tag).toMatch(/\bsrc=/);
  });

  it('HSTS only over https: never over plain http, behind the trusted proxy only with X-Forwarded-Proto https', async () => {
    const hsts = async (url: string, headers: Record<string, string> = {}) =>
      (await app.request(url, { headers })).headers.get('Strict-Transport-Security');
    expect(await hsts('http://localhost/web/openapi.json')).toBeNull();
    expect(await hsts('http://localhost/')).toBeNull();
    expect(await hsts('http://localhost/web/openapi.json', { 'X-Forwarded-Proto': 'http' })).toBeNull();
    // The proxy appends what it saw; a forged "https" in front does not count.
    expect(await hsts('http://localhost/', { 'X-Forwarded-Proto': 'https, http' })).toBeNull();
    expect(await hsts('http://localhost/', { 'X-Forwarded-Proto': 'https' })).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect(await hsts('http://localhost/trpc/account.me', { 'X-Forwarded-Proto': 'https' })).toContain(
      'max-age=',
    );
    expect(await hsts('https://localhost/web/openapi.json')).toContain('max-age=');

    // Without a trusted proxy the header is anyone's to forge: ignored.
    process.env.TRUST_PROXY = 'false';
    resetConfig();
    try {
      expect(await hsts('http://localhost/', { 'X-Forwarded-Proto': 'https' })).toBeNull();
    } finally {
      process.env.TRUST_PROXY = saved.TRUST_PROXY ?? 'true';
      resetConfig();
    }
  });
});
