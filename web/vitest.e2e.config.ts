import { defineConfig } from 'vitest/config';

// End-to-end tests: Debian's chromium driven by playwright-core against a real `whist serve`.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    pool: 'forks',
    reporters: ['verbose'],
  },
});
