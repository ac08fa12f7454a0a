/**
 * Moving several entries into a collection at once from "My writing" (issue 25), by a plain
 * form post: the selected entries move in one batch and the page says so (English and
 * French); nothing selected, another person's collection, or another person's entry among
 * the selection are refused with a message, and then nothing moves; "No collection" takes
 * them out; a guest goes to the login page.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import { authCookie, type Login, textOf as text } from "#tests/helpers/pages.ts";

describe.each(DIALECTS)("moving entries from /writing (%s)", (dialect) => {
  let app: TestApp;
  let wanda: Login;
  let olga: Login;
  const ids: Record<string, string> = {};

  const move = (login: Login | null, body: string, lang = "en") =>
    app.http.inject({
      method: "POST",
      url: "/writing?show=entries",
      headers: {
        cookie: `${login ? `${authCookie(login)}; ` : ""}locale=${lang}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      payload: body,
    });
  const collectionOf = async (id: string) => {
    const row = await app.http.inject({
      method: "GET",
      url: `/api/collections/entries/records/${id}`,
      headers: { authorization: id === ids.olgaEntry ? olga.token : wanda.token },
    });
    return row.json<{ collection: string }>().collection;
  };

  beforeAll(async () => {
    app = await createTestApp(dialect);
    wanda = await app.createUser({ username: "wanda" });
    olga = await app.createUser({ username: "olga" });
    const collection = async (owner: Login, title: string, name: string) =>
      String(
        (
          await app.seedRecord("collections", {
            owner: owner.record.id,
            title,
            name,
            visibility: "private",
          })
        ).id,
      );
    ids.travel = await collection(wanda, "Travel", "travel");
    ids.olgas = await collection(olga, "Olga's", "olgas");
    const entry = async (author: Login, title: string) =>
      String(
        (
          await app.seedRecord("entries", {
            author: author.record.id,
            title,
            content: "Words.",
            visibility: "private",
          })
        ).id,
      );
    ids.one = await entry(wanda, "Lisbon");
    ids.two = await entry(wanda, "Porto");
    ids.three = await entry(wanda, "Home again");
    ids.olgaEntry = await entry(olga, "Olga's entry");
  });

  afterAll(async () => {
    await app.close();
  });

  it("offers a checkbox per entry and one move form", async () => {
    const res = await app.http.inject({
      method: "GET",
      url: "/writing",
      headers: { cookie: `${authCookie(wanda)}; locale=en` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<form[^>]*id="bulk-move"/);
    const box = /<input[^>]*aria-label="Select “Lisbon”"[^>]*>/.exec(res.body)?.[0] ?? "";
    for (const attribute of ['type="checkbox"', 'form="bulk-move"', 'name="ids"'])
      expect(box).toContain(attribute);
    expect(text(res.body)).toContain("Move the selected entries");
  });

  it("moves the selected entries in one go and says so", async () => {
    const res = await move(
      wanda,
      `ids=${ids.one ?? ""}&ids=${ids.two ?? ""}&collection=${ids.travel ?? ""}`,
    );
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toBe("/writing?show=entries&moved=2&to=travel");
    expect(await collectionOf(ids.one ?? "")).toBe(ids.travel);
    expect(await collectionOf(ids.two ?? "")).toBe(ids.travel);
    expect(await collectionOf(ids.three ?? "")).toBe("");
    const after = await app.http.inject({
      method: "GET",
      url: "/writing?show=entries&moved=2&to=travel",
      headers: { cookie: `${authCookie(wanda)}; locale=fr` },
    });
    expect(text(after.body)).toContain("2 entrées déplacées dans « Travel ».");
  });

  it("takes entries out of their collection with No collection", async () => {
    const res = await move(wanda, `ids=${ids.one ?? ""}&collection=`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/writing?show=entries&moved=1");
    expect(await collectionOf(ids.one ?? "")).toBe("");
    const after = await app.http.inject({
      method: "GET",
      url: res.headers.location ?? "",
      headers: { cookie: `${authCookie(wanda)}; locale=en` },
    });
    expect(text(after.body)).toContain("1 entry taken out of its collection.");
  });

  it("refuses without a selection, with another's collection, or with another's entry", async () => {
    const none = await move(wanda, `collection=${ids.travel ?? ""}`);
    expect(none.statusCode).toBe(400);
    expect(text(none.body)).toContain("Select at least one entry first.");

    const foreignCollection = await move(
      wanda,
      `ids=${ids.three ?? ""}&collection=${ids.olgas ?? ""}`,
      "fr",
    );
    expect(foreignCollection.statusCode).toBe(400);
    expect(text(foreignCollection.body)).toContain("Cette collection n'est pas l'une des vôtres.");
    expect(await collectionOf(ids.three ?? "")).toBe("");

    const foreignEntry = await move(
      wanda,
      `ids=${ids.three ?? ""}&ids=${ids.olgaEntry ?? ""}&collection=${ids.travel ?? ""}`,
    );
    expect(foreignEntry.statusCode).toBe(400);
    expect(text(foreignEntry.body)).toContain("Nothing was moved");
    // All or none: her own entry stayed where it was, and Olga's too.
    expect(await collectionOf(ids.three ?? "")).toBe("");
    expect(await collectionOf(ids.olgaEntry ?? "")).toBe("");
  });

  it("sends a guest to the login page", async () => {
    const res = await move(null, `ids=${ids.one ?? ""}&collection=${ids.travel ?? ""}`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toContain("/login");
  });
});
