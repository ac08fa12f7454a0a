/**
 * Linked translations through the records API (issue 29 item 4): a post names another of its
 * author's posts in the other language, and the other names it back; unlinking, relinking and
 * deleting keep both ends in step; a link the checks refuse is a 400 at the field; another
 * author cannot link to (or through) someone else's post; a restored post comes back unlinked.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

interface Post {
  id: string;
  lang: string;
  translations: string;
}

describe.each(DIALECTS)("post translations (%s)", (dialect) => {
  let app: TestApp;
  let lea: { token: string; record: Record<string, unknown> };
  let max: { token: string; record: Record<string, unknown> };

  const call = (
    method: "GET" | "POST" | "PATCH" | "DELETE",
    url: string,
    token: string,
    payload?: Record<string, unknown>,
  ) =>
    app.http.inject({
      method,
      url,
      headers: { authorization: token },
      ...(payload ? { payload } : {}),
    });

  const create = async (who: typeof lea, data: Record<string, unknown>) => {
    const res = await call("POST", "/api/collections/posts/records", who.token, {
      author: who.record.id,
      title: "A post",
      content: "Text.",
      status: "published",
      ...data,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Post>();
  };
  const read = async (id: string, who = lea) =>
    (await call("GET", `/api/collections/posts/records/${id}`, who.token)).json<Post>();
  const patch = (id: string, data: Record<string, unknown>, who = lea) =>
    call("PATCH", `/api/collections/posts/records/${id}`, who.token, data);

  beforeAll(async () => {
    app = await createTestApp(dialect);
    lea = await app.createUser({ username: "lea", role: "writer" });
    max = await app.createUser({ username: "max", role: "writer" });
  });
  afterAll(async () => {
    await app.close();
  });

  it("links both ways on create, and moves or drops the other end on update", async () => {
    const en = await create(lea, { title: "Hello", lang: "en" });
    const fr = await create(lea, { title: "Bonjour", lang: "fr", translations: en.id });
    expect(fr.translations).toBe(en.id);
    expect((await read(en.id)).translations).toBe(fr.id);

    // Relinking the English post to another French one frees the first.
    const fr2 = await create(lea, { title: "Salut", lang: "fr" });
    expect((await patch(en.id, { translations: fr2.id })).statusCode).toBe(200);
    expect((await read(fr2.id)).translations).toBe(en.id);
    expect((await read(fr.id)).translations).toBe("");

    // Unlinking from either end clears both.
    expect((await patch(fr2.id, { translations: "" })).statusCode).toBe(200);
    expect((await read(en.id)).translations).toBe("");
  });

  it("refuses a link the checks refuse, with a 400 at the field", async () => {
    const en = await create(lea, { lang: "en" });
    const en2 = await create(lea, { lang: "en" });
    const bare = await create(lea, { lang: "" });
    const fr = await create(lea, { lang: "fr" });
    const taken = await create(lea, {
      lang: "fr",
      translations: (await create(lea, { lang: "en" })).id,
    });
    const theirs = await create(max, { lang: "fr" });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ translations: en.id }, "translations", "validation_translation_self"],
      [{ translations: en2.id }, "translations", "validation_translation_language"],
      [{ translations: bare.id }, "translations", "validation_translation_language"],
      [{ translations: taken.id }, "translations", "validation_translation_taken"],
      [{ translations: theirs.id }, "translations", "validation_translation_author"],
      [{ translations: "nosuchpost0000" }, "translations", "validation_missing_rel_records"],
    ];
    for (const [body, field, code] of cases) {
      const res = await patch(en.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ data: Record<string, { code: string }> }>().data[field]?.code).toBe(code);
    }
    // A linked post cannot take its partner's language: said at `lang`.
    expect((await patch(fr.id, { translations: en.id })).statusCode).toBe(200);
    const same = await patch(fr.id, { lang: "en" });
    expect(same.statusCode).toBe(400);
    expect(same.json<{ data: Record<string, { code: string }> }>().data.lang?.code).toBe(
      "validation_translation_language",
    );
    // Nothing changed on either end.
    expect((await read(en.id)).translations).toBe(fr.id);
    expect((await read(theirs.id, max)).translations).toBe("");
  });

  it("another author cannot link someone else's post to theirs", async () => {
    const mine = await create(lea, { lang: "en" });
    const res = await call("POST", "/api/collections/posts/records", max.token, {
      author: max.record.id,
      title: "Copy",
      content: "x",
      lang: "fr",
      translations: mine.id,
    });
    expect(res.statusCode).toBe(400);
    expect((await read(mine.id)).translations).toBe("");
    // Nor change Léa's post to do it.
    expect((await patch(mine.id, { translations: "" }, max)).statusCode).toBe(404);
  });

  it("a delete unlinks the other end; the post restored comes back unlinked", async () => {
    const en = await create(lea, { lang: "en" });
    const fr = await create(lea, { lang: "fr", translations: en.id });
    expect(
      (await call("DELETE", `/api/collections/posts/records/${fr.id}`, lea.token)).statusCode,
    ).toBe(204);
    expect((await read(en.id)).translations).toBe("");
    const deleted = await call("GET", "/api/deleted", lea.token);
    const item = deleted
      .json<{ items: { id: string; record: string }[] }>()
      .items.find((i) => i.record === fr.id);
    expect(item).toBeDefined();
    const restored = await call("POST", `/api/deleted/${item?.id ?? ""}/restore`, lea.token);
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await read(fr.id)).translations).toBe("");
    expect((await read(en.id)).translations).toBe("");
  });
});
