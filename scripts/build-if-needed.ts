/**
 * `npm start`'s `prestart`: builds the web app (`react-router build` into `build/`, the
 * service worker, `scripts/build-service-worker.ts`, then the precompressed copies of its
 * assets, `scripts/precompress.ts`) and compiles the server
 * (`scripts/build-node.ts`, into `build/node`) when either is missing or older than any of its
 * sources, so `npm install && npm start` is enough. Vitest's global setup and the browser
 * tests' server use {@link buildIfNeeded} too, so they run what `npm start` runs.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { newestMtime, nodeBuildStale } from "../bin/node-build.js";
import { buildNode } from "./build-node.ts";

const ROOT = path.resolve(import.meta.dirname, "..");

/** Sources of the web build: a change in any of them makes `build/` stale. */
export const WEB_SOURCES = [
  "app",
  "shared",
  "public",
  "react-router.config.ts",
  "vite.config.ts",
  "package-lock.json",
];

/** The file whose age stands for the whole build. */
export const BUILD_MARKER = path.join("build", "server", "index.js");

/** Test files beside the app's code (page tests included) are not part of the build. */
const TEST_FILE = /\.test\.tsx?$/;

/** Why the build must be made again, or `null` when it is up to date. */
export function staleReason(root = ROOT): string | null {
  const marker = path.join(root, BUILD_MARKER);
  if (!fs.existsSync(marker)) return "no web build yet";
  const built = fs.statSync(marker).mtimeMs;
  const changed = WEB_SOURCES.find(
    (source) => newestMtime(path.join(root, source), TEST_FILE) > built,
  );
  return changed ? `${changed} changed since the last build` : null;
}

/** Builds the web app and compiles the server when needed; throws when a build fails. */
export function buildIfNeeded(root = ROOT, log: (line: string) => void = console.log): void {
  buildWebIfNeeded(root, log);
  const reason = nodeBuildStale(root);
  if (!reason) return;
  log(`Compiling the server (${reason})…`);
  buildNode(root);
}

/** Builds the web app when needed; throws when the build fails. */
function buildWebIfNeeded(root: string, log: (line: string) => void): void {
  const reason = staleReason(root);
  if (!reason) return;
  log(`Building the web app (${reason})…`);
  const cli = path.join(root, "node_modules", "@react-router", "dev", "bin.cjs");
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const result = spawnSync(process.execPath, [cli, "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0)
    throw new Error(`react-router build failed (exit ${String(result.status)})`);
  // The service worker of signed-in accounts, with the build's precache list (ADR 072).
  const worker = spawnSync(
    process.execPath,
    [path.join(root, "scripts", "build-service-worker.ts"), path.join(root, "build", "client")],
    { cwd: root, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } },
  );
  if (worker.status !== 0)
    throw new Error(`building the service worker failed (exit ${String(worker.status)})`);
  // The `.br` and `.gz` copies the server sends instead of compressing assets itself.
  const precompressed = spawnSync(
    process.execPath,
    [path.join(root, "scripts", "precompress.ts"), path.join(root, "build", "client")],
    { cwd: root, stdio: "inherit" },
  );
  if (precompressed.status !== 0)
    throw new Error(`precompressing the build failed (exit ${String(precompressed.status)})`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    buildIfNeeded();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
