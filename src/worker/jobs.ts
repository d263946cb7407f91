import { domains } from '../server/domains.ts';
import { createRegistry, type JobRegistry } from '../server/jobs/define.ts';

let registry: JobRegistry | undefined;

/**
 * Every job the worker runs: the `jobs` of each registered domain (src/server/domains.ts). Built
 * on first use, because the jobs domain's own board reads it while the domains are still loading.
 */
export function jobRegistry(): JobRegistry {
  registry ??= createRegistry(Object.values(domains).map((d) => d.jobs ?? []));
  return registry;
}
