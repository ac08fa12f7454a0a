/**
 * ADR 017: an unlisted entry is listed only to a request that names its link
 * (`?author={username}&name={name}`), for anyone; every other list keeps it from everyone but
 * its author, whatever the filter. Private entries are never listed to others.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

type Login = Awaited<ReturnType<TestApp["createUser"]>>;

const ENTRIES = "/api/collections/entries/records";

describe.each(DIALECTS)("unlisted entries by link (%s)", (dialect) => {
  let app: TestApp;
  let wanda: Login;
  let paul: Login;
  let root: Login;

  async function titles(query: string, login?: Login): Promise<string[]> {
    const res = await app.http.inject({
      method: "GET",
      url: `${ENTRIES}?sort=title&${query}`,
      headers: login ? { authorization: login.token } : {},
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ items: { title: string }[] }>().items.map((item) => item.title);
  }

  const link = (author: string, name: string) =>
    `author=${encodeURIComponent(author)}&name=${encodeURIComponent(name)}`;

  beforeAll(async () => {
    app = await createTestApp(dialect);
    wanda = await app.createUser({ username: "wanda" });
    paul = await app.createUser({ username: "paul" });
    root = await app.createSuperuser();
    for (const [title, visibility] of [
      ["Open day", "public"],
      ["Quiet day", "unlisted"],
      ["Secret day", "private"],
    ] as const) {
      await app.seedRecord("entries", { author: wanda.record.id, title, visibility });
    }
    await app.seedRecord("entries", {
      author: paul.record.id,
      title: "Quiet day",
      visibility: "unlisted",
    });
  });
  afterAll(async () => {
    await app.close();
  });

  it("never lists another person's unlisted or private entry without its link", async () => {
    for (const login of [undefined, paul]) {
      const found = await titles("", login);
      expect(found).toContain("Open day");
      expect(found).not.toContain("Secret day");
      // Paul sees his own unlisted entry only.
      expect(found.filter((t) => t === "Quiet day")).toHaveLength(login ? 1 : 0);
    }
    // Filters cannot reach them either.
    const tricks = [
      `filter=${encodeURIComponent('visibility = "unlisted"')}`,
      `filter=${encodeURIComponent('name = "quiet-day"')}`,
      `filter=${encodeURIComponent('@request.query.name = "quiet-day"')}`,
    ];
    for (const trick of tricks) {
      const res = await app.http.inject({ method: "GET", url: `${ENTRIES}?${trick}` });
      expect([200, 400, 403], trick).toContain(res.statusCode);
      expect(res.body, trick).not.toContain("Quiet day");
    }
  });

  it("lists the one unlisted entry a request names, to anyone", async () => {
    for (const login of [undefined, paul, wanda]) {
      const res = await app.http.inject({
        method: "GET",
        url: `${ENTRIES}?${link("wanda", "quiet-day")}&filter=${encodeURIComponent(
          'author.username = "wanda" && name = "quiet-day"',
        )}`,
        headers: login ? { authorization: login.token } : {},
      });
      const items = res.json<{ items: { title: string; author: string }[] }>().items;
      expect(items).toHaveLength(1);
      expect(items[0]?.author).toBe(wanda.record.id);
    }
    // The link admits that entry and nothing more: not Paul's namesake, not private ones.
    expect(await titles(link("wanda", "quiet-day"))).toEqual(["Open day", "Quiet day"]);
    expect(await titles(link("wanda", "secret-day"))).toEqual(["Open day"]);
    expect(await titles(`name=quiet-day`)).toEqual(["Open day"]);
    expect(await titles(`author=wanda`)).toEqual(["Open day"]);
    expect(await titles(link("paul", "quiet-day"))).toEqual(["Open day", "Quiet day"]);
    expect(await titles(link("wanda", ""))).toEqual(["Open day"]);
  });

  it("leaves superusers and authors seeing everything they did", async () => {
    expect(await titles("", root)).toEqual(["Open day", "Quiet day", "Quiet day", "Secret day"]);
    expect(await titles("", wanda)).toEqual(["Open day", "Quiet day", "Secret day"]);
  });
});
