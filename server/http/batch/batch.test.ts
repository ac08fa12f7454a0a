import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RecordChange } from "#server/core/records/record-events.ts";
import { runScenario } from "#tests/helpers/api-scenario.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import { multipartBody } from "#tests/helpers/file-fixtures.ts";

type Account = { record: Record<string, unknown>; token: string };

interface BatchError {
  status: number;
  message: string;
  data: {
    requests?: Record<
      string,
      { code: string; message: string; response: { status: number; message: string } }
    >;
  };
}

describe.each(DIALECTS)("POST /api/batch (%s)", (dialect) => {
  let app: TestApp;
  let alice: Account;
  let bob: Account;
  let root: Account;
  let bobEntry: string;
  let aliceEntry: string;

  const entries = (path = "") => `/api/collections/entries/records${path}`;

  const batch = (token: string | undefined, requests: unknown, extra: object = {}) =>
    app.http.inject({
      method: "POST",
      url: "/api/batch",
      headers: token ? { authorization: token } : {},
      payload: { requests, ...extra },
    });

  async function titlesOf(author: Account): Promise<string[]> {
    const res = await app.http.inject({
      method: "GET",
      url: entries(
        `?perPage=200&sort=title&filter=${encodeURIComponent(`author="${String(author.record.id)}"`)}`,
      ),
      headers: { authorization: author.token },
    });
    return res.json<{ items: { title: string }[] }>().items.map((i) => i.title);
  }

  /** Collects the change events emitted while `fn` runs. */
  async function eventsDuring(fn: () => Promise<unknown>): Promise<RecordChange[]> {
    const seen: RecordChange[] = [];
    const off = app.records.events.on((change) => seen.push(change));
    try {
      await fn();
    } finally {
      off();
    }
    return seen;
  }

  beforeAll(async () => {
    app = await createTestApp(dialect);
    alice = await app.createUser({ username: "alice" });
    bob = await app.createUser({ username: "bob" });
    root = await app.createSuperuser();
    bobEntry = String(
      (await app.seedRecord("entries", { author: bob.record.id, title: "Bob's day" })).id,
    );
    aliceEntry = String(
      (await app.seedRecord("entries", { author: alice.record.id, title: "Alice kept" })).id,
    );
  });
  afterAll(async () => {
    await app.close();
  });

  it("runs creates, updates, upserts and deletes in order and answers each", async () => {
    const doomed = await app.seedRecord("entries", { author: alice.record.id, title: "Doomed" });
    const upserted = await app.seedRecord("entries", {
      author: alice.record.id,
      title: "Upsert me",
    });
    let res: Awaited<ReturnType<typeof batch>> | undefined;
    const events = await eventsDuring(async () => {
      res = await batch(alice.token, [
        {
          method: "POST",
          url: `${entries()}?fields=title,visibility`,
          body: { author: alice.record.id, title: "Batch one", visibility: "public" },
        },
        {
          method: "PATCH",
          url: entries(`/${aliceEntry}`),
          body: { "tags+": ["batched"] },
        },
        {
          method: "PUT",
          url: entries(),
          body: { id: upserted.id, title: "Upserted" },
        },
        {
          method: "PUT",
          url: `${entries()}?expand=author&fields=title,expand.author.username`,
          body: { author: alice.record.id, title: "Upsert created" },
        },
        { method: "DELETE", url: entries(`/${String(doomed.id)}`) },
      ]);
    });
    expect(res?.statusCode, res?.body).toBe(200);
    const results = res?.json<{ status: number; body: Record<string, unknown> | null }[]>() ?? [];
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 204]);
    expect(results[0]?.body).toEqual({ title: "Batch one", visibility: "public" });
    expect(results[1]?.body?.tags).toEqual(["batched"]);
    expect(results[2]?.body?.title).toBe("Upserted");
    expect(results[3]?.body).toEqual({
      expand: { author: { username: "alice" } },
      title: "Upsert created",
    });
    expect(results[4]?.body).toBeNull();
    expect(await titlesOf(alice)).toEqual(
      expect.arrayContaining(["Batch one", "Upserted", "Upsert created", "Alice kept"]),
    );
    expect(await titlesOf(alice)).not.toContain("Doomed");
    // One event per write, all after the commit.
    expect(events.map((e) => e.action).sort()).toEqual(
      ["create", "create", "delete", "update", "update"].sort(),
    );
  });

  it("rolls everything back when one request fails, naming it and its error", async () => {
    const before = await titlesOf(alice);
    let res: Awaited<ReturnType<typeof batch>> | undefined;
    const events = await eventsDuring(async () => {
      res = await batch(alice.token, [
        { method: "POST", url: entries(), body: { author: alice.record.id, title: "Lost A" } },
        { method: "PATCH", url: entries(`/${aliceEntry}`), body: { title: "Renamed" } },
        { method: "POST", url: entries(), body: { author: alice.record.id, title: "" } },
      ]);
    });
    expect(res?.statusCode).toBe(400);
    const error = res?.json<BatchError>();
    expect(error?.message).toBe("Batch transaction failed.");
    expect(error?.data.requests?.["2"]).toMatchObject({
      code: "batch_request_failed",
      message: "Batch request failed.",
      response: { status: 400, message: "Failed to create record." },
    });
    expect(res?.body).toContain('"title":{"code":"validation_required"');
    expect(await titlesOf(alice)).toEqual(before);
    expect(events).toEqual([]);
  });

  it("applies each request's own access rule and rolls back on a denial", async () => {
    const before = await titlesOf(alice);
    await runScenario(app, {
      name: "another user's entry inside a batch",
      method: "POST",
      url: "/api/batch",
      token: alice.token,
      body: {
        requests: [
          { method: "POST", url: entries(), body: { author: alice.record.id, title: "Lost B" } },
          { method: "DELETE", url: entries(`/${bobEntry}`) },
        ],
      },
      expectedStatus: 400,
      expectedContent: [
        '"1":{"code":"batch_request_failed"',
        '"response":{"data":{},"message":"The requested resource wasn\'t found.","status":404}',
      ],
    });
    await runScenario(app, {
      name: "an entry written for someone else",
      method: "POST",
      url: "/api/batch",
      token: alice.token,
      body: {
        requests: [
          { method: "POST", url: entries(), body: { author: bob.record.id, title: "Forged" } },
        ],
      },
      expectedStatus: 400,
      expectedContent: ['"0":{"code":"batch_request_failed"', "Failed to create record."],
    });
    await runScenario(app, {
      name: "a guest's batch runs as a guest",
      method: "POST",
      url: "/api/batch",
      body: { requests: [{ method: "DELETE", url: entries(`/${aliceEntry}`) }] },
      expectedStatus: 400,
      expectedContent: ['"status":404'],
    });
    expect(await titlesOf(alice)).toEqual(before);
    expect(await titlesOf(bob)).toEqual(["Bob's day"]);
  });

  it("uses the outer request's auth, never a sub-request's Authorization header", async () => {
    await runScenario(app, {
      name: "bob's token inside alice's batch",
      method: "POST",
      url: "/api/batch",
      token: alice.token,
      body: {
        requests: [
          {
            method: "DELETE",
            url: entries(`/${bobEntry}`),
            headers: { Authorization: bob.token },
          },
        ],
      },
      expectedStatus: 400,
      expectedContent: ['"status":404'],
    });
    await runScenario(app, {
      name: "a guest with a sub-request token",
      method: "POST",
      url: "/api/batch",
      body: {
        requests: [
          {
            method: "POST",
            url: entries(),
            headers: { authorization: bob.token },
            body: { author: bob.record.id, title: "Sneaky" },
          },
        ],
      },
      expectedStatus: 400,
    });
    expect(await titlesOf(bob)).toEqual(["Bob's day"]);
  });

  it("lets superusers write anywhere", async () => {
    const res = await batch(root.token, [
      { method: "PATCH", url: entries(`/${bobEntry}`), body: { visibility: "unlisted" } },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ body: { visibility: string } }[]>()[0]?.body.visibility).toBe("unlisted");
  });

  it("refuses what is not a record write", async () => {
    for (const [name, request] of [
      ["a read", { method: "GET", url: entries() }],
      ["a nested batch", { method: "POST", url: "/api/batch", body: { requests: [] } }],
      ["an auth endpoint", { method: "POST", url: "/api/collections/users/auth-with-password" }],
      ["a create with an id", { method: "POST", url: entries(`/${aliceEntry}`) }],
      ["an update without an id", { method: "PATCH", url: entries() }],
      [
        "an absolute url",
        { method: "DELETE", url: `http://evil.example${entries(`/${aliceEntry}`)}` },
      ],
      ["a traversal", { method: "DELETE", url: `${entries()}/../../users/records/x` }],
    ] as const) {
      await runScenario(app, {
        name,
        method: "POST",
        url: "/api/batch",
        token: alice.token,
        body: { requests: [request] },
        expectedStatus: 400,
        expectedContent: [
          '"message":"Batch transaction failed."',
          '"0":{"code":"batch_request_failed"',
        ],
      });
    }
    await runScenario(app, {
      name: "an unknown collection",
      method: "POST",
      url: "/api/batch",
      token: alice.token,
      body: { requests: [{ method: "POST", url: "/api/collections/nope/records", body: {} }] },
      expectedStatus: 400,
      expectedContent: [
        '"response":{"data":{},"message":"Missing collection context.","status":404}',
      ],
    });
  });

  it("validates the batch form as PocketBase does", async () => {
    const cases: [string, unknown, number, string[]][] = [
      ["no requests", {}, 400, ['"requests":{"code":"validation_required"']],
      ["an empty list", { requests: [] }, 400, ['"requests":{"code":"validation_required"']],
      [
        "51 requests",
        {
          requests: Array.from({ length: 51 }, () => ({ method: "DELETE", url: entries("/x") })),
        },
        400,
        [
          '"message":"Invalid batch request data."',
          '"requests":{"code":"validation_length_too_long","message":"The length must be no more than 50.","params":{"max":50}}',
        ],
      ],
      [
        "a bad method and a missing url",
        { requests: [{ method: "TRACE", url: entries() }, { method: "POST" }] },
        400,
        [
          '"0":{"method":{"code":"validation_in_invalid"',
          '"1":{"url":{"code":"validation_required"',
        ],
      ],
      [
        "an over-long url",
        { requests: [{ method: "POST", url: `${entries()}?x=${"a".repeat(2000)}` }] },
        400,
        ['"url":{"code":"validation_length_too_long"'],
      ],
      [
        "requests as a string",
        { requests: "all" },
        400,
        ["Failed to read the submitted batch data."],
      ],
      [
        "an item that is not an object",
        { requests: [1] },
        400,
        ["Failed to read the submitted batch data."],
      ],
    ];
    for (const [name, body, status, content] of cases) {
      await runScenario(app, {
        name,
        method: "POST",
        url: "/api/batch",
        token: alice.token,
        body,
        expectedStatus: status,
        expectedContent: content,
      });
    }
    await runScenario(app, {
      name: "malformed JSON",
      method: "POST",
      url: "/api/batch",
      token: alice.token,
      body: '{"requests": [',
      expectedStatus: 400,
      expectedContent: ["Failed to read the submitted batch data."],
    });
    await runScenario(app, {
      name: "a JSON array body",
      method: "POST",
      url: "/api/batch",
      token: alice.token,
      body: "[]",
      expectedStatus: 400,
      expectedContent: ["Failed to read the submitted batch data."],
    });
  });

  it("takes files under requests.N.field and removes them again on a rollback", async () => {
    const storage = path.join(app.config.dataDir, "storage");
    const listFiles = (): string[] =>
      fs.existsSync(storage)
        ? (fs.readdirSync(storage, { recursive: true }) as string[]).filter((f) =>
            fs.statSync(path.join(storage, f)).isFile(),
          )
        : [];
    const payload = (title: string, second: object) =>
      multipartBody([
        {
          name: "@jsonPayload",
          value: JSON.stringify({
            requests: [
              {
                method: "POST",
                url: entries(),
                body: { author: alice.record.id, title, visibility: "public" },
              },
              second,
            ],
          }),
        },
        { name: "requests.0.attachments", filename: "notes.txt", data: Buffer.from("hello batch") },
        { name: "requests[0].attachments", filename: "more.txt", data: Buffer.from("second") },
      ]);

    const ok = payload("With files", {
      method: "PATCH",
      url: entries(`/${aliceEntry}`),
      body: { tags: ["x"] },
    });
    const res = await app.http.inject({
      method: "POST",
      url: "/api/batch",
      headers: { ...ok.headers, authorization: alice.token },
      payload: ok.body,
    });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json<{ body: { id: string; attachments: string[] } }[]>()[0]?.body;
    expect(created?.attachments).toHaveLength(2);
    const download = await app.http.inject({
      method: "GET",
      url: `/api/files/entries/${String(created?.id)}/${String(created?.attachments[0])}`,
    });
    expect(download.body).toMatch(/hello batch|second/);

    const filesBefore = listFiles();
    const failing = payload("Rolled back", {
      method: "DELETE",
      url: entries(`/${bobEntry}`),
    });
    const refused = await app.http.inject({
      method: "POST",
      url: "/api/batch",
      headers: { ...failing.headers, authorization: alice.token },
      payload: failing.body,
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(await titlesOf(alice)).not.toContain("Rolled back");
    expect(listFiles()).toEqual(filesBefore);
  });

  it("refuses a multipart batch with a malformed @jsonPayload", async () => {
    const bad = multipartBody([{ name: "@jsonPayload", value: "{nope" }]);
    const res = await app.http.inject({
      method: "POST",
      url: "/api/batch",
      headers: { ...bad.headers, authorization: alice.token },
      payload: bad.body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<BatchError>().message).toBe("Failed to read the submitted batch data.");
  });

  it("keeps concurrent batches all-or-nothing", async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        batch(alice.token, [
          { method: "POST", url: entries(), body: { author: alice.record.id, title: `Par ${i}` } },
          { method: "PATCH", url: entries(`/${aliceEntry}`), body: { "tags+": [`p${i}`] } },
          ...(i % 2 === 0
            ? [{ method: "POST", url: entries(), body: { author: alice.record.id, title: "" } }]
            : []),
        ]),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([400, 200, 400, 200, 400, 200]);
    const titles = await titlesOf(alice);
    expect(titles.filter((t) => t.startsWith("Par "))).toEqual(["Par 1", "Par 3", "Par 5"]);
    const kept = await app.http.inject({
      method: "GET",
      url: entries(`/${aliceEntry}`),
      headers: { authorization: alice.token },
    });
    const tags = kept.json<{ tags: string[] }>().tags;
    expect(tags.filter((t) => /^p\d$/.test(t)).sort()).toEqual(["p1", "p3", "p5"]);
  });

  it("counts every request of a batch against the rate limits (B23)", async () => {
    const limited = await createTestApp(dialect, { RATE_LIMITS: "on" });
    try {
      const writer = await limited.createUser({ username: "limited" });
      const creates = (n: number, prefix: string) =>
        Array.from({ length: n }, (_, i) => ({
          method: "POST",
          url: "/api/collections/entries/records",
          body: { author: writer.record.id, title: `${prefix} ${String(i)}` },
        }));
      const send = (requests: unknown[], ip: string) =>
        limited.http.inject({
          method: "POST",
          url: "/api/batch",
          headers: { authorization: writer.token },
          payload: { requests },
          remoteAddress: ip,
        });
      // `*:create` allows 20 per 5 s: 21 creates in one batch are refused as a whole.
      const refused = await send(creates(21, "Too many"), "198.51.100.7");
      expect(refused.statusCode, refused.body).toBe(429);
      expect(refused.json()).toMatchObject({ message: "Too Many Requests.", status: 429 });
      const fine = await send(creates(3, "Fine"), "198.51.100.8");
      expect(fine.statusCode, fine.body).toBe(200);
      const titles = await limited.db.kysely.selectFrom("entries").select("title").execute();
      expect(titles.map((r) => r.title).filter((t) => String(t).startsWith("Too many"))).toEqual(
        [],
      );
    } finally {
      await limited.close();
    }
  });
});
