/**
 * The layout of the reading pages as the server renders it (issue 25 item 16): the classes
 * that line up the blog's cards, the archive's filters and the confirm-email banner, at a
 * phone's width and at a desktop's, in English and French. The layout itself is CSS; what is
 * checked here is the markup that produces it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import { authCookie, type Login } from "#tests/helpers/pages.ts";

/** The `class` attribute of the first element of `html` whose opening tag matches `tag`. */
function classOf(html: string, tag: RegExp): string {
  const open = tag.exec(html)?.[0];
  if (!open) throw new Error(`no element matching ${String(tag)}`);
  return /class="([^"]*)"/.exec(open)?.[1] ?? "";
}

/** The classes of `className`, one by one. */
function classes(className: string): string[] {
  return className.split(/\s+/).filter(Boolean);
}

describe.each(DIALECTS)("reading pages' layout (%s)", (dialect) => {
  let app: TestApp;
  let wanda: Login;

  const page = (url: string, headers: Record<string, string> = {}) =>
    app.http.inject({ method: "GET", url, headers });

  beforeAll(async () => {
    app = await createTestApp(dialect);
    // Accounts are created unverified: Wanda sees the confirm-email banner.
    wanda = await app.createUser({ username: "wanda", name: "Wanda Writer", role: "writer" });
    for (const [i, content] of [
      "Short.",
      Array.from({ length: 80 }, () => "word").join(" "),
    ].entries())
      await app.seedRecord("posts", {
        author: wanda.record.id,
        title: `Post ${String(i)}`,
        content,
        tags: i === 0 ? ["garden"] : [],
        status: "published",
        publishedAt: `2024-01-0${String(i + 1)} 09:00:00.000Z`,
        lang: "en",
      });
  });
  afterAll(async () => {
    await app.close();
  });

  it.each(["/blog", "/"])(
    "%s: the cards of a row are equally tall, whatever their content or cover",
    async (url) => {
      const html = (await page(url)).body;
      const list = classes(classOf(html, /<ul class="[^"]*md:grid-cols-2[^"]*"/));
      // The grid stretches its items (no `items-start`: a short card left a hole)…
      expect(list).toContain("grid");
      expect(list).not.toContain("items-start");
      expect(list.some((c) => /^(md:)?items-(start|center|end|baseline)$/.test(c))).toBe(false);
      // …each item passes the height on to its card, and the card's text fills it.
      const item = html.slice(html.indexOf(`<ul class="${list.join(" ")}"`));
      expect(classes(classOf(item, /<li[^>]*>/))).toContain("flex");
      const card = classes(classOf(item, /<article[^>]*>/));
      expect(card).toEqual(expect.arrayContaining(["flex", "flex-col", "h-full", "w-full"]));
      const body = classes(classOf(item.slice(item.indexOf("<article")), /<div[^>]*>/));
      expect(body).toEqual(expect.arrayContaining(["flex", "flex-1", "flex-col"]));
    },
  );

  it.each([
    ["en", "Apply"],
    ["fr", "Appliquer"],
  ])(
    "/archive (%s): the filters share the rows of one grid at desktop width and stack at 360 px",
    async (lang, apply) => {
      const html = (await page("/archive", { cookie: `locale=${lang}` })).body;
      // The archive's form (the header's search form comes before it).
      const filters = html.slice(
        html.lastIndexOf("<form", html.indexOf('id="archive-kind"')),
        html.indexOf("</form>", html.indexOf('id="archive-kind"')),
      );
      const form = classes(classOf(filters, /<form[^>]*>/));
      // Desktop: three columns, three rows (labels, controls, hints) that the fields share.
      expect(form).toEqual(
        expect.arrayContaining(["grid", "sm:grid-rows-[auto_auto_auto]", "sm:gap-y-0"]),
      );
      expect(form.some((c) => c.startsWith("sm:grid-cols-"))).toBe(true);
      const fields = [...filters.matchAll(/<div class="([^"]*)"><label/g)].map((m) =>
        classes(m[1] ?? ""),
      );
      expect(fields).toHaveLength(2);
      for (const field of fields)
        expect(field).toEqual(
          expect.arrayContaining(["sm:row-span-3", "sm:grid", "sm:grid-rows-subgrid"]),
        );
      // The button sits in the controls' row, level with them, not on a guessed margin.
      const actions = classes(classOf(filters, /<div class="[^"]*"><button/));
      expect(actions).toEqual(
        expect.arrayContaining(["sm:col-start-3", "sm:row-start-2", "sm:self-start", "sm:mt-1"]),
      );
      expect(actions.some((c) => /^sm:m[bt]-(?!1$)/.test(c))).toBe(false);
      const button = classes(classOf(filters, /<button type="submit"[^>]*>/));
      // As tall as the inputs (same padding, a border like theirs); full width on a phone.
      expect(button).toEqual(expect.arrayContaining(["w-full", "sm:w-auto", "border"]));
      expect(filters).toContain(`>${apply}</button>`);
    },
  );

  it.each([
    ["en", "Send the link again"],
    ["fr", "Renvoyer le lien"],
  ])(
    "the confirm-email banner (%s) has room, wraps and a full-width button on a phone, one line from sm",
    async (lang, resend) => {
      const html = (await page("/blog", { cookie: `${authCookie(wanda)}; locale=${lang}` })).body;
      const start = html.indexOf('data-testid="verification-banner"');
      expect(start).toBeGreaterThan(0);
      const banner = html.slice(start, html.indexOf("</section>", start));
      const row = classes(classOf(banner, /<div[^>]*>/));
      expect(row).toEqual(
        expect.arrayContaining([
          "flex",
          "flex-wrap",
          "py-4",
          "gap-y-3",
          "sm:flex-nowrap",
          "sm:py-3",
        ]),
      );
      const actions = classes(classOf(banner.slice(banner.indexOf("</p>")), /<div[^>]*>/));
      expect(actions).toEqual(expect.arrayContaining(["w-full", "sm:w-auto", "sm:shrink-0"]));
      const button = classes(classOf(banner, /<button[^>]*>/));
      expect(button).toEqual(expect.arrayContaining(["w-full", "sm:w-auto"]));
      expect(banner).toContain(resend);
    },
  );
});
