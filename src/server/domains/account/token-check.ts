/**
 * An e-mailed link checked when its page opens (issue 16): the reset and activation pages show why
 * a link cannot be used (expired, used or replaced, invalid, environment already active) instead
 * of a form that would be refused only after the new password was typed twice. Read-only: the
 * token stays usable. The rules are those of `resetPassword` and `activateEnvironment`, in their
 * order.
 */
import type { EmailTokenPurposeName, EmailTokenStatus } from '../../../shared/account/schemas.ts';
import { coreDb } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { hashToken } from '../auth/index.ts';
import { awaitingActivation } from '../auth/index.ts';
import type { EmailTokenPurpose } from './tables.ts';
import { PASSWORD_PAGE_PURPOSES, parseEmailToken } from './tokens.ts';

const PURPOSE: Record<EmailTokenPurposeName, readonly EmailTokenPurpose[]> = {
  activation: ['ACTIVATION'],
  // The reset page also sets an invited user's first password.
  reset: PASSWORD_PAGE_PURPOSES,
};

export async function checkEmailToken(input: {
  token: string;
  purpose: EmailTokenPurposeName;
}): Promise<{ status: EmailTokenStatus }> {
  let token: string;
  try {
    token = parseEmailToken(input.token);
  } catch (e) {
    if (e instanceof AppError) return { status: 'INVALID' };
    throw e;
  }
  const row = await coreDb()
    .selectFrom('email_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.used_at', 't.expires_at', 'u.id as user_id', 'u.status'])
    .where('t.token_hash', '=', hashToken(token))
    .where('t.purpose', 'in', [...PURPOSE[input.purpose]])
    .executeTakeFirst();
  if (!row) return { status: 'INVALID' };
  if (input.purpose === 'activation' && row.status === 'ACTIVE') return { status: 'ALREADY_ACTIVE' };
  if (row.used_at) return { status: 'USED' };
  if (new Date(row.expires_at).getTime() <= Date.now()) return { status: 'EXPIRED' };
  if (input.purpose === 'reset') return { status: row.status === 'ACTIVE' ? 'VALID' : 'INVALID' };
  return {
    status: row.status === 'PENDING' && (await awaitingActivation(row.user_id)) ? 'VALID' : 'INVALID',
  };
}
