/**
 * The local Citus cluster of the scale-out tests (issue 28): a coordinator and two workers, each an
 * ordinary PostgreSQL cluster on its own port with `shared_preload_libraries = 'citus'`. This file
 * knows where the nodes are and how to make a database a Citus database on all of them; the
 * `citus:cluster` script (scripts/citus-cluster.ts) creates, starts and stops the nodes, and the
 * integration tests' harness (tests/helpers/test-env.ts, under CITUS_TEST=1) creates each throwaway
 * database through `createCitusDatabase`.
 *
 * Citus keeps its metadata (the nodes, the distributed schemas) per database: a database is a Citus
 * database once it exists on every node with the extension, and its coordinator knows its own
 * address (`citus_set_coordinator_host`) and each worker (`citus_add_node`).
 */
import pg from 'pg';
import { quoteIdent } from '../backup/pg-tools.ts';

export interface CitusNode {
  name: 'coordinator' | 'worker1' | 'worker2';
  host: string;
  port: number;
}

/** The nodes, from CITUS_PORTS ("5440,5441,5442": coordinator first) on 127.0.0.1. */
export function citusNodes(): CitusNode[] {
  const ports = (process.env.CITUS_PORTS ?? '5440,5441,5442').split(',').map((p) => Number(p.trim()));
  if (ports.length !== 3 || ports.some((p) => !Number.isInteger(p) || p <= 0)) {
    throw new Error(
      `CITUS_PORTS must name three ports (coordinator, worker, worker): ${process.env.CITUS_PORTS}`,
    );
  }
  const names = ['coordinator', 'worker1', 'worker2'] as const;
  return ports.map((port, i) => ({ name: names[i]!, host: '127.0.0.1', port }));
}

export function nodeUrl(node: CitusNode, database: string): string {
  return `postgres://postgres@${node.host}:${node.port}/${encodeURIComponent(database)}`;
}

/** The coordinator's URL of `database` (what DATABASE_URL names under Citus). */
export function coordinatorUrl(database: string): string {
  return nodeUrl(citusNodes()[0]!, database);
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end().catch(() => {});
  }
}

/**
 * Makes `database` a Citus database: created on every node when missing, the extension on each,
 * and the coordinator told its own address and each worker's. Idempotent.
 */
export async function createCitusDatabase(database: string): Promise<void> {
  const nodes = citusNodes();
  for (const node of nodes) {
    await withClient(nodeUrl(node, 'postgres'), async (c) => {
      const r = await c.query('select 1 from pg_database where datname = $1', [database]);
      if (r.rowCount === 0) await c.query(`create database ${quoteIdent(database)}`);
    });
    await withClient(nodeUrl(node, database), (c) => c.query('create extension if not exists citus'));
  }
  const [coordinator, ...workers] = nodes;
  await withClient(nodeUrl(coordinator!, database), async (c) => {
    await c.query('select citus_set_coordinator_host($1, $2)', [coordinator!.host, coordinator!.port]);
    for (const w of workers) {
      const r = await c.query('select 1 from pg_dist_node where nodename = $1 and nodeport = $2', [
        w.host,
        w.port,
      ]);
      if (r.rowCount === 0) await c.query('select citus_add_node($1, $2)', [w.host, w.port]);
    }
  });
}

/** Drops `database` on every node (the workers keep their own copy otherwise). */
export async function dropCitusDatabase(database: string): Promise<void> {
  const nodes = citusNodes();
  // A tenant move cut short leaves logical replication behind (a subscription in the database,
  // a slot on the source node, both cluster-wide): they would block the drop and the next move.
  for (const node of nodes) {
    const exists = await withClient(nodeUrl(node, 'postgres'), async (c) => {
      const r = await c.query('select 1 from pg_database where datname = $1', [database]);
      return (r.rowCount ?? 0) > 0;
    });
    if (!exists) continue;
    await withClient(nodeUrl(node, database), async (c) => {
      const subs = await c.query<{ subname: string }>(
        'select subname from pg_subscription s join pg_database d on d.oid = s.subdbid where d.datname = $1',
        [database],
      );
      for (const { subname } of subs.rows) {
        await c.query(`alter subscription ${quoteIdent(subname)} disable`);
        await c.query(`alter subscription ${quoteIdent(subname)} set (slot_name = none)`);
        await c.query(`drop subscription ${quoteIdent(subname)}`);
      }
    });
  }
  for (const node of nodes) {
    await withClient(nodeUrl(node, 'postgres'), async (c) => {
      await c.query(
        'select pg_terminate_backend(active_pid) from pg_replication_slots where database = $1 and active_pid is not null',
        [database],
      );
      await c.query(
        'select pg_drop_replication_slot(slot_name) from pg_replication_slots where database = $1 and not active',
        [database],
      );
      await c.query(`drop database if exists ${quoteIdent(database)} with (force)`);
      // …and the move's roles (cluster-wide too; their names repeat in every database).
      const roles = await c.query<{ rolname: string }>(
        "select rolname from pg_roles where rolname like 'citus\\_shard\\_move\\_subscription\\_role\\_%'",
      );
      for (const { rolname } of roles.rows)
        await c.query(`drop role if exists ${quoteIdent(rolname)}`).catch(() => {});
    });
  }
}

/** The workers the coordinator of `database` has, active or not (`status`). */
export async function citusWorkers(
  database: string,
): Promise<{ nodename: string; nodeport: number; isactive: boolean }[]> {
  return withClient(nodeUrl(citusNodes()[0]!, database), async (c) => {
    const r = await c.query<{ nodename: string; nodeport: number; isactive: boolean }>(
      "select nodename, nodeport, isactive from pg_dist_node where noderole = 'primary' and groupid <> 0 order by nodeport",
    );
    return r.rows;
  });
}
