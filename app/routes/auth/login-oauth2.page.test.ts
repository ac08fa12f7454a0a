/**
 * Issue 25 item 7: the "Continue with …" buttons appeared only once the page ran in the
 * browser (each browser fetches its own sign-in state), pushing the form down. The server's
 * page now holds them, disabled, from the first paint; they carry no state or verifier, since
 * a guest's page may be cached and shared.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

describe.each(DIALECTS)("the OAuth2 buttons in the login page's HTML (%s)", (dialect) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(dialect, {
      OAUTH2_GITHUB_CLIENT_ID: "cahier-test",
      OAUTH2_GITHUB_CLIENT_SECRET: "cahier-test-secret",
    });
  });
  afterAll(async () => {
    await app.close();
  });

  it("are there from the first paint, disabled until the browser has its own state", async () => {
    const res = await app.http.inject({ method: "GET", url: "/login" });
    expect(res.statusCode).toBe(200);
    const button = /<button[^>]*>Continue with GitHub<\/button>/.exec(res.body)?.[0] ?? "";
    expect(button).toContain("disabled");
    expect(res.body).not.toMatch(/codeVerifier|code_challenge/);
  });
});
