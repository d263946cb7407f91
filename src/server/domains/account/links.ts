import { config } from '../../config.ts';

/** Links of the e-mails: hash routes of the client under PUBLIC_URL. */
export function activationLink(token: string): string {
  return `${config().PUBLIC_URL}/#/active-environment?t=${encodeURIComponent(token)}`;
}

export function passwordResetLink(token: string): string {
  return `${config().PUBLIC_URL}/#/password-reset?t=${encodeURIComponent(token)}`;
}
