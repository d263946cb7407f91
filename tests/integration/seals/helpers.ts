import pg from 'pg';
import { encodePng } from '../../../src/server/domains/catalogue/png.ts';
import { tenantSchemaName } from '../../../src/server/db/database.ts';

/** A small signature drawing as the pad sends it: a PNG data URL. */
export function signatureDataUrl(seed = 1): string {
  const png = encodePng(120, 40, (x, y) => ((x * seed + y) % 17 === 0 ? [0, 0, 0] : [255, 255, 255]));
  return `data:image/png;base64,${png.toString('base64')}`;
}

export const signatures = (seed = 1) => ({
  technician: { name: 'Téo Técnico', image: signatureDataUrl(seed) },
  client: { name: 'Clara Cliente', role: 'Síndica', image: signatureDataUrl(seed + 1) },
});

/**
 * Runs `statement` on a bare connection with triggers off (`session_replication_role = replica`):
 * how someone with database access would change a sealed row behind the application's back.
 */
export async function tamper(schema: string, statement: (s: string) => string): Promise<number> {
  const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await c.connect();
  try {
    await c.query('begin');
    // On Citus the row lives on a worker, where its trigger runs: SET LOCAL reaches the worker
    // only when Citus propagates it (a mere placeholder setting on plain Postgres).
    await c.query("set local citus.propagate_set_commands = 'local'");
    await c.query('set local session_replication_role = replica');
    const r = await c.query(statement(`"${tenantSchemaName(schema)}"`));
    await c.query('commit');
    return r.rowCount ?? 0;
  } finally {
    await c.end();
  }
}
