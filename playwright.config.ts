/**
 * The browser suite (`tests/e2e`): Debian's Chromium (`/usr/bin/chromium`, installed by
 * `.ci/run`; Playwright never downloads browsers here), headless, against the built app
 * served by `node bin/cahier.js serve` on a free port with a fresh SQLite data folder per run
 * (`tests/e2e/support/web-server.ts`). The global setup creates the fixture accounts.
 * `npm test` runs it after the Vitest suites (`scripts/test-all.ts`).
 */
import { defineConfig, devices } from "@playwright/test";
import { baseUrl, stateDir } from "./tests/e2e/support/environment.ts";
import { freePort } from "./tests/helpers/child-process.ts";

// Chosen once by the main process; the workers inherit them through the environment.
process.env.E2E_PORT ??= String(await freePort());
stateDir();

const CI = Boolean(process.env.CI);

/** Chromium flags for a quiet headless run in containers. */
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  outputDir: "test-results/e2e",
  globalSetup: "./tests/e2e/support/global-setup.ts",
  fullyParallel: true,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  workers: 2,
  // Machines here vary 3–4× in speed from day to day: a test that takes 8 s on a fast day
  // may take 30 on a slow one. The limits bound a hung test; they never time a passing one.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  use: {
    baseURL: baseUrl(),
    trace: "on-first-retry",
    locale: "en-US",
    timezoneId: "UTC",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          executablePath: process.env.E2E_CHROMIUM ?? "/usr/bin/chromium",
          headless: true,
          args: CHROMIUM_ARGS,
        },
      },
    },
  ],
  webServer: {
    command: `${JSON.stringify(process.execPath)} tests/e2e/support/web-server.ts`,
    url: `${baseUrl()}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    stdout: "ignore",
    stderr: "pipe",
  },
});
