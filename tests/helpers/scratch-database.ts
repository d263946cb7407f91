import { randomBytes } from 'node:crypto';
import { deleteRedisKeys } from './redis-keys.ts';
import { resetConfig } from '../../src/server/config.ts';
import { closeDb } from '../../src/server/db/database.ts';
import { closeQueue } from '../../src/server/jobs/queue.ts';
import { closeRedis } from '../../src/server/redis.ts';
import { createDatabase, dropDatabase } from './test-env.ts';

const ADMIN_URL = process.env.TEST_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Points this test file's process at a database of its own (dropped by the returned function), for
 * tests that create hundreds of company groups: the run's shared database and the other files'
 * loops over every tenant never see them. Its Redis prefix is its own too: a job this file enqueues
 * (a billing event its reconciliation finds, a mail) must not reach the run's worker, which would
 * apply it to the shared database's group of the same id.
 */
export async function useScratchDatabase(label: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `eqc_test_${label}_${process.pid}_${randomBytes(3).toString('hex')}`;
  await createDatabase(name);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const previous = process.env.DATABASE_URL;
  const previousPrefix = process.env.REDIS_PREFIX;
  const prefix = `${previousPrefix ?? 'equipcheck'}_${label}`;
  await closeQueue();
  await closeRedis();
  await closeDb();
  process.env.DATABASE_URL = url.toString();
  process.env.REDIS_PREFIX = prefix;
  resetConfig();
  return {
    url: url.toString(),
    async drop() {
      await closeQueue();
      await closeRedis();
      await closeDb();
      if (previous === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = previous;
      if (previousPrefix === undefined) delete process.env.REDIS_PREFIX;
      else process.env.REDIS_PREFIX = previousPrefix;
      resetConfig();
      await deleteRedisKeys(prefix);
      await dropDatabase(name);
    },
  };
}
