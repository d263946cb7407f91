import type { CoreDb } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { hashToken, newToken } from '../auth/index.ts';
import type { EmailTokenPurpose } from './tables.ts';

export const ACTIVATION_TOKEN_HOURS = 48;
export const RESET_TOKEN_HOURS = 1;

export function tokenHours(purpose: EmailTokenPurpose): number {
  return purpose === 'ACTIVATION' ? ACTIVATION_TOKEN_HOURS : RESET_TOKEN_HOURS;
}

/**
 * Issues a single-use e-mail token (256 random bits, stored as SHA-256). Earlier unused tokens of
 * the same purpose stop working, so only the newest link is valid.
 */
export async function issueEmailToken(
  db: CoreDb,
  userId: number,
  purpose: EmailTokenPurpose,
): Promise<string> {
  const now = new Date();
  await db
    .updateTable('email_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
  const { token, hash } = newToken();
  await db
    .insertInto('email_tokens')
    .values({
      token_hash: hash,
      user_id: userId,
      purpose,
      expires_at: new Date(now.getTime() + tokenHours(purpose) * 3_600_000),
      used_at: null,
    })
    .execute();
  return token;
}

/** Locks a token row for the caller's transaction; null when it does not exist. */
export function lockEmailToken(trx: CoreDb, token: string, purpose: EmailTokenPurpose) {
  return trx
    .selectFrom('email_tokens')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .forUpdate()
    .executeTakeFirst();
}

export function assertUsable(row: { used_at: Date | null; expires_at: Date } | undefined): asserts row {
  if (!row || row.used_at || new Date(row.expires_at).getTime() <= Date.now())
    throw new AppError('TOKEN_INVALID');
}

export async function markUsed(trx: CoreDb, id: number): Promise<void> {
  await trx.updateTable('email_tokens').set({ used_at: new Date() }).where('id', '=', id).execute();
}

/**
 * Voids every unused e-mail token of a user. Called when the address or the password changes, so a
 * link still sitting in an old mailbox cannot take the account over afterwards.
 */
export async function voidEmailTokens(db: CoreDb, userId: number): Promise<void> {
  await db
    .updateTable('email_tokens')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/** A malformed or missing e-mail token is just an invalid token. */
export function parseEmailToken(raw: string | null | undefined): string {
  const t = (raw ?? '').trim();
  if (!/^[A-Za-z0-9_-]{20,200}$/.test(t)) throw new AppError('TOKEN_INVALID');
  return t;
}
