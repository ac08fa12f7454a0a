/**
 * `meta.navigation` in `PATCH /api/settings` (ADR 075): superusers only; each language's list
 * kept in order and apart from the other's; bad shapes, labels and addresses refused with a 400
 * at `meta.navigation` naming the link; at most 12 links per language.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

type Failure = { status: number; data: Record<string, { code: string; message: string }> };
type Settings = { meta: { navigation: Record<string, { label: string; url: string }[]> } };

describe.each(DIALECTS)("navigation links in the settings (%s)", (dialect) => {
  let app: TestApp;
  let rootToken: string;
  let adminToken: string;

  beforeAll(async () => {
    app = await createTestApp(dialect);
    rootToken = (await app.createSuperuser()).token;
    adminToken = (await app.createUser({ username: "chief", role: "admin" })).token;
  });
  afterAll(async () => {
    await app.close();
  });

  const patch = (navigation: unknown, token: string | null = rootToken) =>
    app.http.inject({
      method: "PATCH",
      url: "/api/settings",
      headers: token ? { authorization: token } : {},
      payload: { meta: { navigation } },
    });

  it("lets only superusers set them", async () => {
    const links = { en: [{ label: "About", url: "/about" }] };
    expect((await patch(links, null)).statusCode).toBe(401);
    expect((await patch(links, adminToken)).statusCode).toBe(403);
  });

  it("keeps each language's links in order, trimmed, the other language untouched", async () => {
    let res = await patch({
      en: [
        { label: " About ", url: "/about" },
        { label: "Code", url: "https://code.example/me?tab=1#top" },
        { label: "Old site", url: "http://old.example" },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Settings>().meta.navigation).toEqual({
      en: [
        { label: "About", url: "/about" },
        { label: "Code", url: "https://code.example/me?tab=1#top" },
        { label: "Old site", url: "http://old.example" },
      ],
      fr: [],
    });
    res = await patch({ fr: [{ label: "À propos", url: "/a-propos" }] });
    const navigation = res.json<Settings>().meta.navigation;
    expect(navigation.en).toHaveLength(3);
    expect(navigation.fr).toEqual([{ label: "À propos", url: "/a-propos" }]);
    const read = await app.http.inject({
      method: "GET",
      url: "/api/settings",
      headers: { authorization: rootToken },
    });
    expect(read.json<Settings>().meta.navigation).toEqual(navigation);
    res = await patch({ en: [], fr: [] });
    expect(res.json<Settings>().meta.navigation).toEqual({ en: [], fr: [] });
  });

  it("refuses bad links with a 400 at meta.navigation, keeping what was saved", async () => {
    await patch({ en: [{ label: "Kept", url: "/kept" }] });
    const link = (label: unknown, url: unknown) => ({ en: [{ label, url }] });
    const cases: [unknown, string][] = [
      ["plain", "validation_invalid_navigation"],
      [[{ label: "A", url: "/a" }], "validation_invalid_navigation"],
      [{ de: [] }, "validation_unknown_field"],
      [{ en: "/about" }, "validation_invalid_navigation"],
      [{ en: ["/about"] }, "validation_invalid_navigation"],
      [{ en: [{ label: "A", url: "/a", target: "_blank" }] }, "validation_invalid_navigation"],
      [link("", "/about"), "validation_invalid_link_label"],
      [link("   ", "/about"), "validation_invalid_link_label"],
      [link("x".repeat(41), "/about"), "validation_invalid_link_label"],
      [link(12, "/about"), "validation_invalid_link_label"],
      [link("About", ""), "validation_invalid_link_url"],
      [link("About", "about"), "validation_invalid_link_url"],
      [link("About", "//evil.example/x"), "validation_invalid_link_url"],
      [link("About", "/\\evil.example"), "validation_invalid_link_url"],
      [link("About", "/a b"), "validation_invalid_link_url"],
      [link("About", "javascript:alert(1)"), "validation_invalid_link_url"],
      [link("About", "mailto:me@example.com"), "validation_invalid_link_url"],
      [link("About", "ftp://files.example"), "validation_invalid_link_url"],
      [link("About", "https://"), "validation_invalid_link_url"],
      [link("About", `/${"a".repeat(2000)}`), "validation_invalid_link_url"],
      [
        { en: Array.from({ length: 13 }, (_, i) => ({ label: `L${String(i)}`, url: "/x" })) },
        "validation_too_many_links",
      ],
    ];
    for (const [navigation, code] of cases) {
      const res = await patch(navigation);
      expect(res.statusCode, JSON.stringify(navigation).slice(0, 80)).toBe(400);
      const error = res.json<Failure>().data["meta.navigation"];
      expect(error?.code, JSON.stringify(navigation).slice(0, 80)).toBe(code);
    }
    const second = await patch({
      fr: [
        { label: "Bon", url: "/bon" },
        { label: "Mauvais", url: "//x" },
      ],
    });
    expect(second.json<Failure>().data["meta.navigation"]?.message).toContain("Link 2 in French");

    const twelve = Array.from({ length: 12 }, (_, i) => ({ label: `L${String(i)}`, url: "/x" }));
    const res = await patch({ en: twelve });
    expect(res.statusCode).toBe(200);
    expect(res.json<Settings>().meta.navigation.en).toHaveLength(12);
    await patch({ en: [], fr: [] });
  });
});
