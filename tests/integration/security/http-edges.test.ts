import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../../src/server/main.ts';

/**
 * What Node's HTTP parser and the body limit answer, against a real listening server (these never
 * reach an in-process `app.request`): URLs and headers over 16 KB, bytes HTTP forbids, bodies over
 * the limit — always the error envelope, never a 5xx, and a 413 keeps the keep-alive socket.
 */
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await server?.close();
});

/** Writes bytes on a fresh socket and reads the whole answer (the server closes it). */
function rawRequest(bytes: string | Buffer): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body });
    });
    socket.end(bytes);
  });
}

function expectEnvelope(body: string, code: string) {
  const json = JSON.parse(body) as { error?: { code?: string; message?: string } };
  expect(json.error?.code).toBe(code);
  expect(typeof json.error?.message).toBe('string');
}

describe('HTTP edges on a real server', () => {
  it('a URL over 16 KB is a 431 with the envelope, on REST and tRPC', async () => {
    for (const path of [
      `/web/users/?query=${'a'.repeat(20_000)}`,
      `/trpc/auth.login?input=${'a'.repeat(20_000)}`,
    ]) {
      const r = await rawRequest(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`);
      expect(r.status).toBe(431);
      expect(r.headers).toMatch(/content-type: application\/json/i);
      expectEnvelope(r.body, 'HEADERS_TOO_LARGE');
    }
  });

  it('headers over 16 KB are a 431 with the envelope', async () => {
    const r = await rawRequest(
      `GET /web/logged-user/ HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`,
    );
    expect(r.status).toBe(431);
    expectEnvelope(r.body, 'HEADERS_TOO_LARGE');
  });

  it('a raw NUL in a header or the request line is a 400 with the envelope', async () => {
    for (const req of [
      'POST /web/authentication/ HTTP/1.1\r\nHost: x\r\nEmail: a\u0000b@x.com\r\nContent-Length: 1\r\n\r\nx',
      'POST /trpc/auth.login HTTP/1.1\r\nHost: x\r\nX-Any: \u0000\r\nContent-Length: 2\r\n\r\n{}',
      'GET /web/users/\u0000/ HTTP/1.1\r\nHost: x\r\n\r\n',
    ]) {
      const r = await rawRequest(Buffer.from(req, 'latin1'));
      expect(r.status).toBe(400);
      expectEnvelope(r.body, 'BAD_REQUEST');
    }
  });

  it('a body is read whole with a Content-Length and chunked (no length): the password reaches the sign-in', async () => {
    const signIn = (body: string, framing: 'length' | 'chunked') =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port: server.port,
            method: 'POST',
            path: '/web/authentication/',
            headers: {
              Email: 'nobody@nowhere.dev',
              ...(framing === 'length'
                ? { 'Content-Length': Buffer.byteLength(body) }
                : { 'Transfer-Encoding': 'chunked' }),
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (d) => chunks.push(d));
            res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString() }));
          },
        );
        req.on('error', reject);
        // Chunked: the password in two chunks.
        if (framing === 'chunked') req.write(body.slice(0, 3));
        req.end(framing === 'chunked' ? body.slice(3) : body);
      });
    for (const framing of ['length', 'chunked'] as const) {
      const wrong = await signIn('Nope@123', framing);
      expect(wrong.status, `${framing}: ${wrong.body}`).toBe(401);
      expectEnvelope(wrong.body, 'AUTHENTICATION_INVALID_CREDENTIALS');
      // No password at all is another answer: the one above did read the body.
      const none = await signIn('', framing);
      expect(none.status, `${framing}: ${none.body}`).toBe(400);
    }
  });

  it('a body over the limit is a 413 with the envelope and the keep-alive socket serves the next call', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const call = (method: string, path: string, body?: Buffer) =>
      new Promise<{ status: number; body: string; reused: boolean }>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port: server.port,
            method,
            path,
            agent,
            headers: body ? { 'Content-Type': 'application/json', 'Content-Length': body.length } : {},
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (d) => chunks.push(d));
            res.on('end', () =>
              resolve({
                status: res.statusCode!,
                body: Buffer.concat(chunks).toString(),
                reused: req.reusedSocket,
              }),
            );
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    try {
      const first = await call('GET', '/web/openapi.json');
      expect(first.status).toBe(200);
      for (const path of ['/web/users/', '/trpc/account.register']) {
        const big = await call('POST', path, Buffer.alloc(13 * 1024 * 1024, 0x20));
        expect(big.status).toBe(413);
        expectEnvelope(big.body, 'REQUEST_TOO_LARGE');
        const next = await call('GET', '/web/openapi.json');
        expect(next.status).toBe(200);
        expect(next.reused).toBe(true);
      }
    } finally {
      agent.destroy();
    }
  }, 60_000);
});
