#!/usr/bin/env node
// Entry of the `cahier` command. Cahier runs its TypeScript sources directly on Node 24
// (type stripping); on an older Node it re-runs itself with the Node 24 that `npm install`
// put in node_modules (the `node` devDependency).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import path from "node:path";

const major = Number(process.versions.node.split(".")[0]);
if (major < 24) {
  const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
  const pinned = path.join(root, "node_modules", ".bin", "node");
  if (!existsSync(pinned)) {
    console.error(
      `Cahier needs Node.js 24 or newer (this is ${process.version}). Run "npm install" first.`,
    );
    process.exit(1);
  }
  const result = spawnSync(pinned, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: "inherit",
  });
  process.exit(result.status ?? 1);
}

// The compiled server when it is current (`npm run build`, or `npm start` after a change), which
// never loads Node's TypeScript stripper (ADR 068); else the sources themselves.
const { nodeBuildStale, NODE_BUILD_DIR } = await import("./node-build.js");
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const compiled = nodeBuildStale(root) === null;
const { main } = compiled
  ? await import(pathToFileURL(path.join(root, NODE_BUILD_DIR, "server", "cli.js")).href)
  : await import("../server/cli.ts");
const code = await main(process.argv.slice(2));
if (code >= 0) process.exitCode = code;
