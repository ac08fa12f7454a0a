/**
 * Vitest global setup: makes sure `build/` holds an up-to-date web build before the tests
 * that render pages run (a no-op when nothing changed since the last build).
 */
import { buildWebIfNeeded } from "../../scripts/build-if-needed.ts";

/** Builds the web app once per test run when its sources changed. */
export default function setup(): void {
  buildWebIfNeeded();
}
