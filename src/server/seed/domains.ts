import { seedCatalogue } from '../domains/catalogue/seed.ts';
import type { SeedContext } from './seed.ts';

/**
 * Each domain's demo data, in order. A domain adds `[name, seedFn]` here; the function gets a
 * transaction (`ctx.db`) and the demo group's ids.
 */
export const domainSeeds: [string, (ctx: SeedContext) => Promise<void>][] = [['catalogue', seedCatalogue]];
