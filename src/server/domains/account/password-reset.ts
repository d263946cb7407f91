import { sql } from 'kysely';
import { isValidEmail } from '../../../shared/masks.ts';
import { passwordSchema } from '../../../shared/password.ts';
import { baseDb, coreDb, withCore } from '../../db/database.ts';
import { runAfterAnswer } from '../../after-answer.ts';
import { AppError } from '../../errors.ts';
import { log } from '../../logger.ts';
import { sendMail } from '../../mail/mailer.ts';
import { renderMail } from '../../mail/messages.ts';
import { hashPassword } from '../auth/index.ts';
import { clearLoginRate } from '../auth/index.ts';
import { createSession, revokeUserSessions } from '../auth/index.ts';
import { limitRate } from '../../rate-limit.ts';
import { passwordResetLink } from './links.ts';
import { sendActivationMail, type RequestMeta } from './registration.ts';
import {
  PASSWORD_PAGE_PURPOSES,
  RESET_TOKEN_HOURS,
  assertUsable,
  issueEmailToken,
  lockEmailToken,
  markUsed,
  parseEmailToken,
} from './tokens.ts';

async function deliver(email: string): Promise<void> {
  const user = await coreDb()
    .selectFrom('users')
    .select(['id', 'name', 'email', 'status', 'language'])
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('status', 'in', ['ACTIVE', 'PENDING'])
    .executeTakeFirst();
  if (!user) {
    log.info('password reset asked for an e-mail without an account', { email });
    return;
  }
  if (user.status === 'PENDING') {
    // Not activated yet: the useful mail is the activation link again (only for self sign-ups).
    const reg = await coreDb()
      .selectFrom('registrations')
      .select('id')
      .where('user_id', '=', user.id)
      .where('activated_at', 'is', null)
      .executeTakeFirst();
    if (reg) await sendActivationMail(user);
    return;
  }
  const token = await issueEmailToken(coreDb(), user.id, 'PASSWORD_RESET');
  await sendMail(
    user.email,
    renderMail('passwordReset', user.language, {
      name: user.name,
      link: passwordResetLink(token),
      validHours: RESET_TOKEN_HOURS,
    }),
  );
}

/**
 * POST /web/password/reset/: answers the same for a known and an unknown e-mail (no account
 * enumeration). The lookup and the mail run after the answer, so timing does not tell either.
 */
export async function requestPasswordReset(meta: RequestMeta, input: { email: string }): Promise<true> {
  const email = input.email.trim();
  if (!isValidEmail(email)) throw new AppError('PASSWORD_RESET_EMAIL_INVALID');
  await limitRate(['reset', 'ip', meta.ip], 30, 3600);
  await limitRate(['reset', 'email', email.toLowerCase()], 5, 3600);
  runAfterAnswer('password reset mail', () => deliver(email));
  return true;
}

/**
 * PUT /web/password/reset/: sets the new password, ends every other session, signs in. An
 * invitation's link (INVITE token) sets the first password the same way.
 */
export async function resetPassword(
  meta: RequestMeta,
  input: { token: string; password: string },
): Promise<{ token: string; expiresAt: Date }> {
  const token = parseEmailToken(input.token);
  const password = passwordSchema.parse(input.password);
  const passwordHash = await hashPassword(password);
  const user = await baseDb()
    .transaction()
    .execute(async (trx) => {
      const core = withCore(trx);
      const row = await lockEmailToken(core, token, PASSWORD_PAGE_PURPOSES);
      assertUsable(row);
      const u = await core
        .selectFrom('users')
        .select(['id', 'email', 'status'])
        .where('id', '=', row.user_id)
        .executeTakeFirst();
      if (u?.status !== 'ACTIVE') throw new AppError('TOKEN_INVALID');
      await core
        .updateTable('users')
        .set({ password_hash: passwordHash, updated_at: new Date() })
        .where('id', '=', u.id)
        .execute();
      await markUsed(core, row.id);
      return u;
    });
  await revokeUserSessions(user.id);
  await clearLoginRate(user.email);
  return createSession(user.id, { ip: meta.ip, userAgent: meta.userAgent ?? null });
}
