import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseDb, tenantSchemaName } from '../../../src/server/db/database.ts';
import { type SoTenant, soTenant } from '../service-orders/helpers.ts';

/**
 * Tenant 1551 `planned_write(statement, params)`: what Citus delegates a field write through
 * (kit/write-plan.ts `delegatedWrite`). Checked here on plain Postgres, where its text work is the
 * same: each `$n` becomes its value as a literal once, whatever the values hold, and the guard's
 * error comes out with its SQLSTATE.
 */
let t: SoTenant;
beforeAll(async () => {
  t = await soTenant();
}, 60_000);

const fn = () => sql.id(tenantSchemaName(t.schema), 'planned_write');
// Explicit ids: on a Citus worker an int identity column cannot draw from its sequence (the
// worker's range starts beyond int), and the calls below are delegated to the worker there.
let nextId = 900_000 + Math.floor(Math.random() * 100_000);
const table = (name: string) => sql.table(`${tenantSchemaName(t.schema)}.${name}`);

describe('planned_write', () => {
  it('fills every $n with its value as a literal: quotes, dollars, backslashes, nulls, arrays; answers ok', async () => {
    const name = `it's $2 and $10 \\ ünï — ${Date.now()}`;
    const statement = `with w as (insert into ${tenantSchemaName(t.schema)}.categories (id, name, enabled)
      values ($5, $1, $2) returning id, name)
      select exists (select 1 from w where w.name = $1 and $3::int[] = array[1, 2] and $4::text is null) as ok`;
    const params = [name, 'true', '{1,2}', null, String(nextId++)];
    const r = await sql<{ ok: boolean }>`select ${fn()}(${statement}, ${params}::text[]) as ok`.execute(
      baseDb(),
    );
    expect(r.rows[0]!.ok).toBe(true);
    const row = await sql<{ name: string; enabled: boolean }>`select name, enabled from ${table('categories')}
      where name = ${name}`.execute(baseDb());
    expect(row.rows).toEqual([{ name, enabled: true }]);
  });

  it("the guard's refusal keeps its SQLSTATE (EC409) and nothing of the statement stays", async () => {
    const name = `guarded ${Date.now()}`;
    const statement = `with w as (insert into ${tenantSchemaName(t.schema)}.categories (id, name, enabled)
      values ($3::int, $1, true) returning id)
      select ${tenantSchemaName(t.schema)}.write_guard(exists (select 1 from w) and $2::boolean) as ok`;
    const failed = await sql`select ${fn()}(${statement}, ${[name, 'false', String(nextId++)]}::text[])`
      .execute(baseDb())
      .then(
        () => null,
        (e: { code?: string }) => e,
      );
    expect(failed?.code).toBe('EC409');
    const row = await sql<{ n: number }>`select count(*)::int as n from ${table('categories')}
      where name = ${name}`.execute(baseDb());
    expect(row.rows[0]!.n).toBe(0);
  });
});
