/**
 * Issue 5 item 3 and spec §5/§8: logging in through an OpenID Connect provider from `/login`
 * (a real oauth2-mock-server process, see `support/web-server.ts`), in English and French,
 * and the callbacks the page refuses: a `state` that is not the one this browser sent
 * ("State parameters don't match", nothing sent to the server) and a provider's error.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page, type Request } from "@playwright/test";
import {
  accountLink,
  CATALOGS,
  expectSignedOutHeader,
  type Lang,
  oneLanguage,
  open,
  useLanguage,
} from "./support/app.ts";
import { OIDC_PERSON, OIDC_PROVIDER } from "./support/environment.ts";

/** The provider's authorization endpoint (any host: the provider runs on its own port). */
const AUTHORIZE = /\/authorize\?/;

function providerButton(page: Page, lang: Lang) {
  const label = CATALOGS[lang].oauth2.continueWith.replace(
    "{{provider}}",
    OIDC_PROVIDER.displayName,
  );
  return page.getByRole("main").getByRole("button", { name: label });
}

/** Collects the page's `auth-with-oauth2` requests. */
function oauth2Requests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/auth-with-oauth2")) seen.push(request);
  });
  return seen;
}

/** An error notification (the notifications region, bottom centre). */
function notificationAlert(page: Page, lang: Lang, text: string) {
  return page
    .getByRole("region", { name: CATALOGS[lang].shell.notifications.label })
    .getByRole("alert")
    .getByText(text, { exact: true });
}

/** Sends the browser back from the provider's authorize page to `/login` with this query. */
async function providerAnswers(page: Page, query: string): Promise<void> {
  await page.route(AUTHORIZE, async (route) => {
    await route.fulfill({
      status: 302,
      headers: { location: new URL(`/login?${query}`, page.url()).toString() },
    });
  });
}

for (const lang of oneLanguage("en")) {
  test.describe(`OAuth2 login (${lang})`, () => {
    test.beforeEach(async ({ context }) => {
      await useLanguage(context, lang);
    });

    test("logs in through the OpenID Connect provider", async ({ page }) => {
      const sent = oauth2Requests(page);
      const leaving = page.waitForRequest(AUTHORIZE);
      await open(page, "/login");
      await providerButton(page, lang).click();
      const authorize = new URL((await leaving).url());
      expect(authorize.searchParams.get("redirect_uri")).toBe(new URL("/login", page.url()).href);
      expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
      expect(authorize.searchParams.get("state")).toMatch(/^[A-Za-z0-9]{30}$/);

      await expect(page).toHaveURL("/");
      await expect(accountLink(page)).toContainText(OIDC_PERSON.name);
      expect(sent).toHaveLength(1);
      const body = sent[0]?.postDataJSON() as Record<string, unknown>;
      expect(body).toMatchObject({
        provider: OIDC_PROVIDER.name,
        redirectURL: new URL("/login", page.url()).href,
        createData: { locale: lang },
      });
      expect(body.codeVerifier).toMatch(/^[A-Za-z0-9]{43}$/);
      const stored = await page.evaluate(() => localStorage.getItem("pocketbase_auth"));
      expect(stored).toContain(OIDC_PERSON.email);
      expect(await page.evaluate(() => sessionStorage.getItem("cahier.oauth2.pending"))).toBeNull();

      // The server renders the signed-in page too.
      const html = (await (await page.reload())?.text()) ?? "";
      expect(html).toContain(OIDC_PERSON.name);
    });

    test("ends on the page a guard sent the visitor from", async ({ page }) => {
      await open(page, "/writing");
      await expect(page).toHaveURL("/login?redirectTo=%2Fwriting");
      await providerButton(page, lang).click();
      await expect(page).toHaveURL("/writing");
      await expect(accountLink(page)).toContainText(OIDC_PERSON.name);
    });

    test("refuses a callback whose state is not the one it sent", async ({ page }) => {
      const sent = oauth2Requests(page);
      await open(page, "/login");
      await providerAnswers(page, "code=stolen-code&state=forged-state");
      await providerButton(page, lang).click();

      const message = CATALOGS[lang].oauth2.stateMismatch;
      if (lang === "en") expect(message).toBe("State parameters don't match");
      await expect(notificationAlert(page, lang, message)).toBeVisible();
      await expect(page.getByRole("main").getByRole("alert")).toHaveText(message);
      await expect(page).toHaveURL("/login");
      expect(sent).toHaveLength(0);
      await expectSignedOutHeader(page, lang);
      expect(await page.evaluate(() => sessionStorage.getItem("cahier.oauth2.pending"))).toBeNull();
    });

    test("refuses a callback it never started", async ({ page }) => {
      const sent = oauth2Requests(page);
      await page.goto("/login?code=someone-elses-code&state=abcdefghijklmnopqrstuvwxyz0123");
      await expect(page.getByRole("main").getByRole("alert")).toHaveText(
        CATALOGS[lang].oauth2.stateMismatch,
      );
      await expect(page).toHaveURL("/login");
      expect(sent).toHaveLength(0);
      await expectSignedOutHeader(page, lang);
    });

    test("says clearly that the provider refused, without its free text", async ({ page }) => {
      const sent = oauth2Requests(page);
      await open(page, "/login");
      await providerAnswers(
        page,
        "error=access_denied&error_description=Call%20555-0100%20to%20unlock&state=x",
      );
      await providerButton(page, lang).click();
      const message = CATALOGS[lang].oauth2.providerErrors.access_denied;
      await expect(page.getByRole("main").getByRole("alert")).toHaveText(message);
      await expect(notificationAlert(page, lang, message)).toBeVisible();
      await expect(page.getByText("555-0100")).toHaveCount(0);
      expect(sent).toHaveLength(0);
      await expect(page).toHaveURL("/login");
    });
  });
}

test("the provider buttons are accessible and fit 360 px", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await open(page, "/login");
  const button = providerButton(page, "en");
  await expect(button).toBeVisible();
  const box = await button.boundingBox();
  expect(box?.width ?? 0).toBeLessThanOrEqual(360);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // Reachable with the keyboard, after the password form, once usable: the server's button
  // holds its place, disabled (out of the tab order), until this browser's state arrives.
  await expect(button).toBeEnabled();
  await page.getByRole("main").getByRole("button", { name: CATALOGS.en.auth.login.submit }).focus();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(button).toBeFocused();
  const results = await new AxeBuilder({ page }).include("main").setLegacyMode(true).analyze();
  expect(
    results.violations.filter((v) => v.impact === "serious" || v.impact === "critical"),
  ).toEqual([]);
});
