import { defineConfig } from 'vitest/config';
import { PREACT_ALIASES } from './apps/web/preact-aliases.ts';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server-unit',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: ['apps/server/src/**/*.integration.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server-integration',
          include: ['apps/server/src/**/*.integration.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
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
          server: { deps: { inline: true } },
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
        },
      },
    ],
  },
});
