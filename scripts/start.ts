/**
 * `npm start`: everything a fresh machine needs, then the server and the workers.
 * `npm start` first builds what is missing or stale (scripts/build.ts) and then runs this file
 * compiled (dist/scripts/start.js): it checks Postgres and Redis, creates the database, migrates,
 * seeds an empty database, and supervises the server (WEB_CONCURRENCY processes on one port) and
 * the worker (WORKERS processes): a crashed one is restarted with backoff (scripts/supervise.ts).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

if (!existsSync(path.resolve(config().CLIENT_DIR, 'index.html')))
  console.warn(
    `No client build in ${config().CLIENT_DIR}: run \`npm run build\` (the API is served without it).`,
  );

// Compiled (dist/scripts/start.js): the compiled entry points beside it; from the sources, tsx.
const here = path.dirname(fileURLToPath(import.meta.url));
const entry = (name: 'server' | 'worker') =>
  import.meta.url.endsWith('.js')
    ? ['--enable-source-maps', path.join(here, `../${name}/main.js`)]
    : ['--import', 'tsx', path.join(here, `../src/${name}/main.ts`)];

// The server and the worker, each restarted with backoff if it crashes; each runs its own
// processes (WEB_CONCURRENCY, WORKERS: default the cores) and restarts a crashed one of those.
const supervisor = supervise([
  { name: 'server', args: entry('server') },
  { name: 'worker', args: entry('worker') },
]);
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void supervisor.stop().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
console.log(
  `\nEquipCheck is starting at ${config().PUBLIC_URL} (${config().WEB_CONCURRENCY} server process(es), ${config().WORKERS} worker process(es))`,
);
printLogins();
