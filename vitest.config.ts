import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: keep file parallelism modest so servers started by suites don't starve.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'node', include: ['{contracts,infra,services/*,cli,e2e,bench}/src/**/*.test.ts'] } },
      // The browser app's component tests, in happy-dom.
      'client/vitest.config.ts',
    ],
  },
});
