import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runScenario } from "#tests/helpers/api-scenario.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

describe.each(DIALECTS)("records CRUD (%s)", (dialect) => {
  let app: TestApp;
  let alice: { record: Record<string, unknown>; token: string };
  let bob: { record: Record<string, unknown>; token: string };

  beforeAll(async () => {
    app = await createTestApp(dialect);
    alice = await app.createUser({ username: "alice", role: "writer" });
    bob = await app.createUser({ username: "bob" });
    await app.seedRecord("entries", {
      author: alice.record.id,
      title: "Public day",
      visibility: "public",
      tags: ["travel", "summer"],
    });
    await app.seedRecord("entries", {
      author: alice.record.id,
      title: "Secret day",
      visibility: "private",
    });
  });
  afterAll(async () => {
    await app.close();
  });

  it("lists only what the list rule allows", async () => {
    const guest = await runScenario(app, {
      name: "guest list",
      method: "GET",
      url: "/api/collections/entries/records",
      expectedStatus: 200,
      expectedContent: ['"title":"Public day"', '"totalItems":1'],
      notExpectedContent: ["Secret day"],
    });
    expect((guest.json() as { perPage: number }).perPage).toBe(30);
    await runScenario(app, {
      name: "owner list",
      method: "GET",
      url: "/api/collections/entries/records?sort=-title",
      token: alice.token,
      expectedStatus: 200,
      expectedContent: ['"totalItems":2'],
    });
    await runScenario(app, {
      name: "other user list",
      method: "GET",
      url: "/api/collections/entries/records",
      token: bob.token,
      expectedStatus: 200,
      expectedContent: ['"totalItems":1'],
      notExpectedContent: ["Secret day"],
    });
  });

  it("filters, expands and picks fields", async () => {
    await runScenario(app, {
      name: "any-of tags with expand and fields",
      method: "GET",
      url: `/api/collections/entries/records?filter=${encodeURIComponent('tags ?= "travel" && author.username = "alice"')}&expand=author&fields=title,expand.author.username&skipTotal=1`,
      expectedStatus: 200,
      expectedContent: [
        '"items":[{"expand":{"author":{"username":"alice"}},"title":"Public day"}]',
        '"totalItems":-1',
      ],
      notExpectedContent: ["email"],
    });
    await runScenario(app, {
      name: "unknown field",
      method: "GET",
      url: "/api/collections/entries/records?filter=nope%3D1",
      expectedStatus: 400,
      notExpectedContent: ["SELECT"],
    });
    await runScenario(app, {
      name: "@request in client filter",
      method: "GET",
      url: `/api/collections/entries/records?filter=${encodeURIComponent("@request.auth.id != ''")}`,
      expectedStatus: 403,
      expectedContent: ["Only superusers can filter by @request."],
    });
  });

  it("keeps every concurrent modifier update", async () => {
    const entry = await app.seedRecord("entries", {
      author: alice.record.id,
      title: "Busy",
      tags: [],
    });
    const tags = Array.from({ length: 12 }, (_, i) => `t${i}`);
    const results = await Promise.all(
      tags.map((tag) =>
        app.http.inject({
          method: "PATCH",
          url: `/api/collections/entries/records/${String(entry.id)}`,
          headers: { authorization: alice.token },
          payload: { "tags+": tag },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(tags.map(() => 200));
    const final = await app.http.inject({
      method: "GET",
      url: `/api/collections/entries/records/${String(entry.id)}`,
      headers: { authorization: alice.token },
    });
    expect([...final.json<{ tags: string[] }>().tags].sort()).toEqual([...tags].sort());
  });

  it("creates with rules and validation", async () => {
    await runScenario(app, {
      name: "guest create fails the rule",
      method: "POST",
      url: "/api/collections/entries/records",
      body: { author: alice.record.id, title: "x" },
      expectedStatus: 400,
      expectedContent: ['"data":{}', "Failed to create record."],
    });
    const created = await runScenario(app, {
      name: "owner create",
      method: "POST",
      url: "/api/collections/entries/records",
      token: alice.token,
      body: { author: alice.record.id, title: "Été à Paris", tags: ["a", "a", "b"] },
      expectedStatus: 200,
      expectedContent: ['"name":"ete-a-paris"', '"visibility":"private"', '"tags":["a","b"]'],
    });
    const id = (created.json() as { id: string }).id;
    await runScenario(app, {
      name: "other user cannot update",
      method: "PATCH",
      url: `/api/collections/entries/records/${id}`,
      token: bob.token,
      body: { title: "hacked" },
      expectedStatus: 404,
    });
    await runScenario(app, {
      name: "owner update with modifiers",
      method: "PATCH",
      url: `/api/collections/entries/records/${id}`,
      token: alice.token,
      body: { "tags+": "c", "tags-": ["a"] },
      expectedStatus: 200,
      expectedContent: ['"tags":["b","c"]'],
    });
    await runScenario(app, {
      name: "posts need the writer role",
      method: "POST",
      url: "/api/collections/posts/records",
      token: bob.token,
      body: { author: bob.record.id, title: "Nope" },
      expectedStatus: 400,
    });
    await runScenario(app, {
      name: "a user cannot make themselves admin",
      method: "PATCH",
      url: `/api/collections/users/records/${String(bob.record.id)}`,
      token: bob.token,
      body: { role: "admin" },
      expectedStatus: 404,
    });
    await runScenario(app, {
      name: "owner delete",
      method: "DELETE",
      url: `/api/collections/entries/records/${id}`,
      token: alice.token,
      expectedStatus: 204,
    });
  });
});
