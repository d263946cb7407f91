import { defineConfig } from 'vitest/config';
import { E2E_WORKERS, INTEGRATION_WORKERS } from './tests/helpers/workers.ts';

/** Projects: unit (pure), integration (real Postgres + Redis), e2e (Chromium), citus (test:citus only). */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/integration/global-setup.ts'],
          setupFiles: ['tests/helpers/setup-env.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // Two files at a time, each worker on its own database (global-setup.ts): on a 2-core
          // machine (vitest's default there is one worker) one file's waits on Postgres overlap
          // the other's work.
          maxWorkers: INTEGRATION_WORKERS,
        },
      },
      {
        // Tests that need a Citus cluster (issue 28): only `npm run test:citus` runs them.
        test: {
          name: 'citus',
          include: ['tests/citus/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/integration/global-setup.ts'],
          setupFiles: ['tests/helpers/setup-env.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // Run together with the integration project (scripts/test-citus.ts): one worker each.
          maxWorkers: INTEGRATION_WORKERS,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          setupFiles: ['tests/helpers/setup-env.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // Two browser files at a time, each against a product of its own (global-setup.ts).
          maxWorkers: E2E_WORKERS,
          // A page on a loaded 2-core machine can take seconds to settle: polls wait for their
          // condition up to 10 s (vitest's default, 1 s, failed a debounced URL update under load).
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
