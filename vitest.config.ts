import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest's default leaves a core to its main process (one worker on a 2-core machine); the
    // main process is mostly idle, so two workers there finish the unit suite a third sooner.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/shared/**/*.test.ts', 'src/client/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/setup/unit-setup.ts'],
          // Component tests render whole screens; on a busy 2-core machine (CI beside other work)
          // one can take well past Vitest's 5 s default without anything being wrong (decision 033).
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['src/server/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          // Each file builds its own app on its own database copy, so files need no module
          // isolation; without it a worker imports the server once instead of once per file,
          // which halves the suite (docs/decisions/083-test-suite-speed.md).
          isolate: false,
          globalSetup: ['tests/setup/api-global-setup.ts'],
          setupFiles: ['tests/setup/api-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // Outages of the process's dependencies (docs/operations.md): each file starts its own
          // PostgreSQL cluster, Redis or server process, so files run one at a time.
          name: 'faults',
          include: ['tests/faults/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/setup/api-setup.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
