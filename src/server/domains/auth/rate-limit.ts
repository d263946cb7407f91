import { config } from '../../config.ts';
import { clearRate, limitRate } from '../../rate-limit.ts';

/**
 * Sign-in attempts are counted per e-mail and per IP (both count every attempt); a successful
 * login clears the e-mail's counter so a user who finally types the right password starts afresh.
 */
export async function checkLoginRate(email: string, ip: string): Promise<void> {
  const c = config();
  await Promise.all([
    limitRate(
      ['login', 'email', email.toLowerCase()],
      c.LOGIN_MAX_PER_EMAIL,
      c.LOGIN_WINDOW_SECONDS,
      'AUTHENTICATION_RATE_LIMITED',
    ),
    limitRate(['login', 'ip', ip], c.LOGIN_MAX_PER_IP, c.LOGIN_WINDOW_SECONDS, 'AUTHENTICATION_RATE_LIMITED'),
  ]);
}

export async function clearLoginRate(email: string): Promise<void> {
  await clearRate(['login', 'email', email.toLowerCase()]);
}
