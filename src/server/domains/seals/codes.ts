/**
 * Verification codes: 10 characters of an alphabet without look-alikes (30^10 ≈ 5.9·10^14), random,
 * unique across every company group through `core.seal_codes` (the public verify has no tenant).
 */
import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { SEAL_CODE_ALPHABET, SEAL_CODE_LENGTH } from '../../../shared/seals/schemas.ts';
import type { Trx } from '../../kit/tenant-tx.ts';
import type { SealKind } from './tables.ts';

export function newSealCode(): string {
  let code = '';
  for (let i = 0; i < SEAL_CODE_LENGTH; i++) code += SEAL_CODE_ALPHABET[randomInt(SEAL_CODE_ALPHABET.length)];
  return code;
}

/** True for text that could be a code (checked before any database read of the public verify). */
export function looksLikeSealCode(code: string): boolean {
  return code.length === SEAL_CODE_LENGTH && [...code].every((c) => SEAL_CODE_ALPHABET.includes(c));
}

/**
 * Claims a fresh code for a record in `core.seal_codes`, inside the sealing transaction (a
 * collision, astronomically rare, takes another code).
 */
export async function claimSealCode(
  trx: Trx,
  owner: { companyGroupId: number; kind: SealKind; recordId: number },
): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = newSealCode();
    const r = await sql<{ code: string }>`
      insert into core.seal_codes (code, company_group_id, kind, record_id)
      values (${code}, ${owner.companyGroupId}, ${owner.kind}, ${owner.recordId})
      on conflict (code) do nothing returning code`.execute(trx);
    if (r.rows.length) return code;
  }
  throw new Error('could not claim a unique seal code');
}
