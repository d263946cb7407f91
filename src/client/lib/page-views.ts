/**
 * Page views (issue 18; seeds 000 §7 and 001 §7: "analytics page views are sent on each route
 * change"). Each page a signed-in user opens is reported by its route PATTERN (`/t/$serial`, never
 * the serial, an id or a query value) to our own endpoint, `POST /web/page-views/`; no third-party
 * tracker. Views are batched: sent every 10 s, at 20 views, and when the page is hidden or left
 * (`fetch` with `keepalive`, which outlives the page like `navigator.sendBeacon` but carries the
 * Authorization header — the token lives in localStorage, not in a cookie a beacon would send).
 * A failed send is dropped: analytics never retry, never log anyone out.
 */
import { useRouterState } from '@tanstack/react-router';
import * as React from 'react';
import { isPageViewRoute, PAGE_VIEW_BATCH_MAX } from '../../shared/analytics/route-pattern.ts';
import type { RoleOrAnonymous } from '../../shared/roles.ts';
import { getToken } from './token.ts';

export const PAGE_VIEW_FLUSH_MS = 10_000;
export const PAGE_VIEW_FLUSH_COUNT = 20;
export const PAGE_VIEWS_PATH = '/web/page-views/';

export interface PageView {
  route: string;
  at: string;
}

type Send = (views: PageView[], keepalive: boolean) => Promise<void>;

/** The batching rules, apart from the browser (tests/unit/page-views.test.ts). */
export class PageViewQueue {
  private views: PageView[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly send: Send,
    private readonly opts = { flushMs: PAGE_VIEW_FLUSH_MS, flushCount: PAGE_VIEW_FLUSH_COUNT },
  ) {}

  /** Queues a view of `route` (ignored unless it is one of the router's route patterns). */
  add(route: string, at = new Date()): void {
    if (!isPageViewRoute(route)) return;
    this.views.push({ route, at: at.toISOString() });
    if (this.views.length >= this.opts.flushCount) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.opts.flushMs);
  }

  get pending(): number {
    return this.views.length;
  }

  /** Sends what is queued (in batches the server takes); `keepalive` when the page is going away. */
  async flush(keepalive = false): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    while (this.views.length > 0) {
      const batch = this.views.splice(0, PAGE_VIEW_BATCH_MAX);
      await this.send(batch, keepalive).catch(() => {});
    }
  }

  /** Forgets what is queued (signed out: nobody to count them for). */
  clear(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.views = [];
  }
}

async function sendViews(views: PageView[], keepalive: boolean): Promise<void> {
  const token = getToken();
  if (!token) return;
  const res = await fetch(PAGE_VIEWS_PATH, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ views }),
    keepalive,
  });
  // Read the (small) answer: an unread body keeps the request open in the browser.
  await res.arrayBuffer();
}

const queue = new PageViewQueue(sendViews);
let listening = false;

function listenForPageExit(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('pagehide', () => void queue.flush(true));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void queue.flush(true);
  });
}

/** Sends the views still queued now (the usage page does before it reads the counts). */
export function flushPageViews(): Promise<void> {
  return queue.flush();
}

/**
 * Reports each page a signed-in user opens: called by the root route with the session's role and
 * whether the path shows a page (not a redirect). A new path counts; a new search (a list's page,
 * a filter) does not.
 */
export function usePageViews(role: RoleOrAnonymous | null, showsPage: (path: string) => boolean): void {
  const path = useRouterState({ select: (s) => s.location.pathname });
  const route = useRouterState({ select: (s) => s.matches.at(-1)?.routeId as string | undefined });
  const counts = role !== null && role !== 'ANONYMOUS' && route !== undefined && showsPage(path);
  React.useEffect(() => {
    if (role === 'ANONYMOUS') queue.clear();
  }, [role]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `path` on purpose — /t/A then /t/B are two views of `/t/$serial`
  React.useEffect(() => {
    if (!counts || !route) return;
    listenForPageExit();
    queue.add(route);
  }, [counts, route, path]);
}
