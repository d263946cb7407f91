import { limitRate } from '../../rate-limit.ts';
import { z } from 'zod';
import type { CepAddress } from '../../../shared/account/schemas.ts';
import { config } from '../../config.ts';
import { log } from '../../logger.ts';
import { redisCommand, redisKey } from '../../redis.ts';

/** Seed 000 §5: the CEP is looked up at 8 digits; the upstream gets 3 s, then the user types by hand. */
export const CEP_TIMEOUT_MS = 3000;
const FOUND_TTL_SECONDS = 30 * 86_400;
const NOT_FOUND_TTL_SECONDS = 86_400;

export type CepLookup =
  | { status: 'found'; address: CepAddress }
  | { status: 'not_found' }
  | { status: 'unavailable' };

/** ViaCEP's answer: `{ erro: true }` (or "true") for an unknown CEP. */
const upstreamSchema = z.object({
  erro: z.union([z.boolean(), z.string()]).optional(),
  cep: z.string().optional(),
  logradouro: z.string().optional().default(''),
  bairro: z.string().optional().default(''),
  localidade: z.string().optional().default(''),
  uf: z.string().optional().default(''),
});

async function cacheGet(key: string): Promise<string | null> {
  try {
    return await redisCommand((r) => r.get(key));
  } catch {
    return null;
  }
}

async function cacheSet(key: string, value: string, ttl: number): Promise<void> {
  try {
    await redisCommand((r) => r.set(key, value, 'EX', ttl));
  } catch {
    // a cache miss next time is fine
  }
}

async function fetchUpstream(cep: string): Promise<CepLookup> {
  const url = config().CEP_SERVICE_URL.replace('{cep}', cep);
  let res: Response;
  try {
    res = await fetch(url, {
      signal: AbortSignal.timeout(CEP_TIMEOUT_MS),
      headers: { Accept: 'application/json' },
    });
  } catch (e) {
    log.warn('CEP service unreachable', { error: String(e) });
    return { status: 'unavailable' };
  }
  if (res.status === 400 || res.status === 404) return { status: 'not_found' };
  if (!res.ok) return { status: 'unavailable' };
  let body: z.infer<typeof upstreamSchema>;
  try {
    body = upstreamSchema.parse(await res.json());
  } catch {
    return { status: 'unavailable' };
  }
  if (body.erro === true || body.erro === 'true') return { status: 'not_found' };
  return {
    status: 'found',
    address: {
      cep,
      state: body.uf.slice(0, 2).toUpperCase(),
      city: body.localidade,
      street: body.logradouro,
      neighborhood: body.bairro,
    },
  };
}

/**
 * Looks up a CEP (8 digits) through the public service, cached in Redis. Never throws for the
 * upstream's failures: 'unavailable' tells the form to let the user fill the address by hand.
 */
export async function lookupCep(cep: string): Promise<CepLookup> {
  const key = redisKey('cep', cep);
  const cached = await cacheGet(key);
  if (cached === 'NOT_FOUND') return { status: 'not_found' };
  if (cached) return { status: 'found', address: JSON.parse(cached) as CepAddress };
  const result = await fetchUpstream(cep);
  if (result.status === 'found') await cacheSet(key, JSON.stringify(result.address), FOUND_TTL_SECONDS);
  if (result.status === 'not_found') await cacheSet(key, 'NOT_FOUND', NOT_FOUND_TTL_SECONDS);
  return result;
}

/** The lookup as the API offers it: limited per client address (it calls a public service). */
export async function lookupAddress(ctx: { ip: string }, input: { cep: string }): Promise<CepLookup> {
  // Fails open: the limit spares the public upstream, and a lookup reveals nothing.
  await limitRate(['cep', 'ip', ctx.ip], 120, 60, { whenRedisDown: 'open' });
  return lookupCep(input.cep);
}
