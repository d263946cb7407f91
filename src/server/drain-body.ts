/**
 * What a body limit does before its 413 (src/server/app.ts's limit, the billing webhook's own).
 */
import type { Context } from 'hono';
import type { AppEnv } from './rest.ts';

/** A refused body up to this size is read and dropped, so the keep-alive socket survives the 413. */
const DRAIN_MAX = 64 * 1024 * 1024;
const DRAIN_MS = 15_000;

/**
 * Reads and discards the rest of a refused body before the 413 is sent. Answering while the client
 * is still uploading makes the server close the socket (@hono/node-server drains for 500 ms only),
 * and the client then often sees a reset instead of the 413. True when the body was read whole
 * (the connection stays open); false when it is too big or too slow (then `Connection: close`).
 */
export async function drainBody(c: Context<AppEnv>): Promise<boolean> {
  if (!(c.env as { incoming?: unknown } | undefined)?.incoming) return true; // in-process: no socket
  const declared = Number(c.req.header('Content-Length'));
  const body = c.req.raw.body;
  // A chunked body was already partly read by the limit's own stream: leave it, close the socket.
  if (!Number.isFinite(declared) || declared > DRAIN_MAX || !body || body.locked) return false;
  const reader = body.getReader();
  const deadline = Date.now() + DRAIN_MS;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), DRAIN_MS);
  });
  try {
    for (let read = 0; read <= DRAIN_MAX && Date.now() < deadline; ) {
      const r = await Promise.race([reader.read(), late]);
      if (r === 'late') break;
      if (r.done) return true;
      read += r.value.byteLength;
    }
    await reader.cancel().catch(() => {});
    return false;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
