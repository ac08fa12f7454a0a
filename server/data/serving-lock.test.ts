/** The SQLite side of the serving lock: live markers hold, stale ones are cleared. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireRestoreLock, holdServingLock } from "./serving-lock.ts";

const dirs: string[] = [];
function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cahier-lock-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("serving lock on SQLite", () => {
  it("grants a restore when nothing serves the folder", async () => {
    const result = await acquireRestoreLock({ databaseUrl: undefined, dataDir: dataDir() });
    expect(result.acquired).toBe(true);
  });

  it("refuses a restore while this process serves, and grants it after release", async () => {
    const target = { databaseUrl: undefined, dataDir: dataDir() };
    const serving = await holdServingLock(target);
    const refused = await acquireRestoreLock(target);
    expect(refused).toEqual({
      acquired: false,
      holders: [{ pid: process.pid, host: os.hostname() }],
    });
    await serving.release();
    await serving.release(); // idempotent
    expect((await acquireRestoreLock(target)).acquired).toBe(true);
  });

  it("clears the marker of a process that is gone", async () => {
    const target = { databaseUrl: undefined, dataDir: dataDir() };
    const dir = path.join(target.dataDir, ".serving");
    fs.mkdirSync(dir);
    // Process ids are below 2^22 on Linux: this one cannot be alive.
    const stale = path.join(dir, "99999999.json");
    fs.writeFileSync(stale, JSON.stringify({ pid: 99_999_999, host: os.hostname() }));
    expect((await acquireRestoreLock(target)).acquired).toBe(true);
    expect(fs.existsSync(stale)).toBe(false);
  });

  it("counts a marker from another host (a shared folder), which it cannot check", async () => {
    const target = { databaseUrl: undefined, dataDir: dataDir() };
    const dir = path.join(target.dataDir, ".serving");
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, "1.json"), JSON.stringify({ pid: 1, host: "elsewhere" }));
    expect(await acquireRestoreLock(target)).toEqual({
      acquired: false,
      holders: [{ pid: 1, host: "elsewhere" }],
    });
  });
});
