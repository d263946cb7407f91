import pg from 'pg';
import { dropCitusDatabase } from './scripts/citus/nodes.ts';
const names = new Set<string>(['eqc_none']);
for (const p of [5440, 5441, 5442]) { const k = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${p}/postgres` }); await k.connect();
  for (const r of (await k.query("select datname from pg_database where datname like 'eqc_test_%'")).rows) names.add(r.datname); await k.end(); }
for (const n of names) { await dropCitusDatabase(n); console.log('dropped', n); }
