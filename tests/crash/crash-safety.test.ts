/**
 * Crash safety: writers create, update and delete entries through the HTTP API while the
 * server is killed with SIGKILL at random moments and restarted on the same data. At the end
 * every acknowledged write is present and intact (through the API, and in the database read
 * directly), unanswered writes either did not land or landed whole, and the database passes
 * its integrity check. Replay a run with `CRASH_SEED=<the printed seed>`.
 */
import { randomInt } from "node:crypto";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import SqliteDatabase from "better-sqlite3";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { rowToRecord } from "#server/core/records/record-service.ts";
import type { RecordData } from "#server/core/records/request-info.ts";
import { openDatabase } from "#server/data/db.ts";
import { entriesCollection } from "#server/data/registry/collections.ts";
import {
  startServer,
  upsertSuperuserCli,
  type ServerProcess,
} from "#tests/helpers/server-process.ts";
import { DIALECTS } from "#tests/helpers/test-app.ts";
import { Gate, runWriter } from "./entry-writer.ts";
import { deriveSeed, Prng } from "./random.ts";
import { preview, verifyEntries, WriteLedger } from "./write-ledger.ts";

const SEED = process.env.CRASH_SEED ? Number(process.env.CRASH_SEED) : randomInt(2 ** 31);
/** Concurrent writer loops. */
const WRITERS = 4;
/** SIGKILL + restart cycles. */
const KILLS = 5;
/** Uptime before each kill, in ms (then at least one more acknowledged write). */
const UPTIME_MS = { min: 300, max: 2_000 };
/** Acknowledged writes each writer needs after the last restart before the writers stop. */
const FINAL_WRITES_PER_WRITER = 3;
/** Longest wait for the writers to make progress (a bound, not a performance expectation). */
const PROGRESS_TIMEOUT_MS = 60_000;

const SUPERUSER = { email: "root@example.com", password: "root-password-123" };
const USER = { email: "writer@example.com", username: "writer", password: "writer-password-123" };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function api(
  server: ServerProcess,
  method: string,
  url: string,
  options: { token?: string; body?: unknown } = {},
): Promise<RecordData> {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: {
      ...(options.token ? { authorization: options.token } : {}),
      ...(options.body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${method} ${url} answered ${res.status}: ${text}`);
  return JSON.parse(text) as RecordData;
}

/** Every entry the user can list, by id (all pages). */
async function listEntries(server: ServerProcess, token: string): Promise<Map<string, RecordData>> {
  const out = new Map<string, RecordData>();
  for (let page = 1; ; page++) {
    const list = await api(
      server,
      "GET",
      `/api/collections/entries/records?perPage=500&page=${page}&sort=id`,
      { token },
    );
    for (const item of list.items as RecordData[]) out.set(String(item.id), item);
    if (page >= Number(list.totalPages)) return out;
  }
}

describe.each(DIALECTS)("crash safety (%s)", (dialect) => {
  let server: ServerProcess | undefined;

  afterAll(async () => {
    await server?.cleanup();
  });

  it(
    "keeps every acknowledged write through SIGKILLs and restarts",
    { timeout: 300_000 },
    async () => {
      const seed = deriveSeed(SEED, dialect);
      console.log(`crash safety (${dialect}): CRASH_SEED=${SEED} (dialect seed ${seed})`);
      const rng = new Prng(seed);
      const started = Date.now();

      server = await startServer(dialect);
      const running = server;
      await upsertSuperuserCli(running, SUPERUSER.email, SUPERUSER.password);
      const root = await api(running, "POST", "/api/collections/_superusers/auth-with-password", {
        body: { identity: SUPERUSER.email, password: SUPERUSER.password },
      });
      await api(running, "POST", "/api/collections/users/records", {
        token: String(root.token),
        body: { ...USER, passwordConfirm: USER.password },
      });
      const login = await api(running, "POST", "/api/collections/users/auth-with-password", {
        body: { identity: USER.email, password: USER.password },
      });
      const token = String(login.token);
      const authorId = String((login.record as RecordData).id);

      const ledger = new WriteLedger(WRITERS);
      const gate = new Gate();
      let stopped = false;
      const waitFor = async (condition: () => boolean, what: string) => {
        const deadline = Date.now() + PROGRESS_TIMEOUT_MS;
        while (!condition()) {
          if (Date.now() > deadline) {
            throw new Error(
              `gave up waiting for ${what}; problems so far:\n${ledger.problems.slice(0, 10).join("\n")}\n` +
                `server output:\n${running.output()}`,
            );
          }
          await sleep(20);
        }
      };

      const writers = Array.from({ length: WRITERS }, (_, index) =>
        runWriter({
          index,
          rng: new Prng(deriveSeed(seed, `writer-${index}`)),
          url: running.url,
          token,
          authorId,
          gate,
          ledger,
          stopped: () => stopped,
        }),
      );
      try {
        for (let kill = 1; kill <= KILLS; kill++) {
          const mark = ledger.acknowledged;
          await sleep(rng.int(UPTIME_MS.min, UPTIME_MS.max));
          await waitFor(
            () => ledger.acknowledged > mark,
            `a write acknowledged before kill ${kill}`,
          );
          const child = running.child;
          if (!child || child.exitCode !== null || child.signalCode !== null) {
            throw new Error(
              `the server exited on its own before kill ${kill}:\n${running.output()}`,
            );
          }
          gate.close();
          const status = await running.kill();
          expect(status, `kill ${kill}: the server was alive until the SIGKILL`).toEqual({
            code: null,
            signal: "SIGKILL",
          });
          await running.restart();
          gate.open();
        }
        const marks = [...ledger.acknowledgedByWriter];
        await waitFor(
          () =>
            ledger.acknowledgedByWriter.every(
              (n, i) => n - (marks[i] ?? 0) >= FINAL_WRITES_PER_WRITER,
            ),
          `${FINAL_WRITES_PER_WRITER} acknowledged writes per writer after the last restart`,
        );
      } finally {
        stopped = true;
        gate.open();
        await Promise.all(writers);
      }

      // Through the API of the restarted server.
      const listed = await listEntries(running, token);
      const problems = [
        ...ledger.problems,
        ...verifyEntries(ledger, listed).map((p) => `api: ${p}`),
      ];

      // In the database itself, after one more crash (the server is killed at rest).
      await running.kill();
      const db = openDatabase({
        dataDir: running.env.DATA_DIR ?? "",
        databaseUrl: running.env.DATABASE_URL,
      });
      try {
        expect(await db.integrityCheck()).toBe("ok");
        const rows = await db.kysely.selectFrom("entries").selectAll().execute();
        const stored = new Map<string, RecordData>();
        for (const row of rows) {
          const record: RecordData = {
            ...rowToRecord(entriesCollection, row),
            collectionId: entriesCollection.id,
            collectionName: "entries",
          };
          stored.set(String(record.id), record);
        }
        problems.push(...verifyEntries(ledger, stored).map((p) => `db: ${p}`));
        for (const [id, record] of stored) {
          const seen = listed.get(id);
          if (!isDeepStrictEqual(record, seen))
            problems.push(`db: entry ${id} differs from the API's answer ${preview(seen)}`);
        }
        const orphans = await sql<{
          id: string;
        }>`SELECT "id" FROM "entries" WHERE "author" NOT IN (SELECT "id" FROM "users")`.execute(
          db.kysely,
        );
        expect(orphans.rows, "entries whose author is missing").toEqual([]);
        const duplicates = await sql<{
          name: string;
        }>`SELECT "name" FROM "entries" GROUP BY "author", "name" HAVING count(*) > 1`.execute(
          db.kysely,
        );
        expect(duplicates.rows, "entries sharing an author and name").toEqual([]);
      } finally {
        await db.close();
      }
      if (dialect === "sqlite") {
        const raw = new SqliteDatabase(path.join(running.env.DATA_DIR ?? "", "data.db"), {
          fileMustExist: true,
        });
        try {
          expect(raw.pragma("integrity_check")).toEqual([{ integrity_check: "ok" }]);
          expect(raw.pragma("foreign_key_check")).toEqual([]);
        } finally {
          raw.close();
        }
      }

      const { creates, updates, deletes, unanswered } = ledger.stats;
      console.log(
        `crash safety (${dialect}): ${KILLS} kills, ${creates} creates, ${updates} updates, ${deletes} deletes acknowledged, ` +
          `${unanswered} writes unanswered, ${listed.size} entries at the end, ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      expect(problems.slice(0, 20), `${problems.length} problems (the first 20 shown)`).toEqual([]);
      expect(creates).toBeGreaterThan(0);
      expect(updates).toBeGreaterThan(0);
    },
  );
});
