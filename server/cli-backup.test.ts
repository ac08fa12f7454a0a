/** `cahier backup` and `cahier restore` on a real data folder, through the CLI process. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "#tests/helpers/server-process.ts";
import { createTestApp, DIALECTS, freshEnvironment } from "#tests/helpers/test-app.ts";

describe.each(DIALECTS)("cahier backup / restore (%s)", (dialect) => {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let author = "";

  beforeAll(async () => {
    ({ env, cleanup } = await freshEnvironment(dialect));
  });
  afterAll(async () => {
    await cleanup();
  });

  /** Opens the shared data folder, runs `work`, closes it again (the CLI needs it closed). */
  const withApp = async <T>(
    work: (app: Awaited<ReturnType<typeof createTestApp>>) => Promise<T>,
  ) => {
    const app = await createTestApp(dialect, env);
    try {
      return await work(app);
    } finally {
      await app.close();
    }
  };
  const titles = () =>
    withApp(async (app) =>
      (await app.db.kysely.selectFrom("entries").select("title").orderBy("title").execute()).map(
        (r) => String(r.title),
      ),
    );
  const addEntry = (title: string) =>
    withApp(async (app) => {
      if (!author) author = String((await app.createUser({ username: "cli_author" })).record.id);
      await app.seedRecord("entries", { author, title });
    });

  // Several CLI processes in a row: slow on a busy machine.
  it("writes a backup and restores it by name or from a path", { timeout: 240_000 }, async () => {
    await addEntry("one");
    await addEntry("two");
    const backup = await runCli(env, ["backup", "cli_backup.zip"]);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain(path.join("backups", "cli_backup.zip"));

    await addEntry("three");
    const restored = await runCli(env, ["restore", "cli_backup.zip"]);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain("Restored cli_backup.zip.");
    expect(await titles()).toEqual(["one", "two"]);

    const outside = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "cahier-cli-")), "moved.zip");
    fs.copyFileSync(path.join(env.DATA_DIR as string, "backups", "cli_backup.zip"), outside);
    await addEntry("four");
    const fromPath = await runCli(env, ["restore", outside]);
    expect(fromPath.code, fromPath.stderr).toBe(0);
    expect(await titles()).toEqual(["one", "two"]);
    fs.rmSync(path.dirname(outside), { recursive: true, force: true });
  });

  it("explains what went wrong", { timeout: 240_000 }, async () => {
    const missing = await runCli(env, ["restore", "nope.zip"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("Missing or invalid backup file.");
    const usage = await runCli(env, ["restore"]);
    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain("restore needs the name or path of a backup");
    const badName = await runCli(env, ["backup", "Bad Name"]);
    expect(badName.code).toBe(1);
    expect(badName.stderr).toContain("validation_match_invalid");
  });
});
