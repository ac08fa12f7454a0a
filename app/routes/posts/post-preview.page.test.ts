/**
 * A draft's private preview page (issue 25): `/post/{username}/{slug}?preview=<secret>` shows
 * the draft to a guest, says it is a private preview (English and French), is kept by nobody
 * and indexed by no search engine; a stopped or wrong secret, or one for another post, is
 * the 404 page; the editor offers the link to the author.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import { getPage, textOf, type Login } from "#tests/helpers/pages.ts";

describe.each(DIALECTS)("a draft's preview page (%s)", (dialect) => {
  let app: TestApp;
  let wanda: Login;
  let token = "";
  let otherToken = "";

  const create = async (title: string) => {
    const res = await app.http.inject({
      method: "POST",
      url: "/api/collections/posts/records",
      headers: { authorization: wanda.token },
      payload: { author: wanda.record.id, title, content: `${title}: almost ready.` },
    });
    return res.json<{ id: string; slug: string }>();
  };
  const link = async (id: string) => {
    const res = await app.http.inject({
      method: "POST",
      url: `/api/posts/${id}/preview`,
      headers: { authorization: wanda.token },
    });
    return res.json<{ previewToken: string }>().previewToken;
  };

  beforeAll(async () => {
    app = await createTestApp(dialect);
    wanda = await app.createUser({ username: "wanda", role: "writer" });
    token = await link((await create("Draft one")).id);
    otherToken = await link((await create("Draft two")).id);
  });
  afterAll(async () => {
    await app.close();
  });

  it("shows the draft to a guest with the secret, kept by nobody, indexed by none", async () => {
    const res = await getPage(app, `/post/wanda/draft-one?preview=${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(textOf(res.body)).toContain("Draft one: almost ready.");
    expect(textOf(res.body)).toContain("Private preview: this post is not published yet.");
    expect(res.body).toContain('<meta name="robots" content="noindex');
    const fr = await getPage(app, `/post/wanda/draft-one?preview=${token}`, undefined, "fr");
    expect(textOf(fr.body)).toContain("Aperçu privé : cet article n'est pas encore publié.");
  });

  it("is the 404 page without the secret, with a wrong one, or another post's", async () => {
    expect((await getPage(app, "/post/wanda/draft-one")).statusCode).toBe(404);
    expect((await getPage(app, `/post/wanda/draft-one?preview=${"a".repeat(32)}`)).statusCode).toBe(
      404,
    );
    expect((await getPage(app, `/post/wanda/draft-one?preview=${otherToken}`)).statusCode).toBe(
      404,
    );
  });

  it("offers the link in the author's editor", async () => {
    const editor = await getPage(app, "/post/update/wanda/draft-one", wanda);
    expect(editor.statusCode).toBe(200);
    expect(textOf(editor.body)).toContain("Private preview");
    expect(editor.body).toContain(`/post/wanda/draft-one?preview=${token}`);
  });
});
