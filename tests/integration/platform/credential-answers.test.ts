import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fingerprintHeaders } from '../../../src/server/idempotency.ts';
import { baseType, defOf, type ZodDef } from '../../../src/server/kit/schema-shape.ts';
import { operationList } from '../../../src/server/operations.ts';

/**
 * Issue 26 (security 1–2): an answer that carries a credential is never kept by the
 * `Idempotency-Key` layer. The rule is the operation's `credential: true`; this test finds every
 * operation whose answer (its output schema, or a raw REST binding's `answer`) has a token or secret
 * in it and holds it to the flag, so a new one cannot drift out of the rule.
 */
const CREDENTIAL = /token|secret|password|api[-_]?key|credential/i;

type Def = ZodDef;

/** A credential is text: a date or a flag named after one (`secretRotatedAt`) is not. */
const TEXT = new Set(['string', 'template_literal']);

/** Where a schema names a credential: text fields' names and descriptions, through every wrapper. */
function credentialPaths(s: z.ZodType | undefined, path = '', depth = 0): string[] {
  if (!s || depth > 30) return [];
  const found: string[] = [];
  if (TEXT.has(baseType(s)) && CREDENTIAL.test(s.description ?? ''))
    found.push(`${path || '(answer)'}: "${s.description}"`);
  const d: Def = defOf(s);
  const next = (c: z.ZodType | undefined, p = path) => found.push(...credentialPaths(c, p, depth + 1));
  if (d.type === 'object') {
    const shape = (s as unknown as { shape: Record<string, z.ZodType> }).shape;
    for (const [k, v] of Object.entries(shape)) {
      const p = path ? `${path}.${k}` : k;
      if (TEXT.has(baseType(v)) && CREDENTIAL.test(k)) found.push(p);
      next(v, p);
    }
  }
  for (const c of [d.innerType, d.in, d.out, d.element, d.left, d.right, d.valueType]) next(c);
  for (const c of [...(d.options ?? []), ...(d.items ?? [])]) next(c);
  if (d.type === 'lazy' && d.getter) next(d.getter());
  return found;
}

describe('answers that carry a credential', () => {
  const carrying = operationList
    .map(({ name, operation: op }) => ({
      name,
      op,
      paths: [op.output, ...op.rest.map((b) => b.answer)].flatMap((s) => credentialPaths(s)),
    }))
    .filter((o) => o.paths.length > 0);

  it('finds the known ones (the scan itself works)', () => {
    expect(carrying.map((o) => o.name)).toEqual(
      expect.arrayContaining([
        'auth.login',
        'account.activate',
        'account.resetPassword',
        'webhooks.endpoints.create',
        'webhooks.endpoints.rotateSecret',
        'jobs.boardLink',
      ]),
    );
  });

  it('every operation whose answer has a token or secret is declared credential: true', () => {
    const unmarked = carrying.filter((o) => !o.op.credential).map((o) => `${o.name} (${o.paths.join(', ')})`);
    expect(unmarked).toEqual([]);
  });

  it('the idempotency fingerprint covers every header an operation reads', () => {
    const declared = operationList.flatMap(({ operation }) =>
      operation.rest.flatMap((b) => (b.headers ?? []).map((h) => h.name.toLowerCase())),
    );
    expect(fingerprintHeaders()).toEqual(expect.arrayContaining([...declared, 'email', 'emailtoken']));
  });

  it('every request header the server reads is in the fingerprint or cannot change a POST’s answer', () => {
    // Read but not in the fingerprint, and why.
    const outside: Record<string, string> = {
      authorization: 'resolved into the caller (user, role, company group, company), which is',
      'cache-control': 'the read caches of GETs only',
      pragma: 'the read caches of GETs only',
      'content-length': 'the body itself is in the fingerprint',
      'transfer-encoding': 'how the body is framed (the body itself is in the fingerprint)',
      'idempotency-key': 'the key',
      'if-none-match': 'GET only (product images)',
      'if-range': 'GET only (video ranges)',
      range: 'GET only (video ranges)',
      'user-agent': 'recorded on a session, never answered',
      'x-forwarded-for': 'the client address: part of an anonymous caller’s slot',
      'x-forwarded-proto': 'the HSTS header only',
    };
    const files = (readdirSync('src/server', { recursive: true }) as string[])
      .filter((f) => f.endsWith('.ts'))
      .map((f) => readFileSync(path.join('src/server', f), 'utf8'));
    const read = new Set(
      files.flatMap((text) =>
        [...text.matchAll(/req\.header\('([A-Za-z-]+)'\)/g)].map((m) => m[1]!.toLowerCase()),
      ),
    );
    expect(read.size).toBeGreaterThan(5);
    const covered = new Set(fingerprintHeaders());
    expect([...read].filter((h) => !covered.has(h) && !(h in outside))).toEqual([]);
  });
});
