/**
 * Helpers for page tests: tests that request the web app's routes (pages, feeds) from the
 * real server in-process (`createTestApp(…).http.inject`) and read the rendered HTML or XML.
 */
import type { TestApp } from "./test-app.ts";

/** A signed-in user as `TestApp.createUser` returns it: its record and auth token. */
export type Login = Awaited<ReturnType<TestApp["createUser"]>>;

/** The `pb_auth` cookie the browser writes (the SDK's `exportToCookie` format). */
export function authCookie(login: { token: string; record: Record<string, unknown> }): string {
  return `pb_auth=${encodeURIComponent(JSON.stringify({ token: login.token, record: login.record }))}`;
}

/** The page's main landmark: the HTML between `<main` and `</main>`. */
export function mainOf(html: string): string {
  return html.slice(html.indexOf("<main"), html.indexOf("</main>"));
}

/** Text without tags and React's comment markers, apostrophes decoded, spaces collapsed. */
export function textOf(html: string): string {
  return html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

/** The cookie of a page request: the sign-in of `login` (if any) and the interface language. */
export function pageCookie(
  login: Pick<Login, "token" | "record"> | undefined,
  lang = "en",
): string {
  return `${login ? `${authCookie(login)}; ` : ""}locale=${lang}`;
}

/** `GET url` from the web app, signed in as `login` (or a guest), in `lang`. */
export function getPage(
  app: TestApp,
  url: string,
  login?: Pick<Login, "token" | "record">,
  lang = "en",
) {
  return app.http.inject({ method: "GET", url, headers: { cookie: pageCookie(login, lang) } });
}
