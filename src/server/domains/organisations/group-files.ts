/**
 * The files of one company group (issue 33 item 6), found as `npm run backup -- --group` finds
 * them (docs/conventions.md "Files"): every key a `*_key` text column names in its schema's tables
 * and in its core rows, and every file under `jobs/<id>/` of its jobs.
 */
import { type Kysely, sql } from 'kysely';
import type { GroupTable } from '../../db/group-core-rows.ts';
import type { FileStore } from '../../files/store.ts';

/** Key columns (`*_key`, text) of core and of the group's schema. */
async function keyColumns(db: Kysely<unknown>, schema: string) {
  const r = await sql<{ schema: string; table: string; column: string }>`
    select n.nspname as schema, c.relname as table, a.attname as column
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname in ('core', ${schema}) and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
      and a.attname like '%\\_key' and a.atttypid = 'text'::regtype
    order by 1, 2, 3`.execute(db);
  return r.rows;
}

/**
 * The keys the group's rows name, sorted. `plan` is the group's core-row plan
 * (`groupTablePlan`); a schema already dropped contributes nothing (a resumed purge).
 */
export async function groupFileKeys(
  db: Kysely<unknown>,
  plan: GroupTable[],
  schema: string,
  store: FileStore,
): Promise<string[]> {
  const keys = new Set<string>();
  const where = new Map(plan.map((t) => [t.table, t.where]));
  for (const k of await keyColumns(db, schema)) {
    const cond = k.schema === 'core' ? where.get(k.table) : 'true';
    if (!cond) continue;
    const col = sql.ref(k.column);
    const r = await sql<{ key: string }>`select distinct ${col} as key
      from ${sql.id(k.schema, k.table)} where (${sql.raw(cond)}) and ${col} is not null`.execute(db);
    for (const row of r.rows) keys.add(row.key);
  }
  const jobs = where.get('jobs');
  if (jobs) {
    const ids = await sql<{
      id: string;
    }>`select id::text as id from core.jobs where ${sql.raw(jobs)}`.execute(db);
    for (const { id } of ids.rows) for (const f of await store.list(`jobs/${id}/`)) keys.add(f.key);
  }
  return [...keys].sort();
}
