/**
 * `npm start`: everything a fresh machine needs, then the server and one worker.
 * Checks Postgres and Redis, creates the database, migrates, seeds an empty database,
 * builds the client when missing, and supervises both processes.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { config } from '../src/server/config.ts';
import { closeDb } from '../src/server/db/database.ts';
import { migrateAll } from '../src/server/db/migrate.ts';
import { closeRedis } from '../src/server/redis.ts';
import { isEmpty, seedDemo } from '../src/server/seed/seed.ts';
import { checkServices, mayCreateDatabase, ServiceUnavailableError } from '../src/server/services-check.ts';
import { printLogins } from './logins.ts';

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

const children: ChildProcess[] = [];
let stopping = false;
function launch(name: string, entry: string): void {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], { stdio: 'inherit', env: process.env });
  children.push(child);
  child.on('exit', (code) => {
    if (stopping) return;
    console.error(`${name} exited with code ${code}; stopping.`);
    shutdown(code ?? 1);
  });
}
function shutdown(code = 0): void {
  stopping = true;
  for (const c of children) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 25_000).unref();
  Promise.all(
    children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.on('exit', r)))),
  ).then(() => process.exit(code));
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

launch('server', 'src/server/main.ts');
launch('worker', 'src/worker/main.ts');
console.log(`\nEquipCheck is starting at ${config().PUBLIC_URL}`);
printLogins();
