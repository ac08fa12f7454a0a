/**
 * The bench's seed writes rows straight into the tables, so a field added to a collection
 * since (as `users.commentDigest` was) must not stop `npm run bench`: it takes the empty value
 * a create through the API would give it, and the seeded posts read back through the API.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/helpers/test-app.ts";
import { seedEntries } from "./search-seed.ts";
import { seedPosts } from "./seed.ts";

describe("the bench's seed", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp("sqlite");
  });
  afterAll(async () => {
    await app.close();
  });

  it("seeds writers and posts the API reads, every field of the registry filled", async () => {
    const seeded = await seedPosts(app.db, { count: 12, authors: 3 });
    expect(seeded.authorIds).toHaveLength(3);
    const res = await app.http.inject({
      method: "GET",
      url: "/api/collections/posts/records?perPage=50&filter=(status='draft'||status='published')",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ totalItems: number }>().totalItems).toBe(seeded.visiblePosts);
  });
});

describe("the search bench's seed", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp("sqlite");
  });
  afterAll(async () => {
    await app.close();
  });

  it("seeds users, their collections and entries the API reads", async () => {
    const seeded = await seedEntries(app.db, { entries: 30, users: 3 });
    expect(seeded.usernames).toEqual(["user1", "user2", "user3"]);
    const res = await app.http.inject({
      method: "GET",
      url: "/api/collections/entries/records?perPage=50",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ totalItems: number }>().totalItems).toBe(seeded.publicEntries);
  });
});
