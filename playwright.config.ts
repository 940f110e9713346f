import { defineConfig, devices } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './scripts/server-node-flags.mjs';
import { CARRIER_CONTROLS_PORT } from './tests/e2e/support/carrier.js';
import { LAUNCH } from './tests/e2e/support/browser.js';

// Browser journeys run against the built product (web + API on one port) with its embedded database and demo data.
const PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_ADMIN_CODE = 'e2e-admin-code';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-e2e-'));

export default defineConfig({
  testDir: 'tests/e2e',
  // a lane of `npm test` (decision 0174) keeps its own folder: Playwright empties its output folder when it starts
  outputDir: process.env.E2E_LANE ? `test-results/lane-${process.env.E2E_LANE}` : 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // CI's machine can run at a third of its usual speed, with three lanes and the PostgreSQL tests beside each other:
  // there a page's answer has been seen to take longer than 10 s (the text then on the failure's screenshot), so a
  // wait is allowed twice as long there; a passing journey waits no longer for it
  timeout: process.env.CI ? 120_000 : 60_000,
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // recording a trace costs every test CPU (DOM snapshots and a screencast of each action): under CI, where a failed
    // test is tried once more, only that retry records one; a local run (no retry) keeps the failing test's trace
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    // Debian's Chromium: its headless shell when installed, the whole browser where a journey asks (support/browser.ts)
    launchOptions: LAUNCH,
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    // E2E_FROM_SOURCE=1 runs the server from TypeScript (no server build); WEB_DIST picks a web build directory.
    // the Node.js running Playwright (under `npm test`, the project's Node 24), not whichever `node` the shell finds
    command: process.env.E2E_FROM_SOURCE
      ? `"${process.execPath}" --conditions=development --import tsx apps/server/src/main.ts`
      : `"${process.execPath}" ${SERVER_NODE_FLAGS.join(' ')} apps/server/dist/server.mjs`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      // glibc malloc's thresholds fixed, as npm start runs it (decision 0189)
      ...SERVER_ENV,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      // the address embed codes and links point at: the one the journeys browse
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      DATA_DIR: dataDir,
      ADMIN_ACCESS_CODE: E2E_ADMIN_CODE,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // every journey signs in and up from 127.0.0.1: the per-client limits would stop the suite, not an attacker
      LOGIN_RATE_LIMIT: '1000',
      LOGIN_CLIENT_RATE_LIMIT: '1000',
      SIGNUP_RATE_LIMIT: '1000',
      // conversations: the push journey delivers to a local push service on 127.0.0.1
      PUSH_ALLOW_PRIVATE_ENDPOINTS: 'true',
      // agents: the journeys' agent serves its UCP profile on 127.0.0.1 (decision 0130)
      UCP_ALLOW_LOOPBACK_AGENTS: 'true',
      // payments: the money journey skips a return window on the local provider's test clock (decision 0155)
      PAYMENTS_LOCAL_TEST_CLOCK: 'true',
      // shipping: the delivery journey drives the local carrier through its test controls (decision 0160)
      SHIPPING_LOCAL_TEST_CONTROLS: 'true',
      SHIPPING_LOCAL_PORT: String(CARRIER_CONTROLS_PORT),
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    },
  },
});
