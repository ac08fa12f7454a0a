/**
 * A database another process has locked (issue 23 finding 6): a child process holds the SQLite
 * file's write lock (`BEGIN IMMEDIATE`), as a CLI command or a shell would. Reads and the health
 * check keep answering, the health check says the database is locked, and a write is refused
 * with 503 and `Retry-After` once it has waited its short deadline, without holding any other
 * request back. Once the lock is released, writes work and nothing was lost. PostgreSQL has no
 * file lock: only SQLite runs these.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { holdSqliteWriteLock } from "#tests/helpers/sqlite-lock-holder.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

const BUSY = {
  data: {},
  message: "The database is busy; try again in a moment.",
  status: 503,
};

describe.each(DIALECTS)("a database another process has locked (%s)", (dialect) => {
  let app: TestApp;
  let token = "";
  let userId = "";

  beforeAll(async () => {
    app = await createTestApp(dialect);
    const user = await app.createUser();
    token = user.token;
    userId = String(user.record.id);
  });
  afterAll(async () => {
    await app.close();
  });

  const entry = (title: string) => ({
    method: "POST" as const,
    url: "/api/collections/entries/records",
    headers: { authorization: token },
    payload: { author: userId, title, content: "text", visibility: "public" },
  });
  const titles = async () => {
    const res = await app.http.inject({
      method: "GET",
      url: "/api/collections/entries/records?perPage=200&sort=created",
      headers: { authorization: token },
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ items: { title: string }[] }>().items.map((item) => item.title);
  };

  it.runIf(dialect === "sqlite")(
    "keeps answering reads and the health check, refuses writes with 503 and Retry-After, and loses nothing",
    async () => {
      expect((await app.http.inject(entry("before the lock"))).statusCode).toBe(200);
      const holder = await holdSqliteWriteLock(path.join(app.config.dataDir, "data.db"));
      try {
        // A write waits for the lock on timers: a read sent after it is answered first.
        let writeAnswered = false;
        const write = app.http.inject(entry("during the lock")).then((res) => {
          writeAnswered = true;
          return res;
        });
        expect(await titles()).toEqual(["before the lock"]);
        const health = await app.http.inject({ method: "GET", url: "/api/health" });
        expect(writeAnswered).toBe(false);
        expect(health.statusCode).toBe(503);
        expect(health.json()).toEqual({
          code: 503,
          data: { database: "locked" },
          message: "API is unhealthy.",
        });

        const refused = await write;
        expect(refused.statusCode).toBe(503);
        expect(refused.json()).toEqual(BUSY);
        expect(refused.headers["retry-after"]).toBe("2");

        // A batch (one transaction: its `begin immediate` meets the lock) is refused alike.
        const batch = await app.http.inject({
          method: "POST",
          url: "/api/batch",
          headers: { authorization: token },
          payload: {
            requests: [
              {
                method: "POST",
                url: "/api/collections/entries/records",
                body: entry("in a batch").payload,
              },
            ],
          },
        });
        expect(batch.statusCode).toBe(503);
        expect(batch.json()).toEqual(BUSY);
        expect(batch.headers["retry-after"]).toBe("2");
      } finally {
        await holder.release();
      }

      const health = await app.http.inject({ method: "GET", url: "/api/health" });
      expect(health.statusCode).toBe(200);
      expect((await app.http.inject(entry("after the lock"))).statusCode).toBe(200);
      // The refused writes did not happen; everything acknowledged is there.
      expect(await titles()).toEqual(["before the lock", "after the lock"]);
    },
  );
});
