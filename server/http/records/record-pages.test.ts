/**
 * `pages` through the records API (ADR 075), on both engines: writers and admins create pages
 * as themselves; a writer changes only their own, an admin any (keeping its author); guests
 * and other accounts read published pages only (a draft is a 404 to them); bad input and
 * reserved or taken slugs are 400s at the field; each save adds a revision the author reads.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

type Account = { record: Record<string, unknown>; token: string };
type Failure = { status: number; data: Record<string, { code: string } | undefined> };
type Page = Record<string, unknown> & { id: string };

describe.each(DIALECTS)("pages through the records API (%s)", (dialect) => {
  let app: TestApp;
  let writer: Account;
  let other: Account;
  let reader: Account;
  let admin: Account;

  beforeAll(async () => {
    app = await createTestApp(dialect);
    writer = await app.createUser({ username: "wren", role: "writer" });
    other = await app.createUser({ username: "otto", role: "writer" });
    reader = await app.createUser({ username: "rita" });
    admin = await app.createUser({ username: "chief", role: "admin" });
  });
  afterAll(async () => {
    await app.close();
  });

  const send = (
    method: "GET" | "POST" | "PATCH" | "DELETE",
    url: string,
    who: Account | null,
    payload?: Record<string, unknown>,
  ) =>
    app.http.inject({
      method,
      url,
      headers: who ? { authorization: who.token } : {},
      ...(payload ? { payload } : {}),
    });
  const records = "/api/collections/pages/records";
  const create = (who: Account | null, body: Record<string, unknown>) =>
    send("POST", records, who, {
      author: who?.record.id ?? "",
      lang: "en",
      title: "About",
      content: "Who writes here.",
      ...body,
    });

  it("lets writers and admins create pages as themselves, nobody else", async () => {
    expect((await create(null, { slug: "guest-page" })).statusCode).toBe(400);
    expect((await create(reader, { slug: "reader-page" })).statusCode).toBe(400);
    const asOther = await send("POST", records, other, {
      author: writer.record.id,
      slug: "forged",
      title: "Forged",
      lang: "en",
    });
    expect(asOther.statusCode).toBe(400);
    const res = await create(writer, { slug: "about" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Page>()).toMatchObject({
      slug: "about",
      status: "draft",
      lang: "en",
      inNavigation: false,
      navigationOrder: 0,
    });
    const byAdmin = await create(admin, { slug: "colophon", status: "published" });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
  });

  it("refuses bad input, reserved and taken slugs at the field", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ slug: "" }, "slug", "validation_required"],
      [{ slug: "About" }, "slug", "validation_invalid_format"],
      [{ slug: "a/b" }, "slug", "validation_invalid_format"],
      [{ slug: "create" }, "slug", "validation_reserved_slug"],
      [{ slug: "edit" }, "slug", "validation_reserved_slug"],
      [{ slug: "about" }, "slug", "validation_not_unique"],
      [{ slug: "ok-1", title: "" }, "title", "validation_required"],
      [{ slug: "ok-2", lang: "de" }, "lang", "validation_invalid_value"],
      [{ slug: "ok-3", status: "live" }, "status", "validation_invalid_value"],
      [
        { slug: "ok-4", navigationOrder: -1 },
        "navigationOrder",
        "validation_min_number_constraint",
      ],
      [{ slug: "ok-5", navigationOrder: 1.5 }, "navigationOrder", "validation_only_int_constraint"],
      [{ slug: "ok-6", content: "x".repeat(200_001) }, "content", "validation_max_text_constraint"],
    ];
    for (const [body, field, code] of cases) {
      const res = await create(writer, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.json<Failure>().data[field]?.code, JSON.stringify(body).slice(0, 60)).toBe(code);
    }
  });

  it("shows drafts only to their author and admins, published pages to everyone", async () => {
    const draft = (await create(writer, { slug: "now" })).json<Page>();
    const view = `${records}/${draft.id}`;
    for (const who of [null, reader, other]) {
      expect((await send("GET", view, who)).statusCode).toBe(404);
      const list = await send("GET", `${records}?filter=${encodeURIComponent('slug="now"')}`, who);
      expect(list.json<{ totalItems: number }>().totalItems).toBe(0);
    }
    expect((await send("GET", view, writer)).statusCode).toBe(200);
    expect((await send("GET", view, admin)).statusCode).toBe(200);
    await send("PATCH", view, writer, { status: "published" });
    for (const who of [null, reader, other])
      expect((await send("GET", view, who)).statusCode).toBe(200);
  });

  it("lets a writer change and delete only their own pages, an admin any, keeping the author", async () => {
    const page = (await create(writer, { slug: "uses" })).json<Page>();
    const url = `${records}/${page.id}`;
    expect((await send("PATCH", url, null, { title: "X" })).statusCode).toBe(404);
    expect((await send("PATCH", url, reader, { title: "X" })).statusCode).toBe(404);
    expect((await send("PATCH", url, other, { title: "X" })).statusCode).toBe(404);
    expect((await send("DELETE", url, other)).statusCode).toBe(404);
    const moved = await send("PATCH", url, writer, { author: other.record.id });
    expect(moved.statusCode).toBe(404);
    const edited = await send("PATCH", url, admin, { title: "Uses (edited)" });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Page>().author).toBe(writer.record.id);
    const taken = await send("PATCH", url, admin, { author: admin.record.id });
    expect(taken.statusCode).toBe(404);
    const own = await send("PATCH", url, writer, {
      title: "Uses",
      inNavigation: true,
      navigationOrder: 3,
    });
    expect(own.statusCode, own.body).toBe(200);
    const reserved = await send("PATCH", url, writer, { slug: "new" });
    expect(reserved.json<Failure>().data.slug?.code).toBe("validation_reserved_slug");
    expect((await send("DELETE", url, admin)).statusCode).toBe(204);
  });

  it("keeps a revision of each save, read by the page's author alone", async () => {
    const page = (await create(writer, { slug: "colophon-2", content: "First." })).json<Page>();
    await send("PATCH", `${records}/${page.id}`, writer, { content: "Second." });
    const filter = encodeURIComponent(`record="${page.id}" && recordCollection="pages"`);
    const url = `/api/collections/revisions/records?filter=${filter}&sort=version`;
    const mine = await send("GET", url, writer);
    expect(mine.statusCode).toBe(200);
    const items = mine.json<{ items: { content: string; kind: string }[] }>().items;
    expect(items.map((item) => item.content)).toEqual(["First.", "Second."]);
    expect(items[0]?.kind).toBe("create");
    const theirs = await send("GET", url, other);
    expect(theirs.json<{ totalItems: number }>().totalItems).toBe(0);
  });
});
