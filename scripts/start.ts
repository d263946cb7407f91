/**
 * `npm start`: everything a fresh machine needs, then the server and one worker.
 * Checks Postgres and Redis, creates the database, migrates, seeds an empty database,
 * builds the client when missing, and supervises the server and the worker(s): a crashed one is
 * restarted with backoff (scripts/supervise.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { config } from '../src/server/config.ts';
import { closeDb } from '../src/server/db/database.ts';
import { migrateAll } from '../src/server/db/migrate.ts';
import { closeRedis } from '../src/server/redis.ts';
import { isEmpty, seedDemo } from '../src/server/seed/seed.ts';
import { checkServices, mayCreateDatabase, ServiceUnavailableError } from '../src/server/services-check.ts';
import { printLogins } from './logins.ts';
import { supervise } from './supervise.ts';

try {
  await checkServices({ create: mayCreateDatabase() });
  const { tenants } = await migrateAll();
  console.log(`Database ready (core + ${tenants} tenant schema(s)).`);
  if (await isEmpty()) {
    console.log('Empty database: seeding the demo data set…');
    await seedDemo();
  }
} catch (e) {
  console.error(e instanceof ServiceUnavailableError ? `\n${e.message}\n` : e);
  process.exit(1);
} finally {
  await Promise.allSettled([closeDb(), closeRedis()]);
}

if (!existsSync('dist/client/index.html')) {
  console.log('Building the client…');
  const r = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// The server and WORKERS worker processes (default 1), each restarted with backoff if it crashes.
const workers = Math.max(1, Number(process.env.WORKERS ?? 1) || 1);
const supervisor = supervise([
  { name: 'server', args: ['--import', 'tsx', 'src/server/main.ts'] },
  ...Array.from({ length: workers }, (_, i) => ({
    name: workers > 1 ? `worker-${i + 1}` : 'worker',
    args: ['--import', 'tsx', 'src/worker/main.ts'],
  })),
]);
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void supervisor.stop().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
console.log(`\nEquipCheck is starting at ${config().PUBLIC_URL}`);
printLogins();
