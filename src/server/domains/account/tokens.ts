import type { CoreDb } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { hashToken, newToken } from '../auth/index.ts';
import type { EmailTokenPurpose } from './tables.ts';

export const ACTIVATION_TOKEN_HOURS = 48;
export const RESET_TOKEN_HOURS = 1;
/** An invitation waits for its reader longer than a reset they asked for themselves. */
export const INVITE_TOKEN_HOURS = 7 * 24;

/** The purposes whose link opens the password page (a reset asked for, or an invitation). */
export const PASSWORD_PAGE_PURPOSES: readonly EmailTokenPurpose[] = ['PASSWORD_RESET', 'INVITE'];

export function tokenHours(purpose: EmailTokenPurpose): number {
  if (purpose === 'ACTIVATION') return ACTIVATION_TOKEN_HOURS;
  return purpose === 'INVITE' ? INVITE_TOKEN_HOURS : RESET_TOKEN_HOURS;
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

/**
 * Invitation tokens for many users at once (one INSERT; earlier unused invitations of those users
 * voided first, as `issueEmailToken` does for one): user id → the token for the link.
 */
export async function issueInviteTokens(db: CoreDb, userIds: number[]): Promise<Map<number, string>> {
  const tokens = new Map<number, string>();
  if (!userIds.length) return tokens;
  const now = new Date();
  await db
    .updateTable('email_tokens')
    .set({ used_at: now })
    .where('user_id', 'in', userIds)
    .where('purpose', '=', 'INVITE')
    .where('used_at', 'is', null)
    .execute();
  const expires = new Date(now.getTime() + INVITE_TOKEN_HOURS * 3_600_000);
  const rows = userIds.map((id) => {
    const { token, hash } = newToken();
    tokens.set(id, token);
    return { token_hash: hash, user_id: id, purpose: 'INVITE' as const, expires_at: expires, used_at: null };
  });
  await db.insertInto('email_tokens').values(rows).execute();
  return tokens;
}

/** Locks a token row for the caller's transaction; null when it does not exist. */
export function lockEmailToken(
  trx: CoreDb,
  token: string,
  purpose: EmailTokenPurpose | readonly EmailTokenPurpose[],
) {
  return trx
    .selectFrom('email_tokens')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .where('purpose', 'in', typeof purpose === 'string' ? [purpose] : [...purpose])
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
