/**
 * `/admin` and `/i` rendered by the app's HTTP server (issue 25 item 16): the admin area the
 * spec calls "Instances" (its `/i` pages) has that one name, in English and in French: the
 * section of `/admin` that leads to it, the list's heading and its page title.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/helpers/test-app.ts";
import { authCookie, type Login } from "#tests/helpers/pages.ts";

/** The text of the first link to `href` inside `html` (tags dropped), or `null`. */
function linkText(html: string, href: string): string | null {
  const match = new RegExp(`<a[^>]*href="${href}"[^>]*>(.*?)</a>`, "s").exec(html);
  return match ? (match[1] ?? "").replace(/<[^>]+>/g, "").trim() : null;
}

/** The inside of the navigation landmark named `label`. */
function navBody(html: string, label: string): string {
  return new RegExp(`<nav aria-label="${label}"[^>]*>(.*?)</nav>`, "s").exec(html)?.[1] ?? "";
}

describe("the instances area's name", () => {
  let app: TestApp;
  let admin: Login;

  const page = (url: string, locale: string) =>
    app.http.inject({
      method: "GET",
      url,
      headers: { cookie: `${authCookie(admin)}; locale=${locale}` },
    });

  beforeAll(async () => {
    app = await createTestApp();
    admin = await app.createUser({ username: "ada", role: "admin" });
  });

  afterAll(async () => {
    await app.close();
  });

  it.each([
    ["en", "Admin sections"],
    ["fr", "Sections d&#x27;administration"],
  ])("is Instances on /admin, and as /i's heading and title (%s)", async (locale, sections) => {
    const index = await page("/admin", locale);
    expect(index.statusCode).toBe(200);
    const section = linkText(navBody(index.body, sections), "/i") ?? "";
    expect(section).toMatch(/^Instances/);
    expect(section).not.toMatch(/Items|Éléments/);

    const list = await page("/i", locale);
    expect(list.statusCode).toBe(200);
    expect(list.body).toMatch(/<title>Instances\b/);
    expect(list.body).toMatch(/<h1[^>]*>Instances<\/h1>/);
  });
});
