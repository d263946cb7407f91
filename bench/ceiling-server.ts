/**
 * The ceiling of `npm run bench -- throughput`: a bare Hono route doing one primary-key SELECT
 * through `pg` on the same database, in as many processes as the product's server (node:cluster),
 * so the product's share of it is what its own layers cost. `POST /ceiling-write` is the same for
 * a write (bench/throughput.ts creates its table).
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
    // ?n=3: as many primary-key SELECTs one after the other (what a list call's round trips cost).
    const n = Number(c.req.query('n') ?? 1);
    let row: unknown;
    for (let i = 0; i < n; i++)
      row = (await pool.query('select id, name, email from core.users where id = $1', [1])).rows[0];
    return c.json({ data: row });
  });
  // The write's ceiling: the field write's three round trips with nothing of the product's — the
  // sign-in's and the read's primary-key SELECTs, then one INSERT of the posted body (autocommit).
  app.post('/ceiling-write', async (c) => {
    const body = await c.req.json();
    await pool.query('select id, name, email from core.users where id = $1', [1]);
    await pool.query('select id, name, email from core.users where id = $1', [1]);
    const row = await pool.query('insert into public.bench_ceiling_writes (body) values ($1) returning id', [
      JSON.stringify(body),
    ]);
    return c.json({ data: row.rows[0] }, 201);
  });
  serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' }, () => {
    process.send?.('ready');
    if (!cluster.isWorker) console.log('ready');
  });
  process.on('SIGTERM', () => process.exit(0));
}
