import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite and argon2 are CPU-heavy; two workers match the machines we run on.
    maxWorkers: 2,
    // Each test file builds its own app and database; sharing the imported modules within a worker saves importing
    // the whole API again for every file (more than half of the run's CPU).
    isolate: false,
  },
});
