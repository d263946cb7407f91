/**
 * One webhook POST (issue 18 item 4): node:http(s) with the SSRF guard as its DNS lookup (an IP
 * literal is checked before connecting, since Node does not look literals up), one deadline for the
 * whole exchange (connect, send, answer), no redirects (a 3xx is a failed attempt, as Standard
 * Webhooks asks), no connection reuse, and only the first EXCERPT_BYTES of the answer read.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { BlockedAddressError, guardedLookup, hostOf, isPrivateAddress } from './address-guard.ts';

/** How much of the receiver's answer the log keeps. */
export const EXCERPT_BYTES = 512;

export interface SendResult {
  status: number;
  /** the start of the answer's body (text), at most EXCERPT_BYTES */
  excerpt: string;
}

export interface SendOptions {
  timeoutMs: number;
  allowPrivate: boolean;
}

/** Why an attempt got no HTTP answer, in a few words for the delivery log. */
export function describeSendError(e: unknown): string {
  if (e instanceof BlockedAddressError) return `refused: ${e.message}`;
  const err = e as NodeJS.ErrnoException;
  if (err?.name === 'TimeoutError' || err?.name === 'AbortError') return 'timed out';
  if (err?.code)
    return `${err.code}${err.message && !err.message.includes(err.code) ? `: ${err.message}` : ''}`;
  return String(err?.message ?? e).slice(0, 300);
}

/** POSTs `body` to `url`; answers the status and an excerpt, or throws when there is no answer. */
export function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  opts: SendOptions,
): Promise<SendResult> {
  const target = new URL(url);
  const host = hostOf(target);
  if (isIP(host) && !opts.allowPrivate && isPrivateAddress(host))
    return Promise.reject(new BlockedAddressError(host, host));
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const signal = AbortSignal.timeout(opts.timeoutMs);
  return new Promise<SendResult>((resolve, reject) => {
    const req = send(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: guardedLookup(opts.allowPrivate),
        agent: false,
        signal,
      },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          res.destroy();
          resolve({
            status: res.statusCode ?? 0,
            excerpt: Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8'),
          });
        };
        res.on('data', (c: Buffer) => {
          chunks.push(c);
          size += c.length;
          // Enough for the log: stop reading (the rest of a large answer is never downloaded).
          if (size >= EXCERPT_BYTES) done();
        });
        res.on('end', done);
        res.on('error', () => done());
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
