/**
 * What the fediverse leaves on a post page (issue 27 item 4), rendered by the server with
 * real data: "N likes and M boosts from the fediverse" in English and French plurals (nothing
 * at zero), and an approved reply from the fediverse shown like any comment, its author's name
 * linking to their profile (`rel="nofollow ugc noopener"`), their avatar with alt text and a
 * "via the fediverse" mark; held, it shows to nobody, and approving it reaches a guest's page
 * at once (the page cache clears). The moderation page names its source.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import { getPage, textOf, type Login } from "#tests/helpers/pages.ts";

const ORIGIN = "https://blog.example";
const BOB = "https://social.example/users/bob";

describe.each(DIALECTS)("the fediverse on a post page (%s)", (dialect) => {
  let app: TestApp;
  let replies: NonNullable<TestApp["fediverse"]>["replies"];
  let wanda: Login;
  let postId = "";
  const path = "/post/wanda/heard-afar";

  beforeAll(async () => {
    app = await createTestApp(dialect, { APP_URL: ORIGIN });
    if (!app.fediverse) throw new Error("federation is off");
    replies = app.fediverse.replies;
    wanda = await app.createUser({ username: "wanda", name: "Wanda Writer", role: "writer" });
    const post = await app.seedRecord("posts", {
      author: wanda.record.id,
      title: "Heard afar",
      slug: "heard-afar",
      content: "The text.",
      status: "published",
      publishedAt: "2024-03-05 08:00:00.000Z",
    });
    postId = String(post.id);
  });

  afterAll(async () => {
    await app.close();
  });

  it("says nothing of the fediverse while nobody there liked or boosted the post", async () => {
    const res = await getPage(app, `${path}?zero`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('data-testid="fediverse-reactions"');
  });

  it("counts likes and boosts in English and French", async () => {
    const object = `${ORIGIN}/ap/posts/${postId}`;
    for (const n of [1, 2, 3])
      await replies.react("like", `${BOB}${String(n)}`, object, `${BOB}${String(n)}#like`);
    await replies.react("announce", BOB, object, `${BOB}#boost`);
    const en = textOf((await getPage(app, `${path}?en`)).body);
    expect(en).toContain("3 likes and 1 boost from the fediverse");
    const fr = textOf((await getPage(app, `${path}?fr`, undefined, "fr")).body);
    expect(fr).toContain("3 « j’aime » et 1 partage depuis le fédivers");
  });

  it("shows an approved fediverse reply with its author's link, avatar and mark", async () => {
    const note = "https://social.example/notes/1";
    expect(
      await replies.receive({
        id: note,
        actor: BOB,
        inReplyTo: `${ORIGIN}/ap/posts/${postId}`,
        html: "<p>Greetings from <em>afar</em></p>",
        name: "Bob Elsewhere",
        profileUrl: "https://social.example/@bob",
        avatar: "https://social.example/avatars/bob.png",
      }),
    ).toBe("created");
    // Held: a guest's page (cached now) does not show it.
    expect((await getPage(app, path)).body).not.toContain("Greetings from");
    const moderation = await getPage(app, "/writing/comments", wanda);
    expect(textOf(moderation.body)).toContain("Bob Elsewhere ( via the fediverse )");
    expect(moderation.body).toContain('href="https://social.example/@bob"');

    const [comment] = (
      await app.http.inject({
        method: "GET",
        url: `/api/collections/comments/records?filter=${encodeURIComponent(`remoteUrl = "${note}"`)}`,
        headers: { authorization: wanda.token },
      })
    ).json<{ items: { id: string }[] }>().items;
    const approved = await app.http.inject({
      method: "PATCH",
      url: `/api/collections/comments/records/${String(comment?.id)}`,
      headers: { authorization: wanda.token },
      payload: { status: "approved" },
    });
    expect(approved.statusCode).toBe(200);

    const html = (await getPage(app, path)).body;
    expect(html).toContain("Greetings from <em>afar</em>");
    expect(html).toMatch(
      /<a href="https:\/\/social\.example\/@bob" rel="nofollow ugc noopener"[^>]*>Bob Elsewhere<\/a>/,
    );
    expect(html).toMatch(
      /<img src="https:\/\/social\.example\/avatars\/bob\.png" alt="Avatar of Bob Elsewhere"/,
    );
    expect(textOf(html)).toContain("via the fediverse");
    const fr = (await getPage(app, `${path}?fr`, undefined, "fr")).body;
    expect(textOf(fr)).toContain("depuis le fédivers");
    expect(fr).toContain('alt="Avatar de Bob Elsewhere"');
  });
});
