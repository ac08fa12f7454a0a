/**
 * Three server processes started at the same moment on one fresh PostgreSQL database: the
 * migration lock lets one migrate while the others wait, so every instance comes up healthy
 * and each migration is applied exactly once (a second run would fail on existing tables or
 * on the `_migrations` primary key and stop that instance).
 *
 * Runs when the PostgreSQL dialect is selected (`DIALECTS=…postgres` with `DATABASE_URL`).
 */
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { MIGRATIONS } from "#server/data/migrations/index.ts";
import { startServer, type ServerProcess } from "#tests/helpers/server-process.ts";
import { createPostgresDatabase, DIALECTS } from "#tests/helpers/test-app.ts";

describe.skipIf(!DIALECTS.includes("postgres"))("simultaneous starts on a fresh database", () => {
  const servers: ServerProcess[] = [];
  let drop: (() => Promise<void>) | undefined;

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.cleanup()));
    await drop?.();
  });

  it("migrates once while three instances start together, and all of them serve", async () => {
    const database = await createPostgresDatabase();
    drop = database.drop;
    const started = await Promise.allSettled(
      Array.from({ length: 3 }, () => startServer("postgres", { DATABASE_URL: database.url })),
    );
    for (const result of started) if (result.status === "fulfilled") servers.push(result.value);
    const failures = started.filter((r) => r.status === "rejected").map((r) => String(r.reason));
    expect(failures).toEqual([]);
    expect(servers).toHaveLength(3);

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const applied = await client.query<{ file: string; n: string }>(
        `SELECT "file", COUNT(*) AS n FROM "_migrations" GROUP BY "file" ORDER BY "file"`,
      );
      expect(applied.rows.map((r) => [r.file, Number(r.n)])).toEqual(
        MIGRATIONS.map((m) => [m.name, 1]),
      );
    } finally {
      await client.end();
    }
    // Every instance reads and writes the one schema.
    for (const [i, server] of servers.entries()) {
      const res = await fetch(`${server.url}/api/collections/users/records`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          username: `user${i}`,
          email: `user${i}@example.com`,
          password: "password123",
          passwordConfirm: "password123",
        }),
      });
      expect(res.status, await res.text()).toBe(200);
    }
    const health = await Promise.all(
      servers.map(async (server) => {
        const res = await fetch(`${server.url}/api/health`);
        return res.status;
      }),
    );
    expect(health).toEqual([200, 200, 200]);
  });
});
