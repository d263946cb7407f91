import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createBullBoard } from '@bull-board/api';
import type { IServerAdapter } from '@bull-board/api/typings/app';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { HonoAdapter } from '@bull-board/hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { config } from '../../config.ts';
import { coreDb } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { queueFor } from '../../jobs/queue.ts';
import { redis, redisKey } from '../../redis.ts';
import { type AppEnv, errorResponse, type RestApp } from '../../rest.ts';
import { jobRegistry } from '../../../worker/jobs.ts';

/**
 * Bull Board at /admin/queues, for the provider admin only. A browser visit carries no bearer
 * header, so the job center asks `jobs.boardLink` for a one-time `?token=` link (60 s, single
 * use, in Redis); visiting it sets a signed, HttpOnly cookie scoped to /admin/queues for 15 min.
 * Every request re-checks that the user is still an active provider admin.
 */
export const BOARD_PATH = '/admin/queues';
const COOKIE = 'eqc_board';
const TOKEN_TTL_SECONDS = 60;
const COOKIE_TTL_SECONDS = 15 * 60;

export async function createBoardToken(userId: number): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await redis().set(redisKey('board-token', token), String(userId), 'EX', TOKEN_TTL_SECONDS);
  return `${BOARD_PATH}?token=${token}`;
}

function cookieMac(payload: string): string {
  return createHmac('sha256', config().APP_SECRET).update(`board\n${payload}`).digest('base64url');
}

function readCookie(value: string | undefined): number | null {
  const m = value?.match(/^(\d+)\.(\d+)\.([\w-]+)$/);
  if (!m) return null;
  const want = Buffer.from(cookieMac(`${m[1]}.${m[2]}`));
  const got = Buffer.from(m[3]!);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  if (Number(m[2]) * 1000 < Date.now()) return null;
  return Number(m[1]);
}

async function isProviderAdmin(userId: number): Promise<boolean> {
  const u = await coreDb()
    .selectFrom('users')
    .select(['role', 'status'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return u?.role === 'MOBCHECK_ADMIN' && u.status === 'ACTIVE';
}

let board: Hono | undefined;
function boardApp(): Hono {
  if (!board) {
    const adapter = new HonoAdapter(serveStatic);
    // @bull-board/hono pins its own copy of @bull-board/api; the adapter contract is the same.
    createBullBoard({
      // Every queue a job definition names (the registry only holds definitions; renderers load lazily).
      queues: jobRegistry().queues.map((q) => new BullMQAdapter(queueFor(q.name))),
      serverAdapter: adapter as unknown as IServerAdapter,
    });
    adapter.setBasePath(BOARD_PATH);
    board = new Hono().route(BOARD_PATH, adapter.registerPlugin());
  }
  return board;
}

export function mountJobsBoard(app: RestApp): void {
  const handler = async (c: Context<AppEnv>) => {
    const ctx = c.get('ctx');
    let allowed = ctx.auth?.role === 'MOBCHECK_ADMIN';
    const token = c.req.query('token');
    if (!allowed && token) {
      const userId = await redis().getdel(redisKey('board-token', token));
      if (userId && (await isProviderAdmin(Number(userId)))) {
        const exp = Math.floor(Date.now() / 1000) + COOKIE_TTL_SECONDS;
        const payload = `${userId}.${exp}`;
        setCookie(c, COOKIE, `${payload}.${cookieMac(payload)}`, {
          path: BOARD_PATH,
          httpOnly: true,
          sameSite: 'Strict',
          secure: config().PUBLIC_URL.startsWith('https:'),
          maxAge: COOKIE_TTL_SECONDS,
        });
        return c.redirect(BOARD_PATH, 302);
      }
    }
    if (!allowed) {
      const userId = readCookie(getCookie(c, COOKIE));
      allowed = userId !== null && (await isProviderAdmin(userId));
    }
    if (!allowed)
      return errorResponse(
        c,
        new AppError(ctx.auth ? 'FORBIDDEN' : 'UNAUTHENTICATED', { status: ctx.auth ? 403 : 401 }),
      );
    return boardApp().fetch(c.req.raw);
  };
  app.all(BOARD_PATH, handler);
  app.all(`${BOARD_PATH}/*`, handler);
}
