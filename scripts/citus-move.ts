/**
 * `npm run citus:move -- <group schema> [host:port]` (issue 28 item 3): moves a company group's
 * schema to another Citus worker (default: the least loaded other one) while it is in use
 * (src/server/db/citus-move.ts). DATABASE_URL names the coordinator.
 */
import { moveTenant } from '../src/server/db/citus-move.ts';
import { runScript } from './lib.ts';

await runScript(async () => {
  const [schema, target] = process.argv.slice(2);
  if (!schema) throw new Error('usage: npm run citus:move -- <group schema> [host:port]');
  let to: { host: string; port: number } | undefined;
  if (target) {
    const m = /^(.+):(\d+)$/.exec(target);
    if (!m) throw new Error(`target must be host:port, not ${target}`);
    to = { host: m[1]!, port: Number(m[2]) };
  }
  const t = Date.now();
  const r = await moveTenant(schema, to);
  console.log(
    `moved ${schema} from ${r.from.host}:${r.from.port} to ${r.to.host}:${r.to.port} in ${((Date.now() - t) / 1000).toFixed(1)} s`,
  );
});
