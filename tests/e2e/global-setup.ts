import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { startProductChild } from './product-process.ts';
import { E2E_WORKERS } from '../helpers/workers.ts';
import { applyEnv, createTestEnvironment } from '../helpers/test-env.ts';

/** The product running for a browser: its URL, the environment it runs with, and how to stop it. */
export interface RunningProduct {
  url: string;
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * Builds the client, seeds a fresh database (its own, named after `label`), and runs a real server
 * and worker in this process on a free port. Set E2E_SKIP_BUILD=1 to reuse an existing build while
 * iterating. `stop()` closes them and drops the database, Redis keys, data dir and build.
 * The browser tests' global setup; bench/evidence.ts runs it in a process of its own.
 */
export async function startProduct(label: string): Promise<RunningProduct> {
  if (!existsSync('/usr/bin/chromium'))
    throw new Error('Chromium is missing: apt-get install -y chromium (.ci/run does it)');
  const t = await createTestEnvironment(label);
  // Each run builds into its own folder, so parallel runs never serve each other's half-built
  // client; E2E_CLIENT_DIR serves one built already (the second product of a run: setup below).
  const given = process.env.E2E_CLIENT_DIR;
  const clientDir =
    given ??
    (process.env.E2E_SKIP_BUILD === '1' && existsSync('dist/client/index.html')
      ? 'dist/client'
      : `${t.dataDir}-client`);
  const builds = clientDir !== 'dist/client' && !given;
  if (builds) {
    const r = spawnSync(
      process.execPath,
      [
        'node_modules/vite/bin/vite.js',
        'build',
        '--logLevel',
        'warn',
        '--outDir',
        clientDir,
        '--emptyOutDir',
      ],
      {
        stdio: 'inherit',
      },
    );
    if (r.status !== 0) throw new Error('client build failed');
  }
  t.env.CLIENT_DIR = clientDir;
  applyEnv(t.env);
  const { migrateAll } = await import('../../src/server/db/migrate.ts');
  const { seedDemo } = await import('../../src/server/seed/seed.ts');
  const { startServer } = await import('../../src/server/main.ts');
  const { startWorker } = await import('../../src/worker/worker.ts');
  const { closeDb } = await import('../../src/server/db/database.ts');
  const { closeRedis } = await import('../../src/server/redis.ts');
  const { closeQueue } = await import('../../src/server/jobs/queue.ts');
  await migrateAll();
  await seedDemo();
  const server = await startServer({ port: 0, host: '127.0.0.1' });
  const worker = startWorker({ concurrency: 1 });
  process.env.PUBLIC_URL = server.url;
  (await import('../../src/server/config.ts')).resetConfig();
  return {
    url: server.url,
    env: { ...t.env, PUBLIC_URL: server.url },
    async stop() {
      await server.close();
      await worker.close();
      await closeQueue();
      await closeDb();
      await closeRedis();
      await t.teardown();
      if (builds) await rm(clientDir, { recursive: true, force: true });
    },
  };
}

/**
 * The browser tests' products (see startProduct): the first in this process, the others each in
 * a process of its own (product-child.ts), serving the first one's client build.
 */
export default async function setup(project: TestProject) {
  const product = await startProduct('e2e');
  // (startProduct always sets CLIENT_DIR: the folder it serves.)
  const clientDir = product.env.CLIENT_DIR!;
  const others = await Promise.all(
    Array.from({ length: E2E_WORKERS - 1 }, (_, i) =>
      startProductChild(`e2e${i + 2}`, { E2E_CLIENT_DIR: clientDir }),
    ),
  );
  project.provide('testEnvs', [product.env, ...others.map((o) => o.env)]);
  project.provide('baseUrls', [product.url, ...others.map((o) => o.url)]);
  return async () => {
    await Promise.all(others.map((o) => o.stop()));
    await product.stop();
  };
}
