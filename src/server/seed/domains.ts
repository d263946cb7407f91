import { domains } from '../domains.ts';
import type { SeedContext } from './context.ts';

type Seed = (ctx: SeedContext) => Promise<void>;

/** Each domain's demo data (its `seed` in domain.ts), in order of registration. */
export const domainSeeds: [string, Seed][] = Object.entries(domains).flatMap(([name, d]) =>
  d.seed ? [[name, d.seed] as [string, Seed]] : [],
);
