import nodemailer, { type Transporter } from 'nodemailer';
import { config } from '../config.ts';
import { type CoreDb, coreDb } from '../db/database.ts';
import { log } from '../logger.ts';
import type { MailContent } from './messages.ts';

let transport: { url: string; t: Transporter } | undefined;

function smtp(url: string): Transporter {
  if (transport?.url !== url) transport = { url, t: nodemailer.createTransport(url) };
  return transport.t;
}

/**
 * Sends one e-mail: over SMTP when SMTP_URL is set; otherwise it goes to core.email_outbox (the log
 * only says that it did, with recipient and kind), so activation and password reset work on a bare
 * machine.
 */
/**
 * `opts.db`: the transaction the outbox row is written in (a caller whose own row must commit with
 * the mail, e.g. the due-date digest's claim); SMTP sends at once either way.
 */
export async function sendMail(to: string, content: MailContent, opts: { db?: CoreDb } = {}): Promise<void> {
  const c = config();
  if (c.SMTP_URL) {
    await smtp(c.SMTP_URL).sendMail({
      from: c.MAIL_FROM,
      to,
      subject: content.subject,
      text: content.text,
      html: content.html,
    });
    log.info('mail sent', { to, kind: content.kind, subject: content.subject });
    return;
  }
  await (opts.db ?? coreDb())
    .insertInto('email_outbox')
    .values({
      to_address: to,
      subject: content.subject,
      text_body: content.text,
      html_body: content.html,
      status: 'logged',
      error: null,
      sent_at: null,
    })
    .execute();
  // Never the text or the link: they carry the one-time token. Read it from core.email_outbox.
  log.info('mail written to the outbox (no SMTP_URL)', { to, kind: content.kind, subject: content.subject });
}

/** Closes the SMTP pool (tests). */
export function closeMailer(): void {
  transport?.t.close();
  transport = undefined;
}
