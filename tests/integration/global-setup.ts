import type { TestProject } from 'vitest/node';
import { applyEnv, createTestEnvironment } from '../helpers/test-env.ts';

/** One migrated and seeded database for the whole integration run; dropped at the end. */
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
  project.provide('testEnv', t.env);
  return async () => {
    await t.teardown();
  };
}
