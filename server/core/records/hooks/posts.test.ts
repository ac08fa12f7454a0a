/**
 * Posts' hooks (slug, publication date) and the one definition of a live post: the posts
 * rules (SQL) and `postState` (JavaScript) agree on every dialect.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findCollection } from "#server/core/collections/collection-lookup.ts";
import {
  guestRequest,
  operatorRequest,
  type RecordData,
} from "#server/core/records/request-info.ts";
import { postsCollection } from "#server/data/registry/collections.ts";
import {
  POST_DRAFT_FILTER,
  POST_LIVE_FILTER,
  POST_SCHEDULED_FILTER,
  postState,
} from "#shared/records/post-state.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import { formatDate } from "../values.ts";

describe.each(DIALECTS)("posts hooks and post state (%s)", (dialect) => {
  let app: TestApp;
  let author: RecordData;

  beforeAll(async () => {
    app = await createTestApp(dialect);
    author = (await app.createUser({ role: "writer" })).record;
  });
  afterAll(async () => {
    await app.close();
  });

  const post = (data: RecordData) =>
    app.seedRecord("posts", { author: author.id, content: "x", ...data });

  it("slugs the title, unique per author, and stamps the publication on publish", async () => {
    const draft = await post({ title: "Hello World" });
    const again = await post({ title: "Hello world", status: "published" });
    expect(draft).toMatchObject({ slug: "hello-world", publishedAt: "" });
    expect(again.slug).toBe("hello-world-2");
    expect(again.publishedAt).not.toBe("");
    const posts = findCollection("posts");
    if (!posts) throw new Error("no posts");
    const published = await app.records.update(posts, operatorRequest(), String(draft.id), {
      status: "published",
    });
    expect(published.publishedAt).not.toBe("");
    expect(published.slug).toBe("hello-world");
  });

  it("the posts rules and postState agree on which posts are live", async () => {
    const past = formatDate(new Date(Date.now() - 86_400_000));
    const future = formatDate(new Date(Date.now() + 86_400_000));
    const cases = [
      { title: "Draft", status: "draft", publishedAt: "" },
      { title: "Dated draft", status: "draft", publishedAt: past },
      { title: "Live", status: "published", publishedAt: past },
      { title: "Scheduled", status: "published", publishedAt: future },
    ];
    const created = await Promise.all(cases.map((c) => post(c)));
    const posts = findCollection("posts");
    if (!posts) throw new Error("no posts");
    const { items } = await app.records.list(posts, guestRequest(), { perPage: "500" });
    const listed = new Set(items.map((i) => i.id));
    for (const record of created) {
      const state = postState(record as { status: string; publishedAt: string });
      expect({ title: record.title, listed: listed.has(record.id) }).toEqual({
        title: record.title,
        listed: state === "live",
      });
    }
    expect(created.map((r) => postState(r as { status: string; publishedAt: string }))).toEqual([
      "draft",
      "draft",
      "live",
      "scheduled",
    ]);
    // Each state's filter lists exactly the posts postState puts in that state.
    const ids = created.map((record) => record.id);
    for (const [state, filter] of [
      ["draft", POST_DRAFT_FILTER],
      ["scheduled", POST_SCHEDULED_FILTER],
      ["live", POST_LIVE_FILTER],
    ] as const) {
      const found = await app.records.list(posts, operatorRequest(), {
        perPage: "500",
        filter: `(${filter}) && (${ids.map((id) => `id = "${String(id)}"`).join(" || ")})`,
      });
      expect(new Set(found.items.map((i) => i.id))).toEqual(
        new Set(
          created
            .filter((r) => postState(r as { status: string; publishedAt: string }) === state)
            .map((r) => r.id),
        ),
      );
    }
  });

  it("the posts list and view rules are built on POST_LIVE_FILTER", () => {
    expect(postsCollection.listRule).toBe(`(${POST_LIVE_FILTER}) || author = @request.auth.id`);
    expect(postsCollection.viewRule).toBe(postsCollection.listRule);
  });
});
