/**
 * `GET /api/posts/tags` (issue 25): the live posts' tags with their counts, most used first,
 * the same for a guest, the author of a draft and a superuser (no draft's or scheduled post's
 * tag shows); a post that goes live shows its tags at once; `?limit=` keeps the most used and
 * refuses anything but 1–1000 with a 400 naming it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

describe.each(DIALECTS)("GET /api/posts/tags (%s)", (dialect) => {
  let app: TestApp;
  let writerToken: string;
  let superuserToken: string;
  let draftId: string;

  const tags = async (query = "", token?: string) => {
    const res = await app.http.inject({
      method: "GET",
      url: `/api/posts/tags${query}`,
      headers: token ? { authorization: token } : {},
    });
    return res;
  };

  beforeAll(async () => {
    app = await createTestApp(dialect);
    const wren = await app.createUser({ username: "wren", role: "writer" });
    const olga = await app.createUser({ username: "olga", role: "writer" });
    writerToken = wren.token;
    superuserToken = (await app.createSuperuser()).token;
    const post = (author: string, slug: string, extra: Record<string, unknown>) =>
      app.seedRecord("posts", {
        author,
        title: slug,
        slug,
        content: "Text.",
        status: "published",
        publishedAt: "2024-03-05 08:00:00.000Z",
        ...extra,
      });
    await post(wren.record.id as string, "one", { tags: ["garden", "spring"] });
    await post(wren.record.id as string, "two", { tags: ["garden"] });
    await post(olga.record.id as string, "three", { tags: ["garden", "autumn"] });
    const draft = await post(wren.record.id as string, "draft", {
      tags: ["secret"],
      status: "draft",
      publishedAt: "",
    });
    draftId = String(draft.id);
    await post(wren.record.id as string, "later", {
      tags: ["future"],
      publishedAt: "2999-01-01 00:00:00.000Z",
    });
  });

  afterAll(async () => {
    await app.close();
  });

  it("counts the live posts' tags, most used first, the same for everyone", async () => {
    const expected = {
      items: [
        { tag: "garden", count: 3 },
        { tag: "autumn", count: 1 },
        { tag: "spring", count: 1 },
      ],
    };
    for (const token of [undefined, writerToken, superuserToken]) {
      const res = await tags("", token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(expected);
    }
  });

  it("keeps the most used with ?limit=", async () => {
    const res = await tags("?limit=1");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [{ tag: "garden", count: 3 }] });
  });

  it("refuses a limit that is not a whole number from 1 to 1000", async () => {
    for (const limit of ["0", "abc", "1001", "-1", "1.5", "99999"]) {
      const res = await tags(`?limit=${limit}`);
      expect(res.statusCode, limit).toBe(400);
      const body = res.json<{ status: number; data: { limit?: { code: string } } }>();
      expect(body.status).toBe(400);
      expect(body.data.limit?.code).toBe("validation_invalid_value");
    }
  });

  it("shows a post's tags as soon as it goes live", async () => {
    expect(
      (await tags()).json<{ items: { tag: string }[] }>().items.map((i) => i.tag),
    ).not.toContain("secret");
    const res = await app.http.inject({
      method: "PATCH",
      url: `/api/collections/posts/records/${draftId}`,
      headers: { authorization: writerToken },
      payload: { status: "published" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await tags()).json<{ items: { tag: string; count: number }[] }>().items;
    expect(after).toContainEqual({ tag: "secret", count: 1 });
  });
});
