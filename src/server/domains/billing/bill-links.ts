/**
 * Links to a bill's page as the app hands them to the bill's group (issue 26 item 3). A Vindi bill
 * page is Vindi's and goes out as stored. A sandbox bill page (`/billing/sandbox/bills/{id}`) marks
 * bills paid without charging anyone, so its page and its "Pagar"/"Simular falha" answer only a
 * session of the bill's company group or a link signed with APP_SECRET: every answer that carries
 * a sandbox bill's URL carries it signed, valid for BILL_LINK_TTL_SECONDS at least. The expiry is
 * rounded up to the hour, so the same bill's link stays the same for an hour (answers and caches
 * do not change on every read). The database keeps the plain address.
 */
import { signPathUntil, verifySignedPath } from '../../files/signed-links.ts';

/** The sandbox bill page's path, `/billing/sandbox/bills/{id}`. */
export const SANDBOX_BILL_PATH = /^\/billing\/sandbox\/bills\/[A-Za-z0-9_-]{16,64}$/;
/** A signed bill link is valid at least this long (a bill opened today may be paid tomorrow). */
export const BILL_LINK_TTL_SECONDS = 24 * 3600;

export function sandboxBillPath(id: string): string {
  return `/billing/sandbox/bills/${id}`;
}

/** `url` as the bill's group gets it: a sandbox bill page signed, anything else unchanged. */
export function billLink(url: string | null, now = Date.now()): string | null {
  if (url === null) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (parsed.search !== '' || !SANDBOX_BILL_PATH.test(parsed.pathname)) return url;
  const exp = Math.ceil((now / 1000 + BILL_LINK_TTL_SECONDS) / 3600) * 3600;
  return `${parsed.origin}${signPathUntil(parsed.pathname, exp)}`;
}

/** True when `exp`/`sig` sign the page of sandbox bill `id` and have not expired. */
export function billLinkValid(id: string, exp: string | undefined, sig: string | undefined): boolean {
  return verifySignedPath(sandboxBillPath(id), exp, sig);
}

/** The query string that keeps a signed link's signature on the page's forms and redirects. */
export function signatureQuery(exp: string | undefined, sig: string | undefined): string {
  return exp && sig ? `exp=${encodeURIComponent(exp)}&sig=${encodeURIComponent(sig)}` : '';
}
