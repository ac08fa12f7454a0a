/**
 * "Recently deleted" (`/writing/deleted`, ADR 067) rendered by the server with real data: a
 * guest goes to `/login`, a superuser gets a notice, `/writing` links the page; a writer sees
 * their own deleted entries and posts (never another person's), newest first, with when each
 * goes for good; restores one by a plain form post and is told where it is now (with its new
 * address when its own was taken); deletes one forever after the page's own confirmation
 * (no JavaScript needed); a refused action says why. English and French.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authCookie, getPage, mainOf as main, textOf as text } from "#tests/helpers/pages.ts";
import { itemOf } from "#tests/helpers/recently-deleted-kit.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

type Login = Awaited<ReturnType<TestApp["createUser"]>>;

describe.each(DIALECTS)("/writing/deleted (%s)", (dialect) => {
  let app: TestApp;
  let wanda: Login;
  let olga: Login;
  let root: Login;
  const ids: Record<string, string> = {};

  const page = (url: string, login?: Login, lang = "en") => getPage(app, url, login, lang);
  const post = (login: Login, body: string) =>
    app.http.inject({
      method: "POST",
      url: "/writing/deleted",
      headers: {
        cookie: `${authCookie(login)}; locale=en`,
        "content-type": "application/x-www-form-urlencoded",
      },
      payload: body,
    });
  const create = async (login: Login, collection: string, body: object) => {
    const res = await app.http.inject({
      method: "POST",
      url: `/api/collections/${collection}/records`,
      headers: { authorization: login.token },
      payload: { author: login.record.id, ...body },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ id: string; name?: string; slug?: string }>();
  };
  const remove = async (login: Login, collection: string, id: string) => {
    const res = await app.http.inject({
      method: "DELETE",
      url: `/api/collections/${collection}/records/${id}`,
      headers: { authorization: login.token },
    });
    expect(res.statusCode, res.body).toBe(204);
    return (await itemOf(app, login.token, id))?.id ?? "";
  };

  beforeAll(async () => {
    app = await createTestApp(dialect);
    wanda = await app.createUser({ username: "wanda", role: "writer" });
    olga = await app.createUser({ username: "olga", role: "writer" });
    root = await app.createSuperuser();
    const entry = await create(wanda, "entries", { title: "Garden diary" });
    ids.entry = entry.id;
    ids.entryItem = await remove(wanda, "entries", entry.id);
    const draft = await create(wanda, "posts", { title: "Seed swap" });
    ids.post = draft.id;
    ids.postItem = await remove(wanda, "posts", draft.id);
    const olgas = await create(olga, "entries", { title: "Olga's walk" });
    ids.olga = olgas.id;
    ids.olgaItem = await remove(olga, "entries", olgas.id);
  });
  afterAll(async () => {
    await app.close();
  });

  it("sends a guest to the login page and gives a superuser a notice", async () => {
    const guest = await page("/writing/deleted");
    expect(guest.statusCode).toBe(302);
    expect(guest.headers.location).toContain("/login");
    const notice = await page("/writing/deleted", root);
    expect(notice.statusCode).toBe(200);
    expect(notice.body).toContain('data-testid="superuser-notice"');
  });

  it("is linked from /writing, in English and French", async () => {
    const en = main((await page("/writing", wanda)).body);
    expect(en).toMatch(/<a[^>]*href="\/writing\/deleted"[^>]*>Recently deleted<\/a>/);
    const fr = main((await page("/writing", wanda, "fr")).body);
    expect(fr).toMatch(/<a[^>]*href="\/writing\/deleted"[^>]*>Supprimés récemment<\/a>/);
  });

  it("lists the writer's own deleted entries and posts, newest first, with their actions", async () => {
    const res = await page("/writing/deleted", wanda);
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<title>Recently deleted · [^<]+<\/title>/);
    expect(res.body).toContain('<meta name="robots" content="noindex"');
    const shown = main(res.body);
    const titles = [...shown.matchAll(/<h3[^>]*>([^<]+)<\/h3>/g)].map((m) => m[1]);
    expect(titles).toEqual(["Seed swap", "Garden diary"]);
    expect(text(shown)).not.toContain("Olga");
    expect(text(shown)).toMatch(/Deleted [^]+ UTC Kept until [^]+ UTC/);
    expect(shown).toContain('aria-label="Restore “Garden diary”"');
    expect(shown).toContain('aria-label="Delete “Garden diary” forever"');
    // Restore posts to the page's action; Delete forever opens the page's confirmation.
    expect(shown).toContain(
      `action="/writing/deleted" method="post"><input type="hidden" name="intent" value="restore"/><input type="hidden" name="id" value="${ids.entryItem ?? ""}"/>`,
    );
    expect(shown).toContain(
      `action="/writing/deleted#confirm-delete" method="get"><input type="hidden" name="confirm" value="${ids.entryItem ?? ""}"/>`,
    );
    // The script's dialog is made when it asks: no nameless "Delete “” forever?" in the page.
    expect(shown).not.toContain("<dialog");
    const fr = main((await page("/writing/deleted", wanda, "fr")).body);
    expect(text(fr)).toContain("Supprimés récemment");
    expect(fr).toContain('aria-label="Restaurer «\u00a0Garden diary\u00a0»"');
    expect(fr).toContain("Gardé jusqu&#x27;au");
  });

  it("restores by a plain form post and says where the record is now", async () => {
    const res = await post(wanda, `intent=restore&id=${ids.entryItem ?? ""}&page=1`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(
      `/writing/deleted?restored=entries&record=${ids.entry ?? ""}`,
    );
    const after = main((await page(String(res.headers.location), wanda)).body);
    const outcome = after.slice(after.indexOf('data-testid="deleted-outcome"'));
    expect(outcome).toMatch(
      /^[^]*?role="status"[^>]*>Restored:(?:<!-- -->)? <a[^>]*href="\/entry\/wanda\/garden-diary"[^>]*>Garden diary<\/a>/,
    );
    expect(text(after)).not.toContain("Its address is now");
    expect([...after.matchAll(/<h3[^>]*>([^<]+)<\/h3>/g)].map((m) => m[1])).toEqual(["Seed swap"]);
    expect((await page("/entry/wanda/garden-diary", wanda)).statusCode).toBe(200);
  });

  it("tells the new address of a record whose own was taken meanwhile", async () => {
    await create(wanda, "posts", { title: "Seed swap" });
    const res = await post(wanda, `intent=restore&id=${ids.postItem ?? ""}`);
    expect(res.statusCode).toBe(302);
    const shown = text(main((await page(String(res.headers.location), wanda)).body));
    expect(shown).toContain("Restored: Seed swap");
    expect(shown).toContain("Its address is now “seed-swap-2”: the old one was taken meanwhile.");
  });

  it("deletes for good only after the page's own confirmation", async () => {
    const made = await create(wanda, "entries", { title: "Compost notes" });
    const item = await remove(wanda, "entries", made.id);
    const asked = main((await page(`/writing/deleted?confirm=${item}`, wanda)).body);
    expect(asked).toContain('id="confirm-delete"');
    expect(text(asked)).toContain(
      "Delete “Compost notes” forever? The entry, its attachments, its history and its comments are deleted for good.",
    );
    expect(asked).toMatch(/<a[^>]*href="\/writing\/deleted"[^>]*>Cancel<\/a>/);
    expect(asked).toMatch(
      new RegExp(`name="intent" value="purge"/><input type="hidden" name="id" value="${item}"/>`),
    );
    // Nothing is deleted by asking.
    expect(await itemOf(app, wanda.token, made.id)).toBeDefined();
    const res = await post(wanda, `intent=purge&id=${item}&page=1`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/writing/deleted?purged=1");
    const after = main((await page("/writing/deleted?purged=1", wanda)).body);
    expect(text(after)).toContain("Deleted for good.");
    expect(text(after)).not.toContain("Compost notes");
    expect(await itemOf(app, wanda.token, made.id)).toBeUndefined();
  });

  it("says why an action was refused", async () => {
    const foreign = await post(wanda, `intent=restore&id=${ids.olgaItem ?? ""}`);
    expect(foreign.statusCode).toBe(404);
    expect(text(main(foreign.body))).toContain(
      "It is no longer in Recently deleted: it was restored or deleted meanwhile.",
    );
    // Olga's item is still hers, waiting.
    expect(await itemOf(app, olga.token, ids.olga ?? "")).toMatchObject({ id: ids.olgaItem });
    const unknown = await post(wanda, "intent=other&id=x");
    expect(unknown.statusCode).toBe(400);
    expect(text(main(unknown.body))).toContain("Something went wrong");
  });

  it("says so when nothing was deleted", async () => {
    const paul = await app.createUser({ username: "paul" });
    const shown = text(main((await page("/writing/deleted", paul)).body));
    expect(shown).toContain("Nothing was deleted in the last 30 days.");
    expect(text(main((await page("/writing/deleted", paul, "fr")).body))).toContain(
      "Rien n'a été supprimé ces 30 derniers jours.",
    );
  });
});
