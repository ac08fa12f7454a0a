/**
 * The `cahier` command on the machine's own Node, older than the Node 24 Cahier runs on (issue
 * 25 item 14): `npx cahier` and `node bin/cahier.js` print no engine warning. npx installs the
 * project into its cache, which checks the package's `engines` against the Node npm runs on:
 * `engines` says what the command needs to start (Node 20), and the bin re-runs itself on the
 * Node 24 that `npm install` put in `node_modules` (ADR 006, amended).
 */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CLI_PATH, ROOT_DIR } from "#tests/helpers/server-process.ts";

const PROJECT_BIN = path.join(ROOT_DIR, "node_modules", ".bin");

/** The `PATH` without the project's binaries (npm scripts and Vitest put them first). */
function machinePath(): string {
  return (process.env.PATH ?? "")
    .split(path.delimiter)
    .filter((dir) => dir !== "" && path.resolve(dir) !== PROJECT_BIN)
    .join(path.delimiter);
}

/** The first executable `name` on the machine's `PATH`, if any. */
function onMachinePath(name: string): string | undefined {
  for (const dir of machinePath().split(path.delimiter)) {
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // Not in this folder.
    }
  }
  return undefined;
}

/**
 * The machine's Node (v20 on the project's machines), else the one running the tests: either
 * way the command must stay quiet.
 */
const machineNode = onMachinePath("node") ?? process.execPath;
const machineNpx = onMachinePath("npx");

/**
 * The environment a person's shell gives (no npm script variables, the machine's `PATH`), with
 * `extra` over it.
 */
function shellEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^npm_/i.test(key) && key !== "NODE_OPTIONS") env[key] = value;
  }
  return { ...env, PATH: machinePath(), NO_COLOR: "1", ...extra };
}

/** Runs a command to its end; its exit code, stdout and stderr. */
function run(
  command: string,
  args: string[],
  extraEnv: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const env = shellEnv(extraEnv);
    const child = spawn(command, args, { cwd: ROOT_DIR, env, stdio: "pipe" });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code) => {
      resolve({ code, stdout, stderr });
    });
  });
}

describe("the cahier command on the machine's Node", () => {
  const version = execFileSync(machineNode, ["--version"], { encoding: "utf8" }).trim();

  it(`node bin/cahier.js prints only its own output (${version})`, async () => {
    const result = await run(machineNode, [CLI_PATH, "help"]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("Usage: cahier <command>");
    expect(result.stderr).toBe("");
  });

  it(`npx cahier prints no engine warning, the first time either (${version})`, async () => {
    // An empty npm cache: npx installs the project into it (where it checked `engines`), as on
    // a fresh machine; offline, since everything is in node_modules already.
    const cache = fs.mkdtempSync(path.join(os.tmpdir(), "cahier-npx-"));
    try {
      // Without npx on the machine, npm's own: the one Vitest runs under.
      const npx = machineNpx ?? "npx";
      const env = { npm_config_cache: cache, npm_config_offline: "true" };
      for (const time of ["first", "second"]) {
        const result = await run(npx, ["cahier", "help"], env);
        expect(result.code, `${time}: ${result.stderr}`).toBe(0);
        expect(result.stdout).toContain("Usage: cahier <command>");
        expect(result.stderr, time).not.toMatch(/EBADENGINE|Unsupported engine/);
        expect(result.stderr, time).toBe("");
      }
    } finally {
      fs.rmSync(cache, { recursive: true, force: true });
    }
  });
});
