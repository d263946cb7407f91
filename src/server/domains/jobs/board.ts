import { createHash, randomBytes } from 'node:crypto';
import { createBullBoard } from '@bull-board/api';
import type { IServerAdapter } from '@bull-board/api/typings/app';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { HonoAdapter } from '@bull-board/hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { queueFor } from '../../jobs/queue.ts';
import { redisCommand, redisKey } from '../../redis.ts';
import { type AppEnv, errorResponse, type RestApp } from '../../rest.ts';
import { liveSession } from '../auth/index.ts';

/**
 * Bull Board at /admin/queues, for the provider admin only. A browser visit carries no bearer
 * header, so the job center asks `jobs.boardLink` for a one-time `?token=` link (60 s, single
 * use, in Redis) bound to the caller's session; visiting it sets an HttpOnly cookie scoped to
 * /admin/queues for 15 min. The cookie is a random 256-bit value whose SHA-256 maps, in Redis, to
 * that session id: nothing is derived from APP_SECRET, so no secret can mint one. Every request
 * re-checks that the session is live and its user an active provider admin, so signing out,
 * revocation or a role change closes the board at once.
 */
export const BOARD_PATH = '/admin/queues';
const COOKIE = 'eqc_board';
const TOKEN_TTL_SECONDS = 60;
const COOKIE_TTL_SECONDS = 15 * 60;

const digest = (v: string) => createHash('sha256').update(v).digest('base64url');

export async function createBoardToken(sessionId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await redisCommand((r) =>
    r.set(redisKey('board-token', digest(token)), sessionId, 'EX', TOKEN_TTL_SECONDS),
  );
  return `${BOARD_PATH}?token=${token}`;
}

async function sessionOfCookie(value: string | undefined): Promise<string | null> {
  if (!value || !/^[\w-]{43}$/.test(value)) return null;
  return redisCommand((r) => r.get(redisKey('board-cookie', digest(value))));
}

async function isProviderAdminSession(sessionId: string | null): Promise<boolean> {
  if (!sessionId) return false;
  const s = await liveSession(sessionId);
  return s?.role === 'MOBCHECK_ADMIN';
}

let board: Hono | undefined;
function boardApp(queueNames: () => readonly string[]): Hono {
  if (!board) {
    const adapter = new HonoAdapter(serveStatic);
    // @bull-board/hono pins its own copy of @bull-board/api; the adapter contract is the same.
    createBullBoard({
      // Every queue a job definition names (the registry only holds definitions; renderers load lazily).
      queues: queueNames().map((name) => new BullMQAdapter(queueFor(name))),
      serverAdapter: adapter as unknown as IServerAdapter,
    });
    adapter.setBasePath(BOARD_PATH);
    board = new Hono().route(BOARD_PATH, adapter.registerPlugin());
  }
  return board;
}

/**
 * `queueNames` lists the queues the board shows (`app.ts` reads them from the job registry, which is
 * built from the domain registry: this domain file must not import it). Read at the first visit.
 */
export function mountJobsBoard(app: RestApp, queueNames: () => readonly string[]): void {
  const handler = async (c: Context<AppEnv>) => {
    const ctx = c.get('ctx');
    let allowed = ctx.auth?.role === 'MOBCHECK_ADMIN';
    const token = c.req.query('token');
    if (!allowed && token && token.length <= 100) {
      const sessionId = await redisCommand((r) => r.getdel(redisKey('board-token', digest(token))));
      if (await isProviderAdminSession(sessionId)) {
        const cookie = randomBytes(32).toString('base64url');
        await redisCommand((r) =>
          r.set(redisKey('board-cookie', digest(cookie)), sessionId!, 'EX', COOKIE_TTL_SECONDS),
        );
        setCookie(c, COOKIE, cookie, {
          path: BOARD_PATH,
          httpOnly: true,
          sameSite: 'Strict',
          secure: config().PUBLIC_URL.startsWith('https:'),
          maxAge: COOKIE_TTL_SECONDS,
        });
        return c.redirect(BOARD_PATH, 302);
      }
    }
    if (!allowed) allowed = await isProviderAdminSession(await sessionOfCookie(getCookie(c, COOKIE)));
    if (!allowed)
      return errorResponse(
        c,
        new AppError(ctx.auth ? 'FORBIDDEN' : 'UNAUTHENTICATED', { status: ctx.auth ? 403 : 401 }),
      );
    return boardApp(queueNames).fetch(c.req.raw);
  };
  app.all(BOARD_PATH, handler);
  app.all(`${BOARD_PATH}/*`, handler);
}
