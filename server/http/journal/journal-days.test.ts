/**
 * `GET /api/journal/days` (issue 14, ADR 049): a signed-in account's own entries per day,
 * private, unlisted and public alike; another user's entries are never counted, whoever asks;
 * guests get 401; missing or bad days, a reversed range and a range over 400 days are
 * PocketBase-shaped 400s, never 500s.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tableRunner, type TableScenario } from "#tests/helpers/api-scenario.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

type Who = "guest" | "alice" | "bob" | "paul" | "root";

describe.each(DIALECTS)("GET /api/journal/days (%s)", (dialect) => {
  let app: TestApp;
  const tokens: Partial<Record<Who, string>> = {};
  const ids: Record<string, string> = {};
  const { check, run } = tableRunner<Who>(() => app, ids, tokens, { requireToken: true });

  const days = async (who: Who, query: string) => {
    const res = await run({
      name: `${who} ${query}`,
      as: who,
      method: "GET",
      url: `/api/journal/days?${query}`,
      expectedStatus: 200,
    });
    return (res.json() as { days: { date: string; count: number }[] }).days;
  };

  beforeAll(async () => {
    app = await createTestApp(dialect);
    const alice = await app.createUser({ username: "alice" });
    const bob = await app.createUser({ username: "bob" });
    const paul = await app.createUser({ username: "paul" });
    tokens.alice = alice.token;
    tokens.bob = bob.token;
    tokens.paul = paul.token;
    tokens.root = (await app.createSuperuser()).token;
    const entry = (author: string, date: string, visibility: string, title: string) =>
      app.seedRecord("entries", { author, date, visibility, title, content: "…" });
    const a = String(alice.record.id);
    const b = String(bob.record.id);
    ids.alice = a;
    await entry(a, "2026-03-01 00:00:00.000Z", "private", "First of March");
    await entry(a, "2026-03-01 00:00:00.000Z", "public", "March again");
    await entry(a, "2026-03-01 18:30:00.000Z", "unlisted", "March evening");
    await entry(a, "2026-03-15 00:00:00.000Z", "private", "Ides");
    await entry(a, "2026-04-01 00:00:00.000Z", "private", "April fool");
    await entry(a, "2025-02-28 00:00:00.000Z", "private", "Long ago");
    await entry(b, "2026-03-01 00:00:00.000Z", "public", "Bob's March");
    await entry(b, "2026-03-02 00:00:00.000Z", "private", "Bob's secret");
  });
  afterAll(async () => {
    await app.close();
  });

  it("counts the caller's own entries per day, every visibility, oldest first", async () => {
    expect(await days("alice", "from=2026-03-01&to=2026-03-31")).toEqual([
      { date: "2026-03-01", count: 3 },
      { date: "2026-03-15", count: 1 },
    ]);
  });

  it("includes both ends of the range", async () => {
    expect(await days("alice", "from=2026-03-15&to=2026-04-01")).toEqual([
      { date: "2026-03-15", count: 1 },
      { date: "2026-04-01", count: 1 },
    ]);
    expect(await days("alice", "from=2026-04-01&to=2026-04-01")).toEqual([
      { date: "2026-04-01", count: 1 },
    ]);
  });

  it("never counts another user's entries, public or private", async () => {
    expect(await days("bob", "from=2026-03-01&to=2026-03-31")).toEqual([
      { date: "2026-03-01", count: 1 },
      { date: "2026-03-02", count: 1 },
    ]);
    expect(await days("paul", "from=2025-01-01&to=2026-01-31")).toEqual([]);
    // The parameters name no author: there is no way to ask for someone else's days.
    expect(await days("paul", "from=2026-03-01&to=2026-03-31&author=$alice")).toEqual([]);
  });

  it("answers a superuser, who authors no entry, with no days", async () => {
    expect(await days("root", "from=2026-03-01&to=2026-03-31")).toEqual([]);
  });

  it("accepts a range of exactly 400 days", async () => {
    // 2025-02-28 .. 2026-04-03 is 400 days, both ends included.
    expect(await days("alice", "from=2025-02-28&to=2026-04-03")).toHaveLength(4);
  });

  const bad: TableScenario<Who>[] = [
    {
      name: "a guest",
      as: "guest",
      method: "GET",
      url: "/api/journal/days?from=2026-03-01&to=2026-03-31",
      expectedStatus: 401,
      expectedContent: [
        '"status":401',
        '"message":"The request requires valid record authorization token."',
      ],
      notExpectedContent: ['2026-03-01","count'],
    },
    {
      name: "a bad token",
      as: "guest",
      headers: { authorization: "not-a-token" },
      method: "GET",
      url: "/api/journal/days?from=2026-03-01&to=2026-03-31",
      expectedStatus: 401,
    },
    {
      name: "no parameters",
      as: "alice",
      method: "GET",
      url: "/api/journal/days",
      expectedStatus: 400,
      expectedContent: [
        '"from":{"code":"validation_required"',
        '"to":{"code":"validation_required"',
      ],
    },
    {
      name: "a date-time instead of a day",
      as: "alice",
      method: "GET",
      url: "/api/journal/days?from=2026-03-01%2000:00:00&to=2026-03-31",
      expectedStatus: 400,
      expectedContent: ['"from":{"code":"validation_invalid_date"'],
    },
    {
      name: "a day that does not exist",
      as: "alice",
      method: "GET",
      url: "/api/journal/days?from=2026-02-30&to=2026-03-31",
      expectedStatus: 400,
      expectedContent: ['"from":{"code":"validation_invalid_date"'],
    },
    {
      name: "garbage and SQL",
      as: "alice",
      method: "GET",
      url: "/api/journal/days?from=x'%20OR%201=1--&to=%F0%9F%98%80",
      expectedStatus: 400,
      expectedContent: [
        '"from":{"code":"validation_invalid_date"',
        '"to":{"code":"validation_invalid_date"',
      ],
    },
    {
      name: "to before from",
      as: "alice",
      method: "GET",
      url: "/api/journal/days?from=2026-03-31&to=2026-03-01",
      expectedStatus: 400,
      expectedContent: ['"to":{"code":"validation_min_date"'],
    },
    {
      name: "a range of 401 days",
      as: "alice",
      method: "GET",
      url: "/api/journal/days?from=2025-02-28&to=2026-04-04",
      expectedStatus: 400,
      expectedContent: ['"to":{"code":"validation_max_range"', '"max":400'],
    },
    {
      name: "a guest with bad parameters is still a 401",
      as: "guest",
      method: "GET",
      url: "/api/journal/days?from=nope",
      expectedStatus: 401,
    },
    {
      name: "another method",
      as: "alice",
      method: "POST",
      url: "/api/journal/days?from=2026-03-01&to=2026-03-31",
      body: {},
      expectedStatus: 404,
    },
  ];
  it.each(bad)("$name", async (row) => {
    await check(row);
  });
});
