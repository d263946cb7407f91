import { inject } from 'vitest';
import { applyEnv } from './test-env.ts';
import { ofThisWorker } from './workers.ts';

// Each test file runs with its worker's database and Redis prefix, provided by the global setup
// (one per worker: tests/integration/global-setup.ts; VITEST_POOL_ID counts the workers from 1).
applyEnv(ofThisWorker(inject('testEnvs')));

declare module 'vitest' {
  export interface ProvidedContext {
    testEnvs: Record<string, string>[];
    baseUrls: string[];
  }
}
