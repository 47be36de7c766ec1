import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { findChromium } from './e2e/support/chromium.ts';

/**
 * Test projects (`npm test` runs all; `npm run test:unit` the unit project, `npm run test:api` the API ones):
 *   unit          pure functions of packages/shared, apps/web and the demo generator, and the server's
 *                 tests that open no database: `*.unit.test.ts` under apps/server; fast tests only
 *   stress        what measures memory on a large volume (`*.stress.test.ts`: millions of rows, hundreds of MB)
 *   api-pglite    the server's other tests (and the demo loader's) on embedded PGlite (always)
 *   api-postgres  the same files on real PostgreSQL, when TEST_DATABASE_URL is set, and *.postgres.test.ts
 *   e2e           user journeys in Chromium (e2e/vitest.config.ts)
 *
 * Naming rule for server tests: a file that needs no database (no buildTestApp, openTestDatabase,
 * createServerDatabase, …) is `*.unit.test.ts` and runs once, in `unit`; any other `*.test.ts` runs in both
 * API projects. A pure test left as `*.test.ts` still passes, it just runs twice for nothing.
 */
const testDatabaseUrl = process.env.TEST_DATABASE_URL?.trim() || undefined;

// In CI a missing database is a failure, never a silently skipped suite.
if (process.env.CI === 'true' && !testDatabaseUrl) {
  throw new Error(
    'TEST_DATABASE_URL is not set: CI runs the API tests on PostgreSQL too ' +
      '(e.g. TEST_DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test).',
  );
}

// The journeys need Chromium: in CI its absence fails the run; on a laptop they are skipped, loudly.
const chromium = findChromium();
if (!chromium) {
  if (process.env.CI === 'true') {
    throw new Error('Chromium not found (install Debian chromium or set CHROME_PATH): CI runs the e2e journeys.');
  }
  console.warn('⚠ Chromium not found (install Debian chromium or set CHROME_PATH): skipping the e2e journeys.');
}

/** The same API test files against one database kind; its global setup migrates a template once per run. */
const apiProject = (database: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name: `api-${database}`,
    include: ['apps/server/**/*.test.ts', 'demo/**/*.api.test.ts'],
    // *.postgres.test.ts: what only PostgreSQL can do (a database per organization), on api-postgres alone.
    exclude: [
      '**/node_modules/**',
      '**/dist/**',
      '**/*.unit.test.ts',
      '**/*.stress.test.ts',
      ...(database === 'pglite' ? ['**/*.postgres.test.ts'] : []),
    ],
    environment: 'node',
    env: { TEST_DB: database },
    globalSetup: [`apps/server/test/global-setup.${database}.ts`],
    // One module graph per worker, not per file: the server's imports are most of a small file's time. Safe
    // because no server test mocks a module or changes the environment (spies go on the app's own services).
    isolate: false,
    // argon2 hashing and database start-up on a slow two-core machine.
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Vitest defaults to cores - 1 workers; API tests wait on PostgreSQL and argon2 threads, so two pay off on two cores.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'packages/shared/src/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'demo/**/*.test.ts',
            'apps/server/**/*.unit.test.ts',
            'docs/**/*.test.ts',
          ],
          exclude: ['**/node_modules/**', '**/dist/**', 'demo/**/*.api.test.ts', '**/*.stress.test.ts'],
          environment: 'node',
          // The demo generator builds 24 months of books per test: seconds on a busy two-core machine.
          testTimeout: 20_000,
          // Some server unit tests start a local fake first (Azurite, the Power BI fake).
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'stress',
          include: ['apps/server/**/*.stress.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**'],
          environment: 'node',
          // Each file measures its own heap or RSS: a fresh module graph per file, so no other file's garbage
          // is counted.
          isolate: true,
          testTimeout: 180_000,
        },
      },
      apiProject('pglite'),
      ...(testDatabaseUrl ? [apiProject('postgres')] : []),
      ...(chromium ? ['e2e/vitest.config.ts'] : []),
    ],
  },
});
