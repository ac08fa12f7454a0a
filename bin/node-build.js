// The compiled server (`build/node`, made by `scripts/build-node.ts`): the server and shared
// code as JavaScript, so a running server never loads Node's TypeScript stripper (about 50 MB
// resident, issue 30, ADR 068). Plain JavaScript itself, for the same reason: `bin/cahier.js`
// reads it before choosing what to run.
import fs from "node:fs";
import path from "node:path";

/** Where the compiled server goes, from the repository root. */
export const NODE_BUILD_DIR = path.join("build", "node");

/** Written last by the build: its age is the build's. */
export const NODE_BUILD_STAMP = path.join(NODE_BUILD_DIR, ".built");

/** The sources compiled into it: a change in any of them makes it stale. */
export const NODE_SOURCES = ["server", "shared", "package-lock.json", "tsconfig.node-build.json"];

/** Tests and their helpers beside the code are not compiled. */
const NOT_COMPILED = /(\.test\.tsx?|-fixtures\.ts)$/;

/**
 * The newest modification time under `target` (a file or a folder, walked whole), leaving out
 * the files whose path `skip` matches; 0 when it does not exist.
 */
export function newestMtime(target, skip) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return skip.test(target) ? 0 : stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    newest = Math.max(newest, newestMtime(path.join(target, entry), skip));
  }
  return newest;
}

/** Why the compiled server must be made again, or `null` when it is current. */
export function nodeBuildStale(root) {
  let built;
  try {
    built = fs.statSync(path.join(root, NODE_BUILD_STAMP)).mtimeMs;
  } catch {
    return "no compiled server yet";
  }
  const changed = NODE_SOURCES.find(
    (source) => newestMtime(path.join(root, source), NOT_COMPILED) > built,
  );
  return changed ? `${changed} changed since the last build` : null;
}
