import { defineConfig } from 'vitest/config';

// `vite build` writes web/dist, which `whist serve` serves (its default --web).
export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2020',
    assetsInlineLimit: 0, // CSP: no data: URLs
    modulePreload: { polyfill: false },
  },
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
  },
});
