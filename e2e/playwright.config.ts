import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3210);
const MAIL_SINK_SMTP_PORT = PORT + 1;
// fixtures/mailbox.ts reads the same variable.
const MAIL_SINK_HTTP_PORT = PORT + 2;
process.env.E2E_MAIL_SINK_HTTP_PORT = String(MAIL_SINK_HTTP_PORT);
const root = path.resolve(import.meta.dirname, '..');
// A fresh embedded database for every run. The config is also loaded by each worker, which
// inherits the variable and must not delete the directory the running server uses.
if (!process.env.CASEBRIDGE_E2E_DATA_DIR) {
  process.env.CASEBRIDGE_E2E_DATA_DIR = path.join(
    os.tmpdir(),
    `casebridge-e2e-${PORT}-${process.pid}`,
  );
  rmSync(process.env.CASEBRIDGE_E2E_DATA_DIR, { recursive: true, force: true });
  // The signed-in states of fixtures/auth.setup.ts belong to this run's database only.
  rmSync(`${process.env.CASEBRIDGE_E2E_DATA_DIR}-auth`, { recursive: true, force: true });
}
const dataDir = process.env.CASEBRIDGE_E2E_DATA_DIR;

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Recording a trace for every test cost a quarter of the browser tests' CPU (screenshots of
    // each step); a failed test's retry in CI records one. Locally: --trace on.
    trace: 'on-first-retry',
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [
    // Signs each demo role in once; fixtures/test.ts hands the cookies to the specs.
    { name: 'setup', testDir: './fixtures', testMatch: /auth\.setup\.ts$/ },
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, dependencies: ['setup'] },
  ],
  webServer: [
    // The inbox of every user the tests make: invitation and reset links reach their recipient
    // only by mail (fixtures/mailbox.ts reads them here).
    {
      command: 'npm run -s mail:sink',
      cwd: root,
      url: `http://127.0.0.1:${MAIL_SINK_HTTP_PORT}/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        MAIL_SINK_SMTP_PORT: String(MAIL_SINK_SMTP_PORT),
        MAIL_SINK_HTTP_PORT: String(MAIL_SINK_HTTP_PORT),
        MAIL_SINK_QUIET: 'true',
      },
    },
    {
      command: 'npm run start -w @casebridge/server',
      cwd: root,
      url: `http://localhost:${PORT}/api/health`,
      // As an operator stops it: the server closes its database connections, so the run's
      // PostgreSQL database can be dropped after it (scripts/test.mjs).
      gracefulShutdown: { signal: 'SIGINT', timeout: 15_000 },
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        // The run's own empty PostgreSQL database when npm test has a server (scripts/test.mjs),
        // else the embedded one. On PGlite the server spent a third of its CPU in the database.
        DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
        SEED_DEMO: 'true',
        APP_URL: `http://localhost:${PORT}`,
        LOG_LEVEL: 'warn',
        // Lets parallel runs serve their own build: E2E_WEB_DIST=/tmp/x after `vite build --outDir /tmp/x`.
        WEB_DIST_DIR: process.env.E2E_WEB_DIST ?? '',
        SMTP_URL: `smtp://127.0.0.1:${MAIL_SINK_SMTP_PORT}`,
      },
    },
  ],
});
