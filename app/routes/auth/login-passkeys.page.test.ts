/**
 * Issue 25 item 7: "Log in with a passkey" appeared only once the page ran in the browser,
 * pushing what follows it down. The server's page has it wherever passkeys can work (the
 * server offers them and the page's host can be a relying party), and only there.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import en from "#shared/i18n/catalogs/en/passkeys.ts";

describe.each(DIALECTS)("the passkey button in the login page's HTML (%s)", (dialect) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(dialect, { APP_URL: "http://localhost:8090" });
  });
  afterAll(async () => {
    await app.close();
  });

  const page = async (host: string) => {
    const res = await app.http.inject({ method: "GET", url: "/login", headers: { host } });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  it("is there, ready, where passkeys can work", async () => {
    const html = await page("localhost:8090");
    expect(html).toContain(`>${en.login.button}</button>`);
    expect(html).toContain('data-state="checking"');
  });

  it("is not at an address no browser takes as a relying party", async () => {
    expect(await page("127.0.0.1:8090")).not.toContain(en.login.button);
  });
});
