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

// A server sized for a small machine (issue 30, ADR 068): V8's young generation at 4 MB a
// semi-space (on a machine with much memory it grows to 64 MB and stays committed) and glibc's
// malloc at two arenas. Both are read when the process starts, so `serve` replaces this process
// with itself once, same pid, with them set; a flag or variable the operator gave wins.
const SEMI_SPACE = "--max-semi-space-size";
if (
  process.argv[2] === "serve" &&
  typeof process.execve === "function" &&
  // A parent's IPC channel (the bench's memory probe) would not survive the exec.
  process.env.NODE_CHANNEL_FD === undefined &&
  !process.execArgv.some((arg) => arg.startsWith(SEMI_SPACE)) &&
  !(process.env.NODE_OPTIONS ?? "").includes(SEMI_SPACE)
) {
  process.execve(
    process.execPath,
    [
      process.execPath,
      `${SEMI_SPACE}=4`,
      ...process.execArgv,
      fileURLToPath(import.meta.url),
      ...process.argv.slice(2),
    ],
    { MALLOC_ARENA_MAX: "2", ...process.env },
  );
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
