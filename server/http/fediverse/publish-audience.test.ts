/**
 * A post published by a writer nobody follows on the fediverse (nor the blog) sends nothing
 * and never loads Fedify (ADR 071, issue 30's memory at rest): the publish job ends at once.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

describe.each(DIALECTS)("publishing without followers (%s)", (dialect) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(dialect, { APP_URL: "https://blog.example" });
  });
  afterAll(async () => {
    await app.close();
  });

  it("ends its publish job without loading the federation", async () => {
    const writer = await app.createUser({ username: "quiet", role: "writer" });
    const res = await app.http.inject({
      method: "POST",
      url: "/api/collections/posts/records",
      headers: { authorization: writer.token },
      payload: { author: writer.record.id, title: "Unheard", content: "x", status: "published" },
    });
    expect(res.statusCode, res.body).toBe(200);
    await vi.waitFor(
      async () => {
        const jobs = await sql<{ state: string }>`SELECT "state" FROM "_jobs"
          WHERE "kind" = 'fediverse.publish'`.execute(app.db.kysely);
        expect(jobs.rows.map((row) => row.state)).toEqual(["done"]);
      },
      { timeout: 10_000 },
    );
    expect(app.fediverse?.host.loaded).toBe(false);
  });
});
