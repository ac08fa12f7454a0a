import { defineConfig } from "vitest/config";

/**
 * One Vitest project per kind of test (ADR 008); `--project <name>` runs one of them
 * (`npm run test:server`, `test:app`, `test:compat`). Together they hold every test file
 * exactly once: `npm test` (scripts/test-all.ts) runs them all on SQLite, then the files that
 * depend on the engine (`scripts/engine-tests.ts`) on PostgreSQL.
 */
const projects: { name: string; include: string[]; build?: true }[] = [
  // Unit and API tests beside the server's code, and the tests of its own web serving.
  { name: "server", include: ["server/**/*.test.ts"], build: true },
  // Unit tests beside the app's code, and the page tests beside their routes, which request
  // the routes from the real server in-process (`*.page.test.ts`).
  { name: "app", include: ["app/**/*.test.{ts,tsx}"], build: true },
  { name: "shared", include: ["shared/**/*.test.ts"] },
  // The project's scripts (test runner, checks).
  { name: "scripts", include: ["scripts/**/*.test.ts"] },
  // The official pocketbase SDK against a real server process.
  { name: "compat", include: ["tests/compat/**/*.test.ts"], build: true },
  { name: "properties", include: ["tests/properties/**/*.test.ts"] },
  { name: "scale", include: ["tests/scale/**/*.test.ts"], build: true },
  { name: "crash", include: ["tests/crash/**/*.test.ts"], build: true },
  // Byte budgets of the built pages, and their Lighthouse scores but performance (issue 16,
  // ADR 050; performance follows the machine's speed: `npm run bench`, issue 22).
  { name: "budgets", include: ["tests/budgets/pages.test.ts"], build: true },
  {
    name: "lighthouse",
    include: ["tests/budgets/lighthouse.test.ts", "tests/budgets/lighthouse-identity.test.ts"],
    build: true,
  },
  // The benchmarks' own helpers (the benchmarks run with `npm run bench`).
  { name: "bench", include: ["bench/**/*.test.ts"] },
];

export default defineConfig({
  test: {
    // Shared by every project (`extends: true`).
    exclude: ["tests/e2e/**", "node_modules/**"],
    env: { TZ: "UTC" },
    pool: "forks",
    // A worker runs its files one after the other in one module graph instead of importing
    // the server anew for each file (a third of the suite's time went to those imports,
    // issue 22). Tests keep no state between files: each builds its own app and database,
    // mocks and stubbed globals are restored after each test, and no test mocks a module
    // (`vi.mock` cannot replace a module another file has already loaded).
    isolate: false,
    unstubGlobals: true,
    // Vitest's default in a run is one worker less than the cores: one worker on these
    // 2-core machines, idle while a test waits on PostgreSQL, a child process or a socket.
    // Two keep both cores busy (issue 22); `VITEST_MAX_WORKERS` overrides (`npm test` gives
    // the PostgreSQL pass more: its tests mostly wait on the database).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || 2,
    // The pocketbase SDK's realtime client needs EventSource (behind a flag on Node 24).
    execArgv: ["--experimental-eventsource"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    restoreMocks: true,
    // The projects that render pages or start servers need an up-to-date `build/` (the web
    // app, and the compiled server `bin/cahier.js` runs, ADR 068; a no-op when nothing
    // changed): only they have the global setup that makes it, so a run of the others alone
    // (shared, scripts, …) never builds.
    projects: projects.map(({ name, include, build }) => ({
      extends: true,
      test: { name, include, ...(build ? { globalSetup: ["tests/setup/web-build.ts"] } : {}) },
    })),
  },
});
