import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { pendingAfterAnswer } from './after-answer.ts';
import { runClustered } from './cluster.ts';
import { config } from './config.ts';
import { closeDb } from './db/database.ts';
import { guardHttpServer } from './http-guards.ts';
import { log } from './logger.ts';
import { closeRedis } from './redis.ts';
import { startDraining } from './readiness.ts';
import { checkServices } from './services-check.ts';

export interface RunningServer {
  url: string;
  port: number;
  /**
   * Stops accepting connections, lets the requests in flight finish (up to `deadlineMs`, default
   * SHUTDOWN_DEADLINE_MS), closes idle keep-alive sockets as they become idle, then resolves;
   * whatever is still open at the deadline is cut.
   */
  close(deadlineMs?: number): Promise<void>;
}

/**
 * What the "server listening" log line says: `url` is where users open the product — PUBLIC_URL
 * when it is set (behind a proxy or on a domain the bound address is not it), else the local
 * address — and `listen` is the address the socket is bound to (what a local probe connects to).
 */
export function listeningFields(
  host: string,
  port: number,
  publicUrl: string | undefined,
): { url: string; listen: string } {
  const bound = host.includes(':') ? `[${host}]` : host;
  const local = host === '0.0.0.0' || host === '::' ? 'localhost' : bound;
  return {
    url: publicUrl ? publicUrl.replace(/\/$/, '') : `http://${local}:${port}`,
    listen: `http://${bound}:${port}`,
  };
}

/** How long a stopping server waits for the requests in flight. */
export const SHUTDOWN_DEADLINE_MS = 10_000;

/** Starts the HTTP server (port 0 picks a free one, for tests). */
export async function startServer(opts: { port?: number; host?: string } = {}): Promise<RunningServer> {
  // Loaded here, not at the top: a cluster primary runs this file too and never serves.
  const { createApp } = await import('./app.ts');
  const app = createApp();
  const port = opts.port ?? config().PORT;
  const host = opts.host ?? config().HOST;
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port, hostname: host }, (info: AddressInfo) => {
      const url = `http://${host === '0.0.0.0' ? 'localhost' : host}:${info.port}`;
      resolve({
        url,
        port: info.port,
        close: (deadlineMs = SHUTDOWN_DEADLINE_MS) =>
          new Promise<void>((res) => {
            const http = server as unknown as {
              closeIdleConnections(): void;
              closeAllConnections(): void;
            };
            // A keep-alive socket goes idle once its last answer is written: close those as they
            // appear, so the drain ends when the work in flight does, not at the deadline.
            const idle = setInterval(() => http.closeIdleConnections(), 50);
            const cut = setTimeout(() => http.closeAllConnections(), deadlineMs);
            server.close(() => {
              clearInterval(idle);
              clearTimeout(cut);
              res();
            });
            http.closeIdleConnections();
          }),
      });
    });
    guardHttpServer(server as unknown as import('node:http').Server);
  });
}

/** One serving process: the whole server with WEB_CONCURRENCY=1, else each cluster child. */
async function runServerProcess(): Promise<void> {
  await checkServices();
  const server = await startServer();
  // PUBLIC_URL only when set: its default (localhost and the configured port) is the local address.
  const publicUrl = process.env.PUBLIC_URL ? config().PUBLIC_URL : undefined;
  log.info('server listening', {
    ...listeningFields(config().HOST, server.port, publicUrl),
    pid: process.pid,
  });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    log.info('server stopping: draining requests in flight', { deadlineMs: SHUTDOWN_DEADLINE_MS });
    // A grace period before closing the listener: /ready turns 503 (a balancer stops routing here)
    // and requests already on the wire but not yet read by a busy event loop are still taken in.
    startDraining();
    await new Promise((r) => setTimeout(r, config().SHUTDOWN_GRACE_MS));
    await server.close();
    // Reset mails are sent after the answer (so timing reveals nothing); let them finish.
    await pendingAfterAnswer();
    await Promise.allSettled([closeDb(), closeRedis()]);
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

/**
 * `npm run start:server`: WEB_CONCURRENCY processes (default: the cores) on one port; SIGTERM to
 * the primary drains every one of them.
 */
async function main(): Promise<void> {
  await runClustered(
    { role: 'server', size: config().WEB_CONCURRENCY, beforeFork: checkServices },
    runServerProcess,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
