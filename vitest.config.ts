import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "server/**/*.test.ts",
      "bench/**/*.test.ts",
      "tests/**/*.test.ts",
      "shared/**/*.test.ts",
      "app/**/*.test.{ts,tsx}",
    ],
    exclude: ["tests/e2e/**", "node_modules/**"],
    env: { TZ: "UTC" },
    // Page-rendering tests need an up-to-date `build/` (a no-op when nothing changed).
    globalSetup: ["tests/setup/web-build.ts"],
    pool: "forks",
    // The pocketbase SDK's realtime client needs EventSource (behind a flag on Node 24).
    execArgv: ["--experimental-eventsource"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    restoreMocks: true,
  },
});
