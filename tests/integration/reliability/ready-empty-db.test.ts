import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * A database that exists but has none of our schema (a misspelt name that someone created, or a
 * fresh one nobody migrated) must not look ready. This file points its process at such a database
 * before any server module reads the configuration.
 */
const name = `eqc_test_empty_${process.pid}_${randomBytes(3).toString('hex')}`;
const testDbUrl = process.env.DATABASE_URL!;
const emptyUrl = new URL(testDbUrl);
emptyUrl.pathname = `/${name}`;

async function onTestDb<T>(fn: (c: pg.Client) => Promise<T>, url = testDbUrl): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

let api: typeof import('../../helpers/api.ts');
let closeDb: () => Promise<void>;

beforeAll(async () => {
  await onTestDb((c) => c.query(`create database "${name}"`));
  process.env.DATABASE_URL = emptyUrl.toString();
  api = await import('../../helpers/api.ts');
  ({ closeDb } = await import('../../../src/server/db/database.ts'));
});

afterAll(async () => {
  await closeDb?.();
  process.env.DATABASE_URL = testDbUrl;
  await onTestDb((c) => c.query(`drop database if exists "${name}" with (force)`));
});

describe('GET /ready on a database without our schema', () => {
  it('answers 503 DATABASE_NOT_MIGRATED on an empty database (while /health, liveness, is 200)', async () => {
    const r = await api.rest('GET', '/ready');
    expect(r.status).toBe(503);
    expect(r.json.error?.code).toBe('DATABASE_NOT_MIGRATED');
    const body = (await r.res.json()) as {
      checks: unknown;
      pending: { schema: string; pending: string[] }[];
    };
    expect(body.checks).toEqual({ postgres: 'ok', redis: 'ok', migrations: 'pending' });
    expect(body.pending[0]?.schema).toBe('core');
    expect(body.pending[0]?.pending.length).toBeGreaterThan(0);
    expect((await api.rest('GET', '/health')).status).toBe(200);
  });

  it('answers 503 while one core migration is missing', async () => {
    // A core schema and migrations table that miss the latest migration.
    await onTestDb(async (c) => {
      await c.query('create schema core');
      await c.query(
        'create table core.kysely_migration (name varchar(255) primary key, timestamp varchar(255) not null)',
      );
      await c.query(`insert into core.kysely_migration values ('0001_core', now()::text)`);
    }, emptyUrl.toString());
    const r = await api.rest('GET', '/ready');
    expect(r.status).toBe(503);
    expect(r.json.error?.code).toBe('DATABASE_NOT_MIGRATED');
  });
});
