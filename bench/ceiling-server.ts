/**
 * The ceiling of `npm run bench -- throughput`: a bare Hono route doing one primary-key SELECT
 * through `pg` on the same database, in as many processes as the product's server (node:cluster),
 * so the product's share of it is what its own layers cost.
 */
import cluster from 'node:cluster';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import pg from 'pg';

const processes = Math.max(1, Number(process.env.WEB_CONCURRENCY ?? 1));
if (cluster.isPrimary && processes > 1) {
  for (let i = 0; i < processes; i++) cluster.fork();
  process.on('SIGTERM', () => {
    for (const w of Object.values(cluster.workers ?? {})) w?.kill('SIGTERM');
    process.exit(0);
  });
} else {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 5 });
  const app = new Hono();
  app.get('/ceiling', async (c) => {
    const r = await pool.query('select id, name, email from core.users where id = $1', [1]);
    return c.json({ data: r.rows[0] });
  });
  serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' }, () => {
    process.send?.('ready');
    if (!cluster.isWorker) console.log('ready');
  });
  process.on('SIGTERM', () => process.exit(0));
}
