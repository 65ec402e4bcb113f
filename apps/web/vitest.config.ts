import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      globals: true,
      setupFiles: ['./src/testing/setup.ts'],
      // The build's own plugins (entry-budget.ts) are tested beside them.
      include: ['src/**/*.test.{ts,tsx}', '*.test.ts'],
      css: false,
      restoreMocks: true,
      unstubGlobals: true,
      // Every test renders into a fresh tree with its own query client and mock server state; reusing the imported
      // modules across files halves the run.
      isolate: false,
      // npm test runs these beside the API suites: on 2 busy cores a first render (lazy routes, cold modules) can
      // pass 5 s.
      testTimeout: 15_000,
    },
  }),
);
