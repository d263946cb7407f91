/**
 * Endpoint signing secrets and Standard Webhooks signatures (issue 18 item 4).
 *
 * - A secret is `whsec_` + base64 of 32 random bytes; the HMAC key is those bytes (as the
 *   standard's libraries decode it). It is shown once, at creation or rotation.
 * - At rest it is sealed with AES-256-GCM under a key derived (HKDF-SHA256) from APP_SECRET, so a
 *   database dump alone cannot sign deliveries. Changing APP_SECRET makes sealed secrets unreadable:
 *   rotate every endpoint's secret after it.
 * - `webhook-signature` is `v1,<base64 HMAC-SHA256(key, "<webhook-id>.<webhook-timestamp>.<body>")>`,
 *   one per secret in use, space separated.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { config } from '../../config.ts';

export const SECRET_PREFIX = 'whsec_';
const SECRET_BYTES = 32;
const SEALED = /^v1\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/;

/** A fresh endpoint secret. */
export function newSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;
}

let derived: { from: string; key: Buffer } | undefined;
function sealingKey(): Buffer {
  const appSecret = config().APP_SECRET;
  if (derived?.from !== appSecret)
    derived = {
      from: appSecret,
      key: Buffer.from(hkdfSync('sha256', appSecret, 'equipcheck', 'webhook endpoint secrets', 32)),
    };
  return derived.key;
}

/** The secret as stored: `v1.<iv>.<tag>.<ciphertext>` (base64url). */
export function sealSecret(secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(), iv);
  const ct = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `v1.${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${ct.toString('base64url')}`;
}

/** The secret a sealed value holds; throws when it was sealed under another APP_SECRET. */
export function openSecret(sealed: string): string {
  const m = SEALED.exec(sealed);
  if (!m) throw new Error('unreadable webhook secret');
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(), Buffer.from(m[1]!, 'base64url'));
  decipher.setAuthTag(Buffer.from(m[2]!, 'base64url'));
  try {
    return Buffer.concat([decipher.update(Buffer.from(m[3]!, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new Error('unreadable webhook secret (APP_SECRET changed?): rotate the endpoint’s secret');
  }
}

/** The HMAC key of a `whsec_…` secret: its base64 part decoded. */
function keyOf(secret: string): Buffer {
  const b64 = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  return Buffer.from(b64, 'base64');
}

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` (Standard Webhooks, symmetric). */
export function signatureOf(secret: string, messageId: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', keyOf(secret))
    .update(`${messageId}.${timestamp}.${body}`)
    .digest('base64');
  return `v1,${mac}`;
}
