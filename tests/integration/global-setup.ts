import type { TestProject } from 'vitest/node';
import { applyEnv, copyTestEnvironment, createTestEnvironment } from '../helpers/test-env.ts';
import { INTEGRATION_WORKERS } from '../helpers/workers.ts';

/** One migrated and seeded environment per worker for the whole run (tests/helpers/setup-env.ts picks it); dropped at the end. */
export default async function setup(project: TestProject) {
  const t = await createTestEnvironment('int');
  // Fixtures are written with the tests' own SQL and read at once; the read cache (kept fresh
  // across processes by NOTIFY, within milliseconds) has its own test, which turns it on.
  t.env.READ_CACHE_MS = '0';
  applyEnv(t.env);
  const { migrateAll } = await import('../../src/server/db/migrate.ts');
  const { seedDemo } = await import('../../src/server/seed/seed.ts');
  const { closeDb } = await import('../../src/server/db/database.ts');
  const { closeRedis } = await import('../../src/server/redis.ts');
  await migrateAll();
  await seedDemo();
  await closeDb();
  await closeRedis();
  const copies = await Promise.all(
    Array.from({ length: INTEGRATION_WORKERS - 1 }, (_, i) => copyTestEnvironment(t, `int${i + 2}`)),
  );
  project.provide('testEnvs', [t.env, ...copies.map((c) => c.env)]);
  return async () => {
    await Promise.all([t, ...copies].map((e) => e.teardown()));
  };
}
