// biome-ignore-all lint/suspicious/noExplicitAny: a table made by the test itself
import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { baseDb, getPool } from '../../../src/server/db/database.ts';

/** The pool names repeated statements (db/prepared.ts); a table changing under one is survived. */
describe('prepared statements', () => {
  it('prepares a repeated query once per connection and answers after its table changes', async () => {
    const table = `prep_probe_${Math.random().toString(36).slice(2, 8)}`;
    await sql`create table ${sql.table(table)} (id int primary key, name text)`.execute(baseDb());
    try {
      await sql`insert into ${sql.table(table)} values (1, 'a')`.execute(baseDb());
      const read = () =>
        (baseDb() as Kysely<any>).selectFrom(table).selectAll().where('id', '=', 1).execute();
      for (let i = 0; i < 3; i++) expect(await read()).toEqual([{ id: 1, name: 'a' }]);

      // The statement is prepared on the connection that ran it.
      const client = await getPool().connect();
      try {
        const text = (baseDb() as Kysely<any>)
          .selectFrom(table)
          .selectAll()
          .where('id', '=', 1)
          .compile().sql;
        await client.query(text, [1]);
        await client.query(text, [1]);
        const r = await client.query<{ n: number }>(
          'select count(*)::int as n from pg_prepared_statements where statement = $1',
          [text],
        );
        expect(r.rows[0]!.n).toBe(1);
      } finally {
        client.release();
      }

      // A new column changes `select *`'s result type: the prepared plan is refused, the call is not.
      await sql`alter table ${sql.table(table)} add column extra int default 7`.execute(baseDb());
      for (let i = 0; i < 12; i++) expect(await read()).toEqual([{ id: 1, name: 'a', extra: 7 }]);
    } finally {
      await sql`drop table ${sql.table(table)}`.execute(baseDb());
    }
  });

  it('an upsert on a partial unique index keeps working past the generic-plan switch', async () => {
    const table = `prep_upsert_${Math.random().toString(36).slice(2, 8)}`;
    await sql`create table ${sql.table(table)} (id serial primary key, tag int, status text)`.execute(
      baseDb(),
    );
    await sql`create unique index ${sql.id(`${table}_open`)} on ${sql.table(table)} (tag) where status = 'PENDING'`.execute(
      baseDb(),
    );
    try {
      // One connection, so its statement cache sees every run (Postgres goes generic after five).
      await (baseDb() as Kysely<any>).connection().execute(async (db) => {
        for (let i = 0; i < 10; i++)
          await db
            .insertInto(table)
            .values({ tag: i % 3, status: 'PENDING' })
            .onConflict((oc) => oc.column('tag').where('status', '=', 'PENDING').doNothing())
            .execute();
      });
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(
        baseDb(),
      );
      expect(rows[0]!.n).toBe(3);
      // That statement stays unnamed; an upsert on a whole unique index is prepared.
      const client = await getPool().connect();
      try {
        const upsert = (baseDb() as Kysely<any>)
          .insertInto(table)
          .values({ id: 1, tag: 9, status: 'DONE' })
          .onConflict((oc) => oc.column('id').doUpdateSet({ status: 'DONE' }))
          .compile();
        const partial = (baseDb() as Kysely<any>)
          .insertInto(table)
          .values({ tag: 9, status: 'PENDING' })
          .onConflict((oc) => oc.column('tag').where('status', '=', 'PENDING').doNothing())
          .compile();
        for (let i = 0; i < 3; i++) {
          await client.query(upsert.sql, [...upsert.parameters]);
          await client.query(partial.sql, [...partial.parameters]);
        }
        const named = await client.query<{ statement: string }>(
          'select statement from pg_prepared_statements where statement in ($1, $2)',
          [upsert.sql, partial.sql],
        );
        expect(named.rows.map((r) => r.statement)).toEqual([upsert.sql]);
      } finally {
        client.release();
      }
    } finally {
      await sql`drop table ${sql.table(table)}`.execute(baseDb());
    }
  });
});
