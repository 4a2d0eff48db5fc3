/** Unit and integration tests (vitest) across every workspace; Playwright lives in tests/e2e. */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Route modules import the app's services as `~/…`, as in the Remix build.
  resolve: { alias: { '~': fileURLToPath(new URL('./remix-app/app', import.meta.url)) } },
  test: {
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**', 'tests/e2e/**', '**/build/**'],
    globalSetup: ['./vitest.global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
