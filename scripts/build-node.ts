/**
 * Compiles the server and shared code into `build/node` (ADR 068): TypeScript's own emit
 * (`tsconfig.node-build.json`: types erased, relative `.ts` imports rewritten to `.js`, no
 * type check, which `tsconfig.json` does), a `package.json` mapping the `#server/*` and
 * `#shared/*` imports to the compiled files, then the stamp `bin/cahier.js` compares with the
 * sources. `npm run build` runs it, and `npm start` when the sources changed.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { NODE_BUILD_DIR, NODE_BUILD_STAMP } from "../bin/node-build.js";

const ROOT = path.resolve(import.meta.dirname, "..");

/** What `build/node/package.json` says: ES modules, and where the `#…` imports lead. */
const PACKAGE = {
  type: "module",
  imports: { "#server/*.ts": "./server/*.js", "#shared/*.ts": "./shared/*.js" },
};

/** Compiles the server into `build/node`, from nothing; throws when the compiler fails. */
export function buildNode(root = ROOT): void {
  const out = path.join(root, NODE_BUILD_DIR);
  // From nothing: a source deleted since the last build leaves no module behind.
  fs.rmSync(out, { recursive: true, force: true });
  const tsc = path.join(root, "node_modules", "typescript", "bin", "tsc");
  const result = spawnSync(process.execPath, [tsc, "-p", "tsconfig.node-build.json"], {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0)
    throw new Error(`compiling the server failed (exit ${String(result.status)})`);
  fs.writeFileSync(path.join(out, "package.json"), `${JSON.stringify(PACKAGE, null, 2)}\n`);
  fs.writeFileSync(path.join(root, NODE_BUILD_STAMP), `${new Date().toISOString()}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    buildNode();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
