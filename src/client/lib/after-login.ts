/**
 * Where to go after signing in, when an anonymous visitor followed a deep link
 * (seed 000 §2: /inspections-report → login → /report?view=inspections-report).
 * Kept in sessionStorage so it survives the redirect to '/' but not the tab.
 */
const KEY = 'afterLogin';

export interface AfterLogin {
  to: string;
  search?: Record<string, string>;
}

export function rememberAfterLogin(target: AfterLogin): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(target));
  } catch {
    // storage unavailable: land on '/'
  }
}

export function takeAfterLogin(): AfterLogin | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as AfterLogin;
    return typeof v.to === 'string' && v.to.startsWith('/') ? v : null;
  } catch {
    return null;
  }
}
