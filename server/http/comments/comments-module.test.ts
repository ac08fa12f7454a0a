/**
 * What the comments module decides beyond the rules (ADR 065), through the HTTP API: the
 * record's mode (`closed`, `members`, the site default, closing after N days), guests (off by
 * default; a name, an address and a solved ALTCHA challenge; a filled honeypot stored as
 * spam), the 15-minute edit window on the module's clock, blocking a commenter
 * (`POST /api/comments/{id}/block`), the approved counts (`GET /api/comments/counts`) and the
 * challenge route, each for every requester and with bad input.
 */
import { solveChallenge } from "altcha-lib/v1";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tableRunner, type TableScenario } from "#tests/helpers/api-scenario.ts";
import { call } from "#tests/helpers/revision-kit.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import {
  CLOSED_MESSAGE,
  EDIT_WINDOW_MESSAGE,
  MEMBERS_MESSAGE,
  NO_GUESTS_MESSAGE,
} from "../../core/comments/comment-hooks.ts";
import { BLOCK_FORBIDDEN } from "../../core/comments/comment-service.ts";

type Who = "guest" | "commenter" | "other" | "author" | "admin" | "superuser";
type Case = TableScenario<Who>;

const COMMENTS = "/api/collections/comments/records";
const DAY_MS = 24 * 60 * 60_000;

/** A PocketBase date `days` before now. */
const daysAgo = (days: number) =>
  new Date(Date.now() - days * DAY_MS).toISOString().replace("T", " ");

describe.each(DIALECTS)("the comments module (%s)", (dialect) => {
  let app: TestApp;
  const ids: Record<string, string> = {};
  const tokens: Partial<Record<Who, string>> = {};
  const { check } = tableRunner<Who>(() => app, ids, tokens, { requireToken: true });
  const token = (who: Who) => tokens[who] ?? "";

  const post = async (values: object = {}) => {
    const res = await call(app, "POST", "/api/collections/posts/records", token("author"), {
      author: ids.alice,
      title: "A post",
      status: "published",
      ...values,
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return String(res.json.id);
  };
  const comment = (who: Who, record: string | undefined, values: object = {}) =>
    call(app, "POST", COMMENTS, token(who), {
      record,
      recordCollection: "posts",
      content: "Hello",
      ...values,
    });
  /** A solved challenge of the server, as the widget sends it. */
  const altcha = async () => {
    const res = await call(app, "GET", "/api/comments/challenge");
    expect(res.status).toBe(200);
    const c = res.json as {
      algorithm: string;
      challenge: string;
      salt: string;
      signature: string;
      maxnumber: number;
    };
    const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
    expect(solution).not.toBeNull();
    const payload = { ...c, number: solution?.number };
    return Buffer.from(JSON.stringify(payload)).toString("base64");
  };
  const statusOf = async (id: string) =>
    (await call(app, "GET", `${COMMENTS}/${id}`, token("superuser"))).json.status;

  beforeAll(async () => {
    app = await createTestApp(dialect);
    const alice = await app.createUser({ username: "alice", role: "writer" });
    const bob = await app.createUser({ username: "bob", name: "Bob" });
    const carol = await app.createUser({ username: "carol" });
    const adam = await app.createUser({ username: "adam", role: "admin" });
    const root = await app.createSuperuser();
    Object.assign(tokens, {
      author: alice.token,
      commenter: bob.token,
      other: carol.token,
      admin: adam.token,
      superuser: root.token,
    });
    Object.assign(ids, {
      alice: String(alice.record.id),
      bob: String(bob.record.id),
      carol: String(carol.record.id),
      adam: String(adam.record.id),
    });
    ids.post = await post();
    // A quicker proof of work: the tests solve several.
    app.comments.proof.maxNumber = 2000;
  });
  afterAll(async () => {
    await app.close();
  });

  it("refuses everyone on a closed record, guests on a members' one, and closes by age", async () => {
    ids.closed = await post({ comments: "closed" });
    ids.members = await post({ comments: "members" });
    ids.old = await post({ publishedAt: daysAgo(10) });
    const refused = (record: string, who: Who, status: number, message: string): Case => ({
      name: `comment on ${record} as ${who}`,
      as: who,
      method: "POST",
      url: COMMENTS,
      body: { record: `$${record}`, recordCollection: "posts", content: "Hi" },
      expectedStatus: status,
      expectedContent: [message],
    });
    for (const who of ["guest", "commenter", "author", "admin"] as const)
      await check(refused("closed", who, 403, CLOSED_MESSAGE));
    await app.settings.update({ comments: { guests: true } });
    try {
      await check(refused("members", "guest", 403, MEMBERS_MESSAGE));
      expect((await comment("commenter", ids.members)).status).toBe(200);
      expect((await comment("commenter", ids.old)).status).toBe(200);
      await app.settings.update({ comments: { closeAfterDays: 7 } });
      for (const who of ["guest", "commenter", "author"] as const)
        await check(refused("old", who, 403, CLOSED_MESSAGE));
      expect((await comment("commenter", ids.post)).status).toBe(200);
      await app.settings.update({ comments: { closeAfterDays: 0, defaultMode: "closed" } });
      await check(refused("post", "commenter", 403, CLOSED_MESSAGE));
      // The record's own mode wins over the site's default.
      expect((await comment("commenter", ids.members)).status).toBe(200);
    } finally {
      await app.settings.update({
        comments: { guests: false, closeAfterDays: 0, defaultMode: "open" },
      });
    }
  });

  it("takes guests only when the site allows them, with a name, an address and a proof of work", async () => {
    const guest = { authorName: "Gus", email: "Gus@Example.com", content: "From Gus" };
    expect((await comment("guest", ids.post, guest)).json.message).toBe(NO_GUESTS_MESSAGE);
    await app.settings.update({ comments: { guests: true } });
    try {
      const missing = await comment("guest", ids.post, { content: "x" });
      expect(missing.status).toBe(400);
      expect(Object.keys(missing.json.data as object).sort()).toEqual([
        "altcha",
        "authorName",
        "email",
      ]);
      const forged = await comment("guest", ids.post, {
        ...guest,
        altcha: Buffer.from(
          '{"algorithm":"SHA-256","challenge":"x","number":1,"salt":"s","signature":"y"}',
        ).toString("base64"),
      });
      expect(forged.status).toBe(400);
      expect(JSON.stringify(forged.json)).toContain('"altcha":{"code":"validation_invalid_altcha"');
      const solved = await altcha();
      const held = await comment("guest", ids.post, { ...guest, altcha: solved });
      expect(held.status, JSON.stringify(held.json)).toBe(200);
      expect(held.json).toMatchObject({
        status: "pending",
        author: "",
        authorName: "Gus",
        email: "",
      });
      expect(await statusOf(String(held.json.id))).toBe("pending");
      const stored = await call(app, "GET", `${COMMENTS}/${String(held.json.id)}`, token("author"));
      expect(stored.json.email).toBe("gus@example.com");
      // A solution is taken once.
      const replayed = await comment("guest", ids.post, { ...guest, altcha: solved });
      expect(replayed.status).toBe(400);
      // A filled honeypot is answered like any comment and stored as spam.
      const bot = await comment("guest", ids.post, {
        ...guest,
        website: "https://spam.example",
        altcha: await altcha(),
      });
      expect(bot.status).toBe(200);
      expect(bot.json.status).toBe("pending");
      expect(await statusOf(String(bot.json.id))).toBe("spam");
    } finally {
      await app.settings.update({ comments: { guests: false } });
    }
  });

  it("lets the commenter change their text for 15 minutes, on the module's clock", async () => {
    const made = await comment("commenter", ids.post);
    const id = String(made.json.id);
    const edit = (content: string) =>
      call(app, "PATCH", `${COMMENTS}/${id}`, token("commenter"), { content });
    expect((await edit("Within the window")).status).toBe(200);
    const clock = app.comments.clock;
    const real = clock.now;
    clock.now = () => Date.now() + 16 * 60_000;
    try {
      const late = await edit("Too late");
      expect(late.status).toBe(403);
      expect(late.json.message).toBe(EDIT_WINDOW_MESSAGE);
      // The record's author still moderates it, and its commenter still deletes it.
      const moderated = await call(app, "PATCH", `${COMMENTS}/${id}`, token("author"), {
        status: "rejected",
      });
      expect(moderated.status).toBe(200);
      expect((await call(app, "DELETE", `${COMMENTS}/${id}`, token("commenter"))).status).toBe(204);
    } finally {
      clock.now = real;
    }
  });

  it("blocks a commenter for the record's author (site-wide for an admin)", async () => {
    const blocked = await app.createUser({ username: "mallory" });
    const first = await call(app, "POST", COMMENTS, blocked.token, {
      record: ids.post,
      recordCollection: "posts",
      content: "Buy now",
    });
    expect(first.status).toBe(200);
    ids.spam = String(first.json.id);
    const approve = await call(app, "PATCH", `${COMMENTS}/${ids.spam}`, token("author"), {
      status: "approved",
    });
    expect(approve.status).toBe(200);
    const outcomes: Record<Who, Pick<Case, "expectedStatus" | "expectedContent">> = {
      guest: { expectedStatus: 401 },
      commenter: { expectedStatus: 403, expectedContent: [BLOCK_FORBIDDEN] },
      other: { expectedStatus: 403, expectedContent: [BLOCK_FORBIDDEN] },
      superuser: { expectedStatus: 403, expectedContent: [BLOCK_FORBIDDEN] },
      author: { expectedStatus: 204 },
      admin: { expectedStatus: 204 },
    };
    for (const who of ["guest", "commenter", "other", "superuser", "author", "admin"] as const)
      await check({
        ...outcomes[who],
        name: `block as ${who}`,
        as: who,
        method: "POST",
        url: "/api/comments/$spam/block",
      });
    await check({
      name: "block a comment that does not exist",
      as: "author",
      method: "POST",
      url: "/api/comments/abcdefghijklmno/block",
      expectedStatus: 404,
    });
    expect(await statusOf(ids.spam)).toBe("spam");
    // Trusted before, blocked now: the next comment goes straight to spam, silently.
    const next = await call(app, "POST", COMMENTS, blocked.token, {
      record: ids.post,
      recordCollection: "posts",
      content: "Again",
    });
    expect(next.status).toBe(200);
    expect(await statusOf(String(next.json.id))).toBe("spam");
    // Each owner lists and lifts their own blocks.
    const mine = await call(app, "GET", "/api/collections/commentBlocks/records", token("author"));
    expect(mine.json.totalItems).toBe(1);
    const theirs = await call(app, "GET", "/api/collections/commentBlocks/records", token("other"));
    expect(theirs.json.totalItems).toBe(0);
    const create = await call(
      app,
      "POST",
      "/api/collections/commentBlocks/records",
      token("author"),
      {
        owner: ids.alice,
        user: ids.carol,
      },
    );
    expect(create.status).toBe(403);
  });

  it("counts approved comments of records readers can see, for everyone alike", async () => {
    const counted = await post({ title: "Counted" });
    const draft = await post({ title: "Draft", status: "draft" });
    await app.seedRecord("comments", {
      record: counted,
      recordCollection: "posts",
      status: "approved",
      content: "a",
    });
    await app.seedRecord("comments", {
      record: counted,
      recordCollection: "posts",
      status: "approved",
      content: "b",
    });
    await app.seedRecord("comments", {
      record: counted,
      recordCollection: "posts",
      status: "pending",
      content: "c",
    });
    await app.seedRecord("comments", {
      record: draft,
      recordCollection: "posts",
      status: "approved",
      content: "d",
    });
    const empty = await post({ title: "Quiet" });
    for (const who of ["guest", "commenter", "author", "superuser"] as const) {
      await check({
        name: `counts as ${who}`,
        as: who,
        method: "GET",
        url: `/api/comments/counts?records=${counted},${draft},${empty}`,
        expectedStatus: 200,
        expectedContent: [`"${counted}":2`, `"${empty}":0`],
        notExpectedContent: [draft],
      });
    }
    for (const [name, query] of [
      ["no list", ""],
      ["a bad id", "?records=nope"],
      ["too many", `?records=${Array.from({ length: 101 }, () => counted).join(",")}`],
    ] as const)
      await check({
        name: `counts with ${name}`,
        as: "guest",
        method: "GET",
        url: `/api/comments/counts${query}`,
        expectedStatus: 400,
        expectedContent: ['"records":{"code":"validation_invalid_value"'],
      });
    const approved = await app.comments.comments.approvedComments("posts", counted);
    expect(approved.map((c) => c.content)).toEqual(["a", "b"]);
    expect(await app.comments.comments.approvedComments("posts", draft)).toEqual([]);
  });

  it("rate-limits comments as comments:create, and the challenge as comments:view", async () => {
    const before = app.rateLimiter.settings;
    const rule = (label: string) => ({
      label,
      audience: "" as const,
      duration: 60,
      maxRequests: 1,
    });
    app.rateLimiter.configure({
      ...before,
      enabled: true,
      rules: [rule("comments:create"), rule("comments:view")],
    });
    try {
      const statuses = async (send: () => Promise<{ status: number }>) => [
        (await send()).status,
        (await send()).status,
      ];
      expect(await statuses(() => comment("other", ids.post))).toEqual([200, 429]);
      expect(await statuses(() => call(app, "GET", "/api/comments/challenge"))).toEqual([200, 429]);
    } finally {
      app.rateLimiter.configure(before);
    }
  });

  it("answers a fresh, uncached challenge to anyone", async () => {
    const res = await app.http.inject({ method: "GET", url: "/api/comments/challenge" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.json()).toMatchObject({ algorithm: "SHA-256", maxnumber: expect.any(Number) });
  });
});
