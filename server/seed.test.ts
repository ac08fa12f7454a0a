import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operatorRequest } from "#server/cli.ts";
import { requireCollection } from "#server/core/collections/collection-lookup.ts";
import type { RecordData } from "#server/core/records/request-info.ts";
import { seed, type SeedResult } from "#server/seed.ts";
import {
  DEMO_EMAIL_DOMAIN,
  LEGACY_SEED,
  SEED_ENTRIES,
  SEED_ITEMS,
  SEED_NOTEBOOKS,
  SEED_POSTS,
  SEED_USERS,
} from "#server/seed-data.ts";
import { runScenario } from "#tests/helpers/api-scenario.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

interface ListBody {
  totalItems: number;
  items: RecordData[];
}

/** Counts records of a collection as a superuser, optionally filtered. */
async function count(app: TestApp, collection: string, filter?: string): Promise<number> {
  const page = await app.records.list(requireCollection(collection), operatorRequest(), {
    filter,
    perPage: "1",
  });
  return page.totalItems;
}

async function counts(app: TestApp): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const name of ["_superusers", "users", "collections", "entries", "posts", "items"]) {
    result[name] = await count(app, name);
  }
  return result;
}

/** The status of a password sign-in. */
async function signInStatus(
  app: TestApp,
  collection: string,
  identity: string,
  password: string,
): Promise<number> {
  const res = await app.http.inject({
    method: "POST",
    url: `/api/collections/${collection}/auth-with-password`,
    payload: { identity, password },
  });
  return res.statusCode;
}

/** Signs a demo account in with the password the seed printed for it; its token. */
async function login(app: TestApp, result: SeedResult, username: string): Promise<string> {
  const account = result.accounts.find((a) => a.username === username);
  if (!account) throw new Error(`the seed made no account to try for ${username}`);
  const res = await app.http.inject({
    method: "POST",
    url: "/api/collections/users/auth-with-password",
    payload: { identity: username, password: account.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ token: string }>().token;
}

/** The numbered list items of a Markdown text (`1. …`, `10. …`). */
function numberedItems(markdown: string): number {
  return markdown.split("\n").filter((line) => /^\d+\. /.test(line)).length;
}

const publicEntries = SEED_ENTRIES.filter((e) => e.visibility === "public");
const duePosts = SEED_POSTS.filter(
  (p) => typeof p.publication === "object" && "daysAgo" in p.publication,
);
const draftPost = required(
  SEED_POSTS.find((p) => p.publication === "draft"),
  "a draft post",
);
const scheduledPost = required(
  SEED_POSTS.find((p) => typeof p.publication === "object" && "inDays" in p.publication),
  "a scheduled post",
);

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`the seed data has no ${what}`);
  return value;
}

describe("seed data", () => {
  it("covers every case the demo is meant to show", () => {
    expect(new Set(SEED_USERS.map((u) => u.role))).toEqual(new Set(["", "writer", "admin"]));
    expect(new Set(SEED_USERS.map((u) => u.locale))).toEqual(new Set(["en", "fr"]));
    expect(new Set(SEED_POSTS.map((p) => p.lang))).toEqual(new Set(["en", "fr"]));
    expect(new Set(SEED_ENTRIES.map((e) => e.visibility))).toEqual(
      new Set(["private", "unlisted", "public"]),
    );
    expect(new Set(SEED_NOTEBOOKS.map((n) => n.visibility))).toEqual(
      new Set(["private", "unlisted", "public"]),
    );
    expect(new Set(SEED_ITEMS.map((i) => i.status))).toEqual(new Set(["active", "archived"]));
    expect(Math.max(...SEED_ENTRIES.map((e) => e.daysAgo))).toBeGreaterThan(365);
    const writers = new Set(SEED_USERS.filter((u) => u.role !== "").map((u) => u.username));
    for (const post of SEED_POSTS) expect(writers, post.title).toContain(post.author);
    const markdown = SEED_ENTRIES.map((e) => e.content).join("\n");
    for (const feature of [/^## /m, /^- /m, /^1\. /m, /\]\(https:\/\//, /^> /m, /^```/m]) {
      expect(markdown).toMatch(feature);
    }
  });

  it("gives the demo users addresses no mail reaches", () => {
    for (const user of SEED_USERS) expect(user.email).toBe(`${user.username}@${DEMO_EMAIL_DOMAIN}`);
    expect(DEMO_EMAIL_DOMAIN).toMatch(/\.invalid$/);
  });

  it("lists as many gardens as the title says (issue 25 item 16)", () => {
    const gardens = required(
      SEED_POSTS.find((p) => p.title.startsWith("Ten small gardens")),
      "a post about ten gardens",
    );
    expect(numberedItems(gardens.content)).toBe(10);
  });
});

describe.each(DIALECTS)("seed (%s)", (dialect) => {
  let app: TestApp;
  let result: SeedResult;

  beforeAll(async () => {
    app = await createTestApp(dialect);
    result = await seed(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it("creates all the demo content and summarises it", async () => {
    expect(await counts(app)).toEqual({
      _superusers: 0,
      users: SEED_USERS.length,
      collections: SEED_NOTEBOOKS.length,
      entries: SEED_ENTRIES.length,
      posts: SEED_POSTS.length,
      items: SEED_ITEMS.length,
    });
    expect(result.summary).toMatch(
      new RegExp(`entries\\s+${SEED_ENTRIES.length} created, 0 skipped`),
    );
    expect(result.summary).toContain("cahier seed --demo-accounts");
  });

  it("makes no account anyone can sign in to, and no admin (issue 25 item 1)", async () => {
    expect(result.accounts).toEqual([]);
    expect(result.summary).not.toMatch(/WARNING|password:|superuser/i);
    expect(result.summary).not.toContain(LEGACY_SEED.password);
    expect(await count(app, "users", 'role = "admin"')).toBe(0);
    expect(await count(app, "users", `email !~ "%@${DEMO_EMAIL_DOMAIN}"`)).toBe(0);
    for (const user of SEED_USERS) {
      for (const identity of [user.username, user.email])
        expect(await signInStatus(app, "users", identity, LEGACY_SEED.password)).toBe(400);
    }
    expect(
      await signInStatus(app, "_superusers", LEGACY_SEED.superuserEmail, LEGACY_SEED.password),
    ).toBe(400);
  });

  it("creates users of each role but admin, in both locales, with private emails", async () => {
    expect(await count(app, "users", 'role = "writer"')).toBe(3);
    expect(await count(app, "users", 'role = ""')).toBe(2);
    expect(await count(app, "users", 'locale = "en"')).toBeGreaterThan(0);
    expect(await count(app, "users", 'locale = "fr"')).toBeGreaterThan(0);
    expect(await count(app, "users", 'emailVisibility = true || bio = "" || name = ""')).toBe(0);
  });

  it("writes posts and entries in English and French", async () => {
    expect(await count(app, "posts", 'lang = "en"')).toBeGreaterThan(0);
    expect(await count(app, "posts", 'lang = "fr"')).toBeGreaterThan(0);
    expect(await count(app, "entries", 'author.locale = "en"')).toBeGreaterThan(0);
    expect(await count(app, "entries", 'author.locale = "fr"')).toBeGreaterThan(0);
  });

  it("generates slugs and keeps entries in their authors' notebooks", async () => {
    expect(await count(app, "entries", 'name = "train-de-nuit-pour-vienne"')).toBe(1);
    expect(await count(app, "collections", 'name = "journal-d-exploitation"')).toBe(1);
    expect(await count(app, "entries", 'collection != ""')).toBe(
      SEED_ENTRIES.filter((e) => e.notebook).length,
    );
    expect(await count(app, "entries", 'collection != "" && collection.owner != author')).toBe(0);
    expect(await count(app, "items", 'data.region != "" && tags:length > 0')).toBe(
      SEED_ITEMS.length,
    );
  });

  it("shows guests only public entries and due posts", async () => {
    const entries = await runScenario(app, {
      name: "guest lists entries",
      method: "GET",
      url: "/api/collections/entries/records?perPage=100",
      expectedStatus: 200,
      expectedContent: [`"totalItems":${publicEntries.length}`],
    });
    const entryItems = (entries.json() as ListBody).items;
    expect(entryItems.every((e) => e.visibility === "public")).toBe(true);

    const posts = await runScenario(app, {
      name: "guest lists posts",
      method: "GET",
      url: "/api/collections/posts/records?perPage=100",
      expectedStatus: 200,
      expectedContent: [`"totalItems":${duePosts.length}`],
      notExpectedContent: [draftPost.title, scheduledPost.title],
    });
    const now = new Date().toISOString().replace("T", " ");
    for (const post of (posts.json() as ListBody).items) {
      expect(post.status).toBe("published");
      expect(String(post.publishedAt) <= now).toBe(true);
    }
  });

  it("is idempotent", async () => {
    const before = await counts(app);
    const again = await seed(app);
    expect(await counts(app)).toEqual(before);
    expect(again.summary).toContain("nothing created");
    expect(again.summary).toMatch(new RegExp(`posts\\s+0 created, ${SEED_POSTS.length} skipped`));
    expect(again.accounts).toEqual([]);
  });
});

describe.each(DIALECTS)("seed --demo-accounts (%s)", (dialect) => {
  let app: TestApp;
  let result: SeedResult;

  beforeAll(async () => {
    app = await createTestApp(dialect);
    result = await seed(app, { demoAccounts: true });
  });
  afterAll(async () => {
    await app.close();
  });

  it("warns, and prints one random password per account, once", async () => {
    expect(await count(app, "_superusers")).toBe(0);
    expect(result.summary).toContain("WARNING");
    expect(result.accounts.map((a) => a.username).sort()).toEqual(
      SEED_USERS.map((u) => u.username).sort(),
    );
    const passwords = result.accounts.map((a) => a.password);
    expect(new Set(passwords).size).toBe(passwords.length);
    for (const account of result.accounts) {
      expect(account.password).toMatch(/^[A-Za-z0-9]{24}$/);
      expect(result.summary.split(account.password).length - 1, account.username).toBe(1);
      expect(await signInStatus(app, "users", account.email, account.password)).toBe(200);
    }
    expect(await count(app, "users", 'role = "admin"')).toBe(1);
    expect(await count(app, "users", 'role = "writer"')).toBe(2);
  });

  it("shows drafts and scheduled posts to their authors only", async () => {
    const token = await login(app, result, scheduledPost.author);
    await runScenario(app, {
      name: "author lists own posts",
      method: "GET",
      url: `/api/collections/posts/records?perPage=100&filter=${encodeURIComponent('status = "published" && publishedAt > @now')}`,
      token,
      expectedStatus: 200,
      expectedContent: ['"totalItems":1', scheduledPost.title],
    });
    const reader = await login(app, result, "sam");
    await runScenario(app, {
      name: "plain user lists posts",
      method: "GET",
      url: "/api/collections/posts/records?perPage=100",
      token: reader,
      expectedStatus: 200,
      expectedContent: [`"totalItems":${duePosts.length}`],
    });
  });

  it("keeps items to admins", async () => {
    await runScenario(app, {
      name: "guest lists items",
      method: "GET",
      url: "/api/collections/items/records",
      expectedStatus: 200,
      expectedContent: ['"totalItems":0'],
    });
    const writer = await login(app, result, "june");
    await runScenario(app, {
      name: "writer lists items",
      method: "GET",
      url: "/api/collections/items/records",
      token: writer,
      expectedStatus: 200,
      expectedContent: ['"totalItems":0'],
    });
    const admin = await login(app, result, "camille");
    await runScenario(app, {
      name: "admin lists items",
      method: "GET",
      url: "/api/collections/items/records?sort=code",
      token: admin,
      expectedStatus: 200,
      expectedContent: [
        `"totalItems":${SEED_ITEMS.length}`,
        '"code":"berlin-legacy"',
        '"status":"archived"',
      ],
    });
  });

  it("gives new passwords when run again, and the old ones stop working", async () => {
    const before = await counts(app);
    const again = await seed(app, { demoAccounts: true });
    expect(await counts(app)).toEqual(before);
    for (const account of again.accounts) {
      const old = result.accounts.find((a) => a.username === account.username);
      expect(account.password).not.toBe(old?.password);
      expect(await signInStatus(app, "users", account.username, old?.password ?? "")).toBe(400);
      expect(await signInStatus(app, "users", account.username, account.password)).toBe(200);
    }
  });
});

describe.each(DIALECTS)("seed after an earlier seed (%s)", (dialect) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(dialect);
  });
  afterAll(async () => {
    await app.close();
  });

  it("takes back the published password of what an earlier seed made", async () => {
    const { password, superuserEmail, emailDomain } = LEGACY_SEED;
    await app.records.create(requireCollection("_superusers"), operatorRequest(), {
      email: superuserEmail,
      password,
      passwordConfirm: password,
    });
    const june = await app.createUser({
      username: "june",
      email: `june@${emailDomain}`,
      role: "writer",
      password,
    });
    // An earlier demo user whose owner chose a password of their own keeps it.
    await app.createUser({ username: "sam", email: `sam@${emailDomain}`, password: "sams-own-1" });
    const { summary, accounts } = await seed(app);
    expect(accounts).toEqual([]);
    expect(await signInStatus(app, "_superusers", superuserEmail, password)).toBe(400);
    expect(await signInStatus(app, "users", "june", password)).toBe(400);
    expect(await signInStatus(app, "users", "sam", "sams-own-1")).toBe(200);
    expect(summary).toContain(`Superuser ${superuserEmail}`);
    expect(summary).toContain("cahier superuser upsert");
    expect(summary).toMatch(/users\s+3 created, 2 skipped \(already there\)/);
    // Their content goes to the accounts the earlier seed made.
    const juneId = String(june.record.id);
    expect(await count(app, "posts", `author = "${juneId}"`)).toBe(
      SEED_POSTS.filter((p) => p.author === "june").length,
    );
  });
});

describe.each(DIALECTS)("seed next to existing accounts (%s)", (dialect) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(dialect);
  });
  afterAll(async () => {
    await app.close();
  });

  it("never attaches demo content to someone else's account", async () => {
    const stranger = await app.createUser({ username: "Sam", email: "someone@example.com" });
    const { summary } = await seed(app);
    const samEntries = SEED_ENTRIES.filter((e) => e.author === "sam").length;
    const samNotebooks = SEED_NOTEBOOKS.filter((n) => n.owner === "sam").length;
    expect(summary).toContain('User "sam" belongs to another account');
    expect(summary).toMatch(
      /users\s+4 created, 0 skipped \(already there\), 1 skipped \(blocked\)/,
    );
    expect(await count(app, "users")).toBe(SEED_USERS.length);
    expect(await count(app, "entries")).toBe(SEED_ENTRIES.length - samEntries);
    expect(await count(app, "collections")).toBe(SEED_NOTEBOOKS.length - samNotebooks);
    expect(await count(app, "entries", `author = "${String(stranger.record.id)}"`)).toBe(0);
    const res = await app.http.inject({
      method: "POST",
      url: "/api/collections/users/auth-with-password",
      payload: { identity: "someone@example.com", password: "password123" },
    });
    expect(res.statusCode).toBe(200);
  });
});
