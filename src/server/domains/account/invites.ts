/**
 * Inviting users by e-mail (issue 31 item 4): users an admin brings in (a spreadsheet of users) get
 * a link to set their first password — the reset page, with an INVITE token valid for days. The
 * tokens of a whole chunk are one INSERT and the mails go through `sendMail(…, { db })`, so with
 * the outbox they commit (or roll back) with the users' rows.
 */
import type { CoreDb } from '../../db/database.ts';
import { sendMail } from '../../mail/mailer.ts';
import { renderMail } from '../../mail/messages.ts';
import { passwordResetLink } from './links.ts';
import { INVITE_TOKEN_HOURS, issueInviteTokens } from './tokens.ts';

export interface Invitee {
  id: number;
  name: string;
  email: string;
  language: string | null;
}

/** Issues the invitations of `users` in `db` (the caller's transaction) and mails them. */
export async function inviteUsers(db: CoreDb, users: Invitee[]): Promise<void> {
  const tokens = await issueInviteTokens(
    db,
    users.map((u) => u.id),
  );
  for (const u of users) {
    await sendMail(
      u.email,
      renderMail('invite', u.language, {
        name: u.name,
        link: passwordResetLink(tokens.get(u.id)!),
        validHours: INVITE_TOKEN_HOURS,
      }),
      { db },
    );
  }
}
