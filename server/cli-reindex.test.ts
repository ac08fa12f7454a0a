/**
 * `cahier reindex` rebuilds the search index through the CLI process; backups leave the index
 * out (it is derived data, engine-specific) and a restore rebuilds it in its transaction.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "#tests/helpers/server-process.ts";
import {
  createTestApp,
  DIALECTS,
  freshEnvironment,
  type TestApp,
} from "#tests/helpers/test-app.ts";
import { extractZip } from "./tools/archive/zip.ts";

describe.each(DIALECTS)("cahier reindex, backups and the search index (%s)", (dialect) => {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    ({ env, cleanup } = await freshEnvironment(dialect));
  });
  afterAll(async () => {
    await cleanup();
  });

  const withApp = async <T>(work: (app: TestApp) => Promise<T>) => {
    const app = await createTestApp(dialect, env);
    try {
      return await work(app);
    } finally {
      await app.close();
    }
  };
  const titles = (app: TestApp, q: string) =>
    app.http.inject({ method: "GET", url: `/api/search?q=${encodeURIComponent(q)}` }).then((res) =>
      res
        .json<{ items: { record: { title: string } }[] }>()
        .items.map((i) => i.record.title)
        .sort(),
    );

  it("rebuilds a damaged index from the records", { timeout: 240_000 }, async () => {
    await withApp(async (app) => {
      const author = String((await app.createUser({ username: "reindexer" })).record.id);
      for (const title of ["Ibis one", "Ibis two"])
        await app.seedRecord("entries", { author, title, visibility: "public" });
      for (const statement of app.db.dialect.fulltext.clear())
        await statement.execute(app.db.kysely);
      expect(await titles(app, "ibis ")).toEqual([]);
    });
    const result = await runCli(env, ["reindex"]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^Reindexed 2 entries, 0 posts, 0 collections in \d+\.\d s\.\n$/);
    await withApp(async (app) => {
      expect(await titles(app, "ibis ")).toEqual(["Ibis one", "Ibis two"]);
    });
  });

  it("keeps the index out of backups and rebuilds it on restore", async () => {
    await withApp(async (app) => {
      const author = String((await app.createUser({ username: "archivist" })).record.id);
      await app.seedRecord("entries", { author, title: "Heron kept", visibility: "public" });
      const key = await app.backups.create("search_backup.zip");
      const work = fs.mkdtempSync(path.join(env.DATA_DIR as string, "unzipped-"));
      await extractZip(app.backups.describe(key), work, {
        maxEntries: 1000,
        maxUnpackedBytes: 100 * 1024 * 1024,
        allowName: () => true,
      });
      const manifest = JSON.parse(
        fs.readFileSync(path.join(work, "cahier-backup.json"), "utf8"),
      ) as { tables: string[] };
      expect(manifest.tables).toContain("entries");
      expect(manifest.tables.filter((t) => t.startsWith("_search"))).toEqual([]);
      fs.rmSync(work, { recursive: true, force: true });

      await app.seedRecord("entries", { author, title: "Heron added later", visibility: "public" });
      expect(await titles(app, "heron ")).toEqual(["Heron added later", "Heron kept"]);
      await app.backups.restore(key);
      expect(await titles(app, "heron ")).toEqual(["Heron kept"]);
      expect(await app.search.index.count()).toEqual({ entries: 3, posts: 0, collections: 0 });
    });
  });
});
