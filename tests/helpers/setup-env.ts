import { inject } from 'vitest';
import { applyEnv } from './test-env.ts';

// Each test file runs with the run's database and Redis prefix, provided by the global setup.
applyEnv(inject('testEnv'));

declare module 'vitest' {
  export interface ProvidedContext {
    testEnv: Record<string, string>;
    baseUrl: string;
  }
}
