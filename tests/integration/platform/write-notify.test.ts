import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config } from '../../../src/server/config.ts';
import { baseDb, coreDb, tenantSchemaName } from '../../../src/server/db/database.ts';
import { otherTenant, waitFor } from '../qr/helpers.ts';

/**
 * A company group's writes through the product's pool publish `rows_changed` after they commit,
 * from the process's notifying connection, not from the tables' triggers inside the write (core
 * migration 1521, db/write-notify.ts): Postgres serialises the commits of every transaction that
 * NOTIFYs. A writer outside the pool (a bare connection) still notifies from the trigger.
 */
let schema: string;
const heard: pg.Notification[] = [];
const listener = new pg.Client({ connectionString: config().DATABASE_URL });

beforeAll(async () => {
  const tenant = await otherTenant();
  const g = await coreDb()
    .selectFrom('company_groups')
    .select('schema_name')
    .where('id', '=', tenant.groupId)
    .executeTakeFirstOrThrow();
  schema = tenantSchemaName(g.schema_name);
  await listener.connect();
  listener.on('notification', (n) => heard.push(n));
  await listener.query('listen rows_changed');
});
afterAll(() => listener.end());

/** The first `rows_changed` for the schema heard after `from`, within 10 s (the state on timeout). */
function nextNotification(from: number) {
  return waitFor(
    async () => heard.slice(from).find((n) => n.payload === schema),
    10_000,
    20,
    async () => heard.slice(from).map((n) => [n.processId, n.payload]),
  );
}

describe('rows_changed of a company group', () => {
  it('a write through the pool is published once committed, by another backend than the writer', async () => {
    const from = heard.length;
    const writer = await baseDb()
      .transaction()
      .execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        await sql`insert into ${sql.table(`${schema}.categories`)} (name, enabled) values (${`Pool ${Date.now()}`}, true)`.execute(
          trx,
        );
        // Nothing is heard while the transaction is open.
        expect(heard.slice(from).filter((n) => n.payload === schema)).toEqual([]);
        return rows[0]!.pid;
      });
    const n = await nextNotification(from);
    expect(n.processId).not.toBe(writer);
  });

  it('a rolled-back write publishes nothing; an autocommit one is published', async () => {
    const from = heard.length;
    await baseDb()
      .transaction()
      .execute(async (trx) => {
        await sql`insert into ${sql.table(`${schema}.categories`)} (name, enabled) values (${`Back ${Date.now()}`}, true)`.execute(
          trx,
        );
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await sql`insert into ${sql.table(`${schema}.categories`)} (name, enabled) values (${`Auto ${Date.now()}`}, true)`.execute(
      baseDb(),
    );
    await nextNotification(from);
    // One notification: the autocommit write's (the rolled-back one published none).
    expect(heard.slice(from).filter((n) => n.payload === schema)).toHaveLength(1);
  });

  it('a bare connection still notifies from the trigger, at its commit', async () => {
    const bare = new pg.Client({ connectionString: config().DATABASE_URL });
    await bare.connect();
    try {
      const pid = (await bare.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
      const from = heard.length;
      await bare.query(`insert into ${schema}.categories (name, enabled) values ($1, true)`, [
        `Bare ${Date.now()}`,
      ]);
      expect((await nextNotification(from)).processId).toBe(pid);
    } finally {
      await bare.end();
    }
  });
});
