import { createHash, createVerify, generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GcsFileStore } from '../../../src/server/files/gcs-store.ts';
import { fileStore, setFileStore } from '../../../src/server/files/store.ts';
import { DEMO, loginAs, rest } from '../../helpers/api.ts';

/**
 * The GCS side of the file store, through the real @google-cloud/storage SDK pointed at a small
 * local stand-in for the bucket's JSON API (`apiEndpoint`): the listing's request (prefix and
 * delimiter), a ranged download, object metadata, and the V4 signed URL (signed locally with a
 * service-account key generated here, then verified with its public key).
 */
const video = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 251));
const UPDATED = '2025-01-02T03:04:05.000Z';
const seen: string[] = [];
let server: Server;
let endpoint: string;
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const EMAIL = 'video-signer@demo-project.iam.gserviceaccount.com';

function store(): GcsFileStore {
  return new GcsFileStore('lessons-bucket', {
    apiEndpoint: endpoint,
    projectId: 'demo-project',
    credentials: {
      client_email: EMAIL,
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    },
  });
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    seen.push(`${req.method} ${url.pathname}${url.search} ${req.headers.range ?? ''}`.trim());
    if (url.pathname === '/storage/v1/b/lessons-bucket/o') {
      res.setHeader('Content-Type', 'application/json');
      res.end(
        JSON.stringify({
          kind: 'storage#objects',
          items: [
            { name: 'lessons/cadastro-de-produtos.mp4', size: String(video.length), updated: UPDATED },
            { name: 'lessons/notas.txt', size: '3', updated: UPDATED },
          ],
          prefixes: ['lessons/rascunhos/'],
        }),
      );
      return;
    }
    const name = decodeURIComponent(url.pathname.replace('/storage/v1/b/lessons-bucket/o/', ''));
    if (name !== 'lessons/cadastro-de-produtos.mp4') {
      res.writeHead(404, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 404, message: 'No such object' } }));
      return;
    }
    if (url.searchParams.get('alt') === 'media') {
      const m = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
      const body = m ? video.subarray(Number(m[1]), Number(m[2]) + 1) : video;
      res.writeHead(m ? 206 : 200, { 'Content-Type': 'video/mp4', 'Content-Length': body.length });
      res.end(body);
      return;
    }
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ name, bucket: 'lessons-bucket', size: String(video.length), updated: UPDATED }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  endpoint = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
});

describe('GCS file store (the real SDK against a local bucket API)', () => {
  it('lists the objects directly under a prefix (prefix + delimiter) with their size and update time', async () => {
    seen.length = 0;
    expect(await store().list('lessons/')).toEqual([
      { key: 'lessons/cadastro-de-produtos.mp4', size: video.length, updatedAt: new Date(UPDATED) },
      { key: 'lessons/notas.txt', size: 3, updatedAt: new Date(UPDATED) },
    ]);
    expect(seen[0]).toBe('GET /storage/v1/b/lessons-bucket/o?prefix=lessons%2F&delimiter=%2F');
  });

  it('reads a byte range, and the metadata of one object (null when missing)', async () => {
    const s = store();
    const stream = await s.get('lessons/cadastro-de-produtos.mp4', { start: 100, end: 199 });
    const parts: Buffer[] = [];
    for await (const c of stream!) parts.push(Buffer.from(c));
    expect(Buffer.concat(parts).equals(video.subarray(100, 200))).toBe(true);
    expect(seen).toContain(
      'GET /storage/v1/b/lessons-bucket/o/lessons%2Fcadastro-de-produtos.mp4?alt=media bytes=100-199',
    );
    expect(await s.stat('lessons/cadastro-de-produtos.mp4')).toEqual({
      key: 'lessons/cadastro-de-produtos.mp4',
      size: video.length,
      updatedAt: new Date(UPDATED),
    });
    expect(await s.stat('lessons/nada.mp4')).toBeNull();
  });

  it('signs a V4 read URL valid 300 s, whose signature the key’s public half verifies', async () => {
    const url = new URL((await store().signedReadUrl('lessons/cadastro-de-produtos.mp4', 300))!);
    const q = url.searchParams;
    expect(url.pathname).toBe('/lessons-bucket/lessons/cadastro-de-produtos.mp4');
    expect(q.get('X-Goog-Algorithm')).toBe('GOOG4-RSA-SHA256');
    expect(q.get('X-Goog-Expires')).toBe('300');
    expect(q.get('X-Goog-SignedHeaders')).toBe('host');
    // The V4 string to sign, rebuilt from the URL: the signature is over this very request.
    const signed = [...q.entries()]
      .filter(([k]) => k !== 'X-Goog-Signature')
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
      .sort()
      .join('&');
    const canonical = [
      'GET',
      url.pathname,
      signed,
      `host:${url.hostname}`,
      '',
      'host',
      'UNSIGNED-PAYLOAD',
    ].join('\n');
    const scope = q.get('X-Goog-Credential')!.split('/').slice(1).join('/');
    const toSign = [
      'GOOG4-RSA-SHA256',
      q.get('X-Goog-Date'),
      scope,
      createHash('sha256').update(canonical).digest('hex'),
    ].join('\n');
    const ok = createVerify('RSA-SHA256').update(toSign).verify(publicKey, q.get('X-Goog-Signature')!, 'hex');
    expect(ok).toBe(true);
  });

  it('with the bucket as the store, the lesson list hands out the bucket’s signed URLs', async () => {
    const local = fileStore();
    setFileStore(store());
    try {
      const res = await rest<{ slug: string; url: string | null; size: number | null }[]>(
        'GET',
        '/web/video-lessons/',
        { token: await loginAs(DEMO.operator) },
      );
      expect(res.status).toBe(200);
      const lessons = res.json.data!;
      const produtos = lessons.find((l) => l.slug === 'cadastro-de-produtos')!;
      expect(produtos.size).toBe(video.length);
      expect(produtos.url).toMatch(
        /^http:\/\/127\.0\.0\.1:\d+\/lessons-bucket\/lessons\/cadastro-de-produtos\.mp4\?X-Goog-Algorithm=GOOG4-RSA-SHA256&.*X-Goog-Expires=300/,
      );
      expect(lessons.filter((l) => l.url !== null).map((l) => l.slug)).toEqual(['cadastro-de-produtos']);
    } finally {
      setFileStore(local);
    }
  });
});
