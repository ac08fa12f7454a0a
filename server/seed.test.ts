import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operatorRequest } from "#server/cli.ts";
import { requireCollection } from "#server/core/collections/collection-lookup.ts";
import type { RecordData } from "#server/core/records/request-info.ts";
import { seed } from "#server/seed.ts";
import {
  DEMO_PASSWORD,
  DEMO_SUPERUSER_EMAIL,
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

async function login(app: TestApp, collection: string, identity: string): Promise<string> {
  const res = await app.http.inject({
    method: "POST",
    url: `/api/collections/${collection}/auth-with-password`,
    payload: { identity, password: DEMO_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ token: string }>().token;
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
});

describe.each(DIALECTS)("seed (%s)", (dialect) => {
  let app: TestApp;
  let summary: string;

  beforeAll(async () => {
    app = await createTestApp(dialect);
    summary = await seed(app);
  });
  afterAll(async () => {
    await app.close();
  });

  it("creates all the demo content and summarises it", async () => {
    expect(await counts(app)).toEqual({
      _superusers: 1,
      users: SEED_USERS.length,
      collections: SEED_NOTEBOOKS.length,
      entries: SEED_ENTRIES.length,
      posts: SEED_POSTS.length,
      items: SEED_ITEMS.length,
    });
    expect(summary).toMatch(new RegExp(`entries\\s+${SEED_ENTRIES.length} created, 0 skipped`));
    expect(summary).toContain(DEMO_PASSWORD);
    expect(summary).toContain(DEMO_SUPERUSER_EMAIL);
    for (const user of SEED_USERS) expect(summary).toContain(user.email);
  });

  it("creates users of each role, in both locales, with private emails", async () => {
    expect(await count(app, "users", 'role = "admin"')).toBe(1);
    expect(await count(app, "users", 'role = "writer"')).toBe(2);
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

  it("lets the demo accounts sign in with the demo password", async () => {
    await login(app, "_superusers", DEMO_SUPERUSER_EMAIL);
    for (const user of SEED_USERS) await login(app, "users", user.username);
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

  it("shows drafts and scheduled posts to their authors only", async () => {
    const author = SEED_USERS.find((u) => u.username === scheduledPost.author);
    const token = await login(app, "users", author?.email ?? "");
    await runScenario(app, {
      name: "author lists own posts",
      method: "GET",
      url: `/api/collections/posts/records?perPage=100&filter=${encodeURIComponent('status = "published" && publishedAt > @now')}`,
      token,
      expectedStatus: 200,
      expectedContent: ['"totalItems":1', scheduledPost.title],
    });
    const reader = await login(app, "users", "sam");
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
    const writer = await login(app, "users", "june");
    await runScenario(app, {
      name: "writer lists items",
      method: "GET",
      url: "/api/collections/items/records",
      token: writer,
      expectedStatus: 200,
      expectedContent: ['"totalItems":0'],
    });
    const admin = await login(app, "users", "camille");
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

  it("is idempotent", async () => {
    const before = await counts(app);
    const again = await seed(app);
    expect(await counts(app)).toEqual(before);
    expect(again).toContain("nothing created");
    expect(again).toMatch(new RegExp(`posts\\s+0 created, ${SEED_POSTS.length} skipped`));
    expect(again).toContain(`Superuser ${DEMO_SUPERUSER_EMAIL} already existed`);
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
    const summary = await seed(app);
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
