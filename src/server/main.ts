import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { pendingResetDeliveries } from './domains/account/password-reset.ts';
import { config } from './config.ts';
import { closeDb } from './db/database.ts';
import { guardHttpServer } from './http-guards.ts';
import { log } from './logger.ts';
import { closeRedis } from './redis.ts';
import { checkServices } from './services-check.ts';

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Starts the HTTP server (port 0 picks a free one, for tests). */
export async function startServer(opts: { port?: number; host?: string } = {}): Promise<RunningServer> {
  const app = createApp();
  const port = opts.port ?? config().PORT;
  const host = opts.host ?? config().HOST;
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port, hostname: host }, (info: AddressInfo) => {
      const url = `http://${host === '0.0.0.0' ? 'localhost' : host}:${info.port}`;
      resolve({
        url,
        port: info.port,
        close: () =>
          new Promise<void>((res) => {
            server.close(() => res());
            (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
          }),
      });
    });
    guardHttpServer(server as unknown as import('node:http').Server);
  });
}

async function main(): Promise<void> {
  await checkServices();
  const server = await startServer();
  log.info('server listening', { url: server.url });
  const stop = async () => {
    log.info('server stopping');
    await server.close();
    // Reset mails are sent after the answer (so timing reveals nothing); let them finish.
    await pendingResetDeliveries();
    await Promise.allSettled([closeDb(), closeRedis()]);
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
