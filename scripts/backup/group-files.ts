/**
 * The files of one company group: every key its rows name (`*_key` text columns of its core rows and
 * of its schema's tables) and every file under `jobs/<id>/` of its jobs. Used at backup time (read
 * through the file store) and when one group is restored from a whole backup (its keys read from
 * the rows just restored, its files taken from the backup's copy of DATA_DIR).
 */
import type pg from 'pg';
import type { GroupTable } from '../../src/server/db/group-core-rows.ts';
import { quoteIdent } from './pg-tools.ts';

export async function groupFileKeys(
  client: pg.ClientBase,
  tables: Pick<GroupTable, 'table' | 'where'>[],
  schema: string,
  /** The keys under `jobs/<id>/`. */
  jobFiles: (jobId: string) => Promise<string[]>,
): Promise<string[]> {
  const keys = new Set<string>();
  const keyColumns = await client.query<{ schema: string; table: string; column: string }>(
    `select n.nspname as schema, c.relname as table, a.attname as column
     from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname in ('core', $1) and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
       and a.attname like '%\\_key' and a.atttypid = 'text'::regtype`,
    [schema],
  );
  const where = new Map(tables.map((t) => [t.table, t.where]));
  for (const k of keyColumns.rows) {
    const cond = k.schema === 'core' ? where.get(k.table) : 'true';
    if (!cond) continue;
    const r = await client.query<{ key: string }>(
      `select distinct ${quoteIdent(k.column)} as key from ${quoteIdent(k.schema)}.${quoteIdent(k.table)}
       where (${cond}) and ${quoteIdent(k.column)} is not null`,
    );
    for (const row of r.rows) keys.add(row.key);
  }
  const jobs = where.get('jobs');
  if (jobs) {
    const ids = await client.query<{ id: string }>(`select id::text from core.jobs where ${jobs}`);
    for (const { id } of ids.rows) for (const key of await jobFiles(id)) keys.add(key);
  }
  return [...keys].sort();
}
