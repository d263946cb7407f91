import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** what the receiver answered */
  status: number;
}

/**
 * A webhook receiver on 127.0.0.1 (node:http): records every request and answers what the path's
 * script says next (`script(path, [500, 200])`: 500 to the first request, 200 to the rest), 200 by
 * default.
 */
export async function startReceiver() {
  const received: Received[] = [];
  const scripts = new Map<string, number[]>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const plan = scripts.get(path);
      const status = plan && plan.length > 1 ? plan.shift()! : (plan?.[0] ?? 200);
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), status });
      res.writeHead(status, { 'Content-Type': 'text/plain' }).end(status < 300 ? 'ok' : `nope ${status}`);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    received,
    at: (path: string) => received.filter((r) => r.path === path),
    script: (path: string, statuses: number[]) => scripts.set(path, [...statuses]),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/**
 * Verifies a request the way an integrator following Standard Webhooks would: every `v1,`
 * signature of `webhook-signature` checked against HMAC-SHA256(base64-decoded secret,
 * "<webhook-id>.<webhook-timestamp>.<body>"); answers how many matched `secret`.
 */
export function signaturesMatching(r: Received, secret: string): number {
  const id = String(r.headers['webhook-id'] ?? '');
  const ts = String(r.headers['webhook-timestamp'] ?? '');
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${ts}.${r.body}`).digest();
  return String(r.headers['webhook-signature'] ?? '')
    .split(' ')
    .filter((s) => s.startsWith('v1,'))
    .map((s) => Buffer.from(s.slice(3), 'base64'))
    .filter((sig) => sig.length === expected.length && timingSafeEqual(sig, expected)).length;
}
