import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageViewQueue, type PageView } from '../../src/client/lib/page-views.ts';
import { routesByPath } from '../../src/client/routes/navigation.ts';
import { PAGE_VIEW_ROUTES, ROUTE_PATTERN, usageInputSchema } from '../../src/shared/analytics/schemas.ts';

describe('route patterns', () => {
  it('takes the router’s patterns and refuses ids, serials, queries and fragments', () => {
    for (const ok of ['/', '/t/$serial', '/video-lessons', '/usage', '/inspections-report', '/a/$id/b'])
      expect(ROUTE_PATTERN.test(ok), ok).toBe(true);
    for (const bad of [
      '',
      'usage',
      '/t/AB12CD34',
      '/equipments/123',
      '/inspections?x=1',
      '/os#1',
      '/a b',
      '/T',
    ])
      expect(ROUTE_PATTERN.test(bad), bad).toBe(false);
  });
});

describe('the routes a page view may name (issue 26 item 5)', () => {
  it('are exactly the client router’s routes (router.tsx makes one route per declared path)', () => {
    const tree = [...routesByPath().keys()].sort();
    expect([...PAGE_VIEW_ROUTES].sort()).toEqual(tree);
    for (const route of PAGE_VIEW_ROUTES) expect(ROUTE_PATTERN.test(route), route).toBe(true);
  });

  it('the shared field refuses a pattern-shaped route the client does not declare, naming its code', () => {
    expect(usageInputSchema.safeParse({ from: '2026-01-01', to: '2026-01-02', route: '/tags' }).success).toBe(
      true,
    );
    const r = usageInputSchema.safeParse({ from: '2026-01-01', to: '2026-01-02', route: '/invented' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({
      code: 'custom',
      params: { code: 'PAGE_VIEW_ROUTE_UNKNOWN', route: '/invented' },
    });
  });

  it('the queue drops an undeclared route before sending', async () => {
    const sent: PageView[][] = [];
    const q = new PageViewQueue(async (views) => {
      sent.push(views);
    });
    q.add('/invented');
    q.add('/tags');
    await q.flush();
    expect(sent.flat().map((v) => v.route)).toEqual(['/tags']);
  });
});

describe('the page-view queue', () => {
  let sent: { views: PageView[]; keepalive: boolean }[];
  let queue: PageViewQueue;
  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    queue = new PageViewQueue(async (views, keepalive) => {
      sent.push({ views, keepalive });
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends after 10 s, in one batch', async () => {
    queue.add('/tags');
    queue.add('/t/$serial');
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.views.map((v) => v.route)).toEqual(['/tags', '/t/$serial']);
    expect(sent[0]!.keepalive).toBe(false);
    expect(queue.pending).toBe(0);
  });

  it('sends at once at 20 views', async () => {
    for (let i = 0; i < 20; i++) queue.add('/tags');
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.views).toHaveLength(20);
  });

  it('sends with keepalive when the page goes away, and drops what is not a pattern', async () => {
    queue.add('/inspections');
    queue.add('/t/AB12CD34');
    await queue.flush(true);
    expect(sent).toEqual([{ views: [{ route: '/inspections', at: expect.any(String) }], keepalive: true }]);
  });

  it('a failed send is dropped, not retried; clear forgets the queue', async () => {
    const failing = new PageViewQueue(async () => {
      throw new Error('offline');
    });
    failing.add('/tags');
    await expect(failing.flush()).resolves.toBeUndefined();
    expect(failing.pending).toBe(0);
    queue.add('/tags');
    queue.clear();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(sent).toEqual([]);
  });
});
