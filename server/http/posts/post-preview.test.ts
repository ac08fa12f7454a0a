/**
 * A draft's private preview link (issue 25): only whoever may change the post makes or stops
 * one (401 for a guest, 404 for anyone else); the secret reads the post as a guest is shown its
 * fields, without an account, until it is stopped or replaced; the secret is shown to the
 * author alone, cannot be filtered on, and no client writes it through the records API; a
 * link changes no revision.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

describe.each(DIALECTS)("private preview links (%s)", (dialect) => {
  let app: TestApp;
  let wanda: { token: string; record: Record<string, unknown> };
  let olga: { token: string };
  let root: { token: string };
  let draftId = "";

  const call = (
    method: "GET" | "POST" | "DELETE" | "PATCH",
    url: string,
    token?: string,
    payload?: Record<string, unknown>,
  ) =>
    app.http.inject({
      method,
      url,
      headers: token ? { authorization: token } : {},
      ...(payload ? { payload } : {}),
    });
  const make = async () => {
    const res = await call("POST", `/api/posts/${draftId}/preview`, wanda.token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ previewToken: string }>().previewToken;
  };
  const revisions = async () =>
    (
      await call(
        "GET",
        `/api/collections/revisions/records?filter=${encodeURIComponent(`record="${draftId}"`)}`,
        wanda.token,
      )
    ).json<{ totalItems: number }>().totalItems;

  beforeAll(async () => {
    app = await createTestApp(dialect);
    wanda = await app.createUser({ username: "wanda", role: "writer", email: "wanda@example.com" });
    olga = await app.createUser({ username: "olga", role: "writer" });
    root = await app.createSuperuser();
    const created = await call("POST", "/api/collections/posts/records", wanda.token, {
      author: wanda.record.id,
      title: "Not yet",
      content: "Almost ready.",
    });
    expect(created.statusCode, created.body).toBe(200);
    draftId = created.json<{ id: string }>().id;
  });
  afterAll(async () => {
    await app.close();
  });

  it("lets only whoever may change the post make a link", async () => {
    expect((await call("POST", `/api/posts/${draftId}/preview`)).statusCode).toBe(401);
    for (const token of [olga.token, root.token]) {
      const res = await call("POST", `/api/posts/${draftId}/preview`, token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 404 });
    }
    expect((await call("POST", "/api/posts/nosuchpost00000/preview", wanda.token)).statusCode).toBe(
      404,
    );
    expect((await call("DELETE", `/api/posts/${draftId}/preview`, olga.token)).statusCode).toBe(
      404,
    );
  });

  it("reads the draft by its secret, as a guest is shown it, until the link changes", async () => {
    const before = await revisions();
    const token = await make();
    expect(token).toMatch(/^[a-z0-9]{32}$/);
    const res = await call("GET", `/api/posts/preview?token=${token}`);
    expect(res.statusCode, res.body).toBe(200);
    const post = res.json<
      Record<string, unknown> & { expand: { author: Record<string, unknown> } }
    >();
    expect(post).toMatchObject({
      id: draftId,
      title: "Not yet",
      status: "draft",
      previewToken: "",
    });
    expect(post.expand.author.username).toBe("wanda");
    expect(post.expand.author.email ?? "").toBe("");
    // The author is shown the secret; nobody else.
    const own = await call("GET", `/api/collections/posts/records/${draftId}`, wanda.token);
    expect(own.json<{ previewToken: string }>().previewToken).toBe(token);
    // A new link replaces the old one; a stopped one reads nothing.
    const renewed = await make();
    expect((await call("GET", `/api/posts/preview?token=${token}`)).statusCode).toBe(404);
    expect((await call("GET", `/api/posts/preview?token=${renewed}`)).statusCode).toBe(200);
    expect((await call("DELETE", `/api/posts/${draftId}/preview`, wanda.token)).statusCode).toBe(
      204,
    );
    expect((await call("GET", `/api/posts/preview?token=${renewed}`)).statusCode).toBe(404);
    // Links are no edits of the post.
    expect(await revisions()).toBe(before);
  });

  it("answers 404 for any other secret", async () => {
    for (const token of ["", "short", "a".repeat(33), "A".repeat(32), "a".repeat(32)]) {
      expect((await call("GET", `/api/posts/preview?token=${token}`)).statusCode, token).toBe(404);
    }
  });

  it("never lets a client write or filter on the secret", async () => {
    const token = await make();
    const patched = await call("PATCH", `/api/collections/posts/records/${draftId}`, wanda.token, {
      previewToken: "chosen-by-me",
      title: "Not yet, still",
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<{ previewToken: string }>().previewToken).toBe(token);
    const created = await call("POST", "/api/collections/posts/records", wanda.token, {
      author: wanda.record.id,
      title: "Another",
      content: "Text.",
      previewToken: "a".repeat(32),
    });
    expect(created.json<{ previewToken: string }>().previewToken).toBe("");
    const probe = await call(
      "GET",
      `/api/collections/posts/records?filter=${encodeURIComponent(`previewToken="${token}"`)}`,
      olga.token,
    );
    expect(probe.statusCode).toBe(400);
  });
});
