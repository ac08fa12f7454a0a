/**
 * When `bin/cahier.js` runs the compiled server (ADR 068): only when its stamp is newer than
 * every source it was compiled from; tests and their fixtures beside the code do not count.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { NODE_BUILD_STAMP, nodeBuildStale } from "../bin/node-build.js";

describe("the compiled server's freshness", () => {
  const roots: string[] = [];
  afterEach(() => {
    for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
  });

  /** A repository with one source, built at `builtAt` (seconds since the epoch). */
  const repository = (builtAt?: number) => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "node-build-"));
    roots.push(root);
    fs.mkdirSync(path.join(root, "server", "core"), { recursive: true });
    fs.mkdirSync(path.join(root, "shared"));
    const source = path.join(root, "server", "core", "thing.ts");
    fs.writeFileSync(source, "export const thing = 1;\n");
    for (const dir of ["server/core", "server", "shared", "."])
      fs.utimesSync(path.join(root, dir), 1_000, 1_000);
    fs.utimesSync(source, 1_000, 1_000);
    if (builtAt !== undefined) {
      fs.mkdirSync(path.dirname(path.join(root, NODE_BUILD_STAMP)), { recursive: true });
      fs.writeFileSync(path.join(root, NODE_BUILD_STAMP), "");
      fs.utimesSync(path.join(root, NODE_BUILD_STAMP), builtAt, builtAt);
    }
    return { root, source };
  };

  it("is stale before the first build", () => {
    expect(nodeBuildStale(repository().root)).toBe("no compiled server yet");
  });

  it("is current when built after every source, stale once one changes", () => {
    const { root, source } = repository(2_000);
    expect(nodeBuildStale(root)).toBeNull();
    fs.utimesSync(source, 3_000, 3_000);
    expect(nodeBuildStale(root)).toBe("server changed since the last build");
  });

  it("is not made stale by a test beside the code", () => {
    const { root } = repository(2_000);
    const test = path.join(root, "server", "core", "thing.test.ts");
    fs.writeFileSync(test, "");
    fs.utimesSync(test, 3_000, 3_000);
    fs.utimesSync(path.join(root, "server", "core"), 1_000, 1_000);
    expect(nodeBuildStale(root)).toBeNull();
  });
});
