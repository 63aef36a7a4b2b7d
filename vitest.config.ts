import { defineConfig } from 'vitest/config';
import { PREACT_ALIASES } from './apps/web/preact-aliases.ts';

/**
 * The integration files share one module registry per worker (`isolate: false`): each file
 * builds its own servers and databases, and importing the app once per worker instead of once
 * per file is most of the suite's time. They mostly wait on the database, so they run four at a
 * time on two cores (docs/testing.md).
 */
const INTEGRATION = {
  isolate: false,
  maxWorkers: 4,
  environment: 'node',
  globalSetup: ['apps/server/src/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
} as const;

/**
 * What runs on PGlite as well as on PostgreSQL: what differs on the embedded database (start-up,
 * the data directory and its lock, migrations, the write gate, backup and restore, shutdown,
 * health, LISTEN/NOTIFY) and one smoke pass of every module. The rule is in docs/testing.md.
 */
const PGLITE_FILES = [
  'apps/server/src/db/**/*.integration.test.ts',
  'apps/server/src/ops/backup.integration.test.ts',
  'apps/server/src/ops/verify-audit.integration.test.ts',
  'apps/server/src/app.integration.test.ts',
  'apps/server/src/shutdown.integration.test.ts',
  'apps/server/src/events/outbox.integration.test.ts',
  'apps/server/src/jobs/job-runner.integration.test.ts',
  'apps/server/src/modules/health/health.integration.test.ts',
  'apps/server/src/modules/system-tools/system-tools.integration.test.ts',
  'apps/server/src/modules/system/*.integration.test.ts',
  'apps/server/src/pglite-smoke.integration.test.ts',
];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          isolate: false,
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server-unit',
          isolate: false,
          include: ['apps/server/src/**/*.test.ts'],
          exclude: ['apps/server/src/**/*.integration.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server-integration',
          include: ['apps/server/src/**/*.integration.test.ts'],
          exclude: ['apps/server/src/**/*.isolated.integration.test.ts'],
          ...INTEGRATION,
        },
      },
      {
        // The embedded database's own pass, whatever server the run names (docs/testing.md).
        // PGlite runs its statements on the test's own thread: two at a time on two cores.
        test: { name: 'server-pglite', include: PGLITE_FILES, ...INTEGRATION, maxWorkers: 2 },
      },
      {
        // Files that replace a module (vi.mock) get a module registry of their own.
        test: {
          name: 'server-integration-isolated',
          include: ['apps/server/src/**/*.isolated.integration.test.ts'],
          ...INTEGRATION,
          isolate: true,
        },
      },
      {
        root: 'apps/web',
        // The web app ships on Preact (ADR 0015): its tests render with Preact too. Every
        // dependency goes through Vite with the tests (`inline`), so that the `react` imports of
        // the libraries (router, query, Radix, icons, testing-library) are aliased as well.
        resolve: {
          // The libraries' browser (ES module) builds, as in the app: a CommonJS build's own
          // `require('react')` would escape the aliases and render with React (lucide-react,
          // react-remove-scroll).
          conditions: ['module', 'browser', 'import', 'default'],
          mainFields: ['module', 'browser', 'main'],
          alias: [
            ...PREACT_ALIASES,
            {
              find: /^@testing-library\/react$/,
              replacement: '@testing-library/react/dist/@testing-library/react.esm.js',
            },
          ],
        },
        test: {
          name: 'web',
          isolate: false,
          server: { deps: { inline: true } },
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
        },
      },
    ],
  },
});
