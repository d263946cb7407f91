import { describe, expect, it } from 'vitest';
import {
  checkPostgres,
  checkRedis,
  mayCreateDatabase,
  ServiceUnavailableError,
} from '../../../src/server/services-check.ts';
import { loadConfig } from '../../../src/server/config.ts';

describe('start-up checks', () => {
  it('an unreachable Postgres gives one sentence saying what to start', async () => {
    const err = await checkPostgres('postgres://postgres@127.0.0.1:1/equipcheck').catch((e) => e);
    expect(err).toBeInstanceOf(ServiceUnavailableError);
    expect(err.message).toMatch(/^PostgreSQL is not reachable at 127\.0\.0\.1:1 .*Start it/);
    expect(err.message.split('\n')).toHaveLength(1);
  });

  it('an unreachable Redis gives one sentence saying what to start', async () => {
    const err = await checkRedis('redis://127.0.0.1:1').catch((e) => e);
    expect(err).toBeInstanceOf(ServiceUnavailableError);
    expect(err.message).toMatch(/^Redis is not reachable at 127\.0\.0\.1:1 .*Start it/);
  });

  it('creates a missing database when asked to', async () => {
    const name = `eqc_test_create_${process.pid}_${Date.now()}`;
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    await checkPostgres(url.toString(), { create: true });
    const pg = (await import('pg')).default;
    const c = new pg.Client({ connectionString: url.toString() });
    await c.connect();
    expect((await c.query('select current_database() as d')).rows[0].d).toBe(name);
    await c.end();
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database "${name}" with (force)`);
    await admin.end();
  }, 120_000); // CREATE DATABASE copies template1 through the WAL: seconds alone, more on a busy machine

  it('refuses a misspelt database name with one sentence, and creates nothing', async () => {
    const name = `eqc_test_misspelt_${process.pid}_${Date.now()}`;
    const url = new URL(process.env.DATABASE_URL!);
    url.pathname = `/${name}`;
    const err = await checkPostgres(url.toString()).catch((e) => e);
    expect(err).toBeInstanceOf(ServiceUnavailableError);
    expect(err.message).toContain(`The database "${name}" does not exist on 127.0.0.1:5432`);
    expect(err.message).toMatch(/createdb .*DB_CREATE=true/);
    expect(err.message.split('\n')).toHaveLength(1);
    const pg = (await import('pg')).default;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    await admin.end();
    expect(found.rowCount).toBe(0);
  });

  it('start-up may create only the default database, or any with DB_CREATE=true', () => {
    expect(mayCreateDatabase('postgres://postgres@127.0.0.1:5432/equipcheck', false)).toBe(true);
    expect(mayCreateDatabase('postgres://postgres@db.example:5432/equipcheck', false)).toBe(true);
    expect(mayCreateDatabase('postgres://postgres@127.0.0.1:5432/equipchek', false)).toBe(false);
    expect(mayCreateDatabase('postgres://postgres@127.0.0.1:5432/equipchek', true)).toBe(true);
    expect(loadConfig({}).DB_CREATE).toBe(false);
    expect(loadConfig({ DB_CREATE: 'true' }).DB_CREATE).toBe(true);
  });

  it('rejects a malformed environment with the variable named', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    const tmp = { DATA_DIR: `/tmp/eqc-config-${process.pid}-${Date.now()}` };
    expect(loadConfig(tmp).PORT).toBe(3000);
    expect(loadConfig(tmp).DATABASE_URL).toContain('127.0.0.1:5432');
    const strong = 'Zq8v-3kLm_Wp7xR2nT5yB9cD4fG6hJ1s';
    expect(
      loadConfig({ NODE_ENV: 'production', BILLING_PROVIDER: 'vindi', APP_SECRET: strong }).APP_SECRET,
    ).toBe(strong);
  });
});
