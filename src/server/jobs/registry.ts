import { domains } from '../domains.ts';
import { createRegistry, type JobRegistry } from './define.ts';

let registry: JobRegistry | undefined;

/**
 * Every job of the platform: the `jobs` of each registered domain (src/server/domains.ts). The
 * worker runs them; the server's Bull Board shows their queues (`app.ts` hands it the names, so no
 * domain imports this file and the domain registry has no cycle through it). Built on first use.
 */
export function jobRegistry(): JobRegistry {
  registry ??= createRegistry(Object.values(domains).map((d) => d.jobs ?? []));
  return registry;
}
