/**
 * Moving a company group to another Citus worker online (issue 28 item 3): `citus_schema_move`
 * copies the schema's shards to the target by logical replication while the tenant keeps being
 * read and written, then switches over under a short lock (`shard_transfer_mode` 'auto': every
 * tenant table has a primary key, its replica identity). `npm run citus:move -- <group> [host:port]`.
 */
import { type Kysely, sql } from 'kysely';
import { baseDb, tenantSchemaName } from './database.ts';

export interface CitusWorker {
  host: string;
  port: number;
}

/** The worker holding `schema` (where its tables' shards are placed). */
export async function tenantNode(schemaName: string, db: Kysely<unknown> = baseDb()): Promise<CitusWorker> {
  const schema = tenantSchemaName(schemaName);
  const r = await sql<{ host: string; port: number }>`select n.nodename as host, n.nodeport as port
    from pg_catalog.pg_dist_schema d
      join pg_catalog.pg_dist_partition p on p.colocationid = d.colocationid
      join pg_catalog.pg_dist_shard s on s.logicalrelid = p.logicalrelid
      join pg_catalog.pg_dist_placement pl on pl.shardid = s.shardid
      join pg_catalog.pg_dist_node n on n.groupid = pl.groupid
    where d.schemaid = to_regnamespace(${schema})
    limit 1`.execute(db);
  const row = r.rows[0];
  if (!row) throw new Error(`${schema} is not a distributed schema with tables`);
  return row;
}

/** The active primary workers, fewest distributed schemas first. */
export async function citusWorkerNodes(db: Kysely<unknown> = baseDb()): Promise<CitusWorker[]> {
  const r = await sql<{ host: string; port: number }>`select n.nodename as host, n.nodeport as port
    from pg_catalog.pg_dist_node n
    where n.isactive and n.noderole = 'primary' and n.shouldhaveshards and n.groupid <> 0
    order by (select count(distinct d.schemaid) from pg_catalog.pg_dist_schema d
      join pg_catalog.pg_dist_partition p on p.colocationid = d.colocationid
      join pg_catalog.pg_dist_shard s on s.logicalrelid = p.logicalrelid
      join pg_catalog.pg_dist_placement pl on pl.shardid = s.shardid
      where pl.groupid = n.groupid), n.nodeport`.execute(db);
  return r.rows;
}

/**
 * Moves a company group's schema to `target` (default: the least loaded other worker); resolves
 * with where it was and where it is now. Runs on its own connection (the move is long).
 */
export async function moveTenant(
  schemaName: string,
  target?: CitusWorker,
  db: Kysely<unknown> = baseDb(),
): Promise<{ from: CitusWorker; to: CitusWorker }> {
  const schema = tenantSchemaName(schemaName);
  const from = await tenantNode(schema, db);
  const to =
    target ??
    (await citusWorkerNodes(db)).find((w) => w.host !== from.host || w.port !== from.port) ??
    (() => {
      throw new Error('no other worker to move to');
    })();
  if (to.host === from.host && to.port === from.port) return { from, to };
  await sql`select citus_schema_move(${schema}::regnamespace, ${to.host}::text, ${to.port}::int)`.execute(db);
  return { from, to };
}
