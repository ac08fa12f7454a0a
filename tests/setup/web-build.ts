/**
 * Vitest global setup: makes sure `build/` holds an up-to-date web build and compiled server
 * (ADR 068) before the tests that render pages or start servers run (a no-op when nothing
 * changed since the last build).
 */
import { buildIfNeeded } from "../../scripts/build-if-needed.ts";

/** Builds the web app and the server once per test run when their sources changed. */
export default function setup(): void {
  buildIfNeeded();
}
