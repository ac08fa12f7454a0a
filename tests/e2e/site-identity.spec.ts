/**
 * Issue 29 items 1 and 3 (ADR 069), in English and French: a superuser sets the site's accent
 * colour in `/admin/settings`; one below WCAG AA is refused with its measured contrast under
 * the field, a readable one is applied to the pages; an uploaded image becomes the favicon and
 * the manifest's icons. On a server of the spec's own: the site's look changes for everyone.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import PocketBase from "pocketbase";
import sharp from "sharp";
import { storageStateOf } from "./support/accounts.ts";
import { CATALOGS, type Lang, useLanguage, waitForHydration } from "./support/app.ts";
import { PASSWORD } from "./support/environment.ts";
import enIdentity from "#shared/i18n/catalogs/en/site-identity.ts";
import frIdentity from "#shared/i18n/catalogs/fr/site-identity.ts";
import { startOwnServer, type OwnServer } from "./support/own-server.ts";

test.describe.configure({ mode: "serial" });

/** The admin forms' messages (not in the app's shared catalog: see `features/site-identity/texts.ts`). */
const SITE_IDENTITY = { en: enIdentity, fr: frIdentity } as const;

const ROOT_EMAIL = "root@identity.example.com";

let server: OwnServer;
let root: PocketBase;

async function superuserPage(browser: Browser, lang: Lang): Promise<Page> {
  const context = await browser.newContext({ storageState: storageStateOf(root, server.url) });
  await useLanguage(context, lang);
  const page = await context.newPage();
  const response = await page.goto(`${server.url}/admin/settings`);
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
  return page;
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startOwnServer();
  server.upsertSuperuser(ROOT_EMAIL);
  root = new PocketBase(server.url);
  root.autoCancellation(false);
  await root.collection("_superusers").authWithPassword(ROOT_EMAIL, PASSWORD);
});

test.afterAll(async () => {
  await server.stop();
});

for (const lang of ["en", "fr"] as const) {
  const C = SITE_IDENTITY[lang];

  test(`the accent colour: refused below AA at its field, applied when readable (${lang})`, async ({
    browser,
  }) => {
    const page = await superuserPage(browser, lang);
    const field = page.getByLabel(C.accent.label, { exact: true });
    const save = page.getByRole("button", { name: C.accent.save });

    await field.fill("#facc15");
    // The verdict as one types, then the server's refusal under the field.
    await expect(page.getByTestId("accent-verdict")).toContainText(
      C.accent.verdictLow.split("{{")[0] ?? "",
    );
    await save.click();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    const ratio = lang === "fr" ? /1,\d+:1/ : /1\.\d+:1/;
    await expect(field).toHaveAccessibleDescription(ratio);
    await expect(field).toHaveAccessibleDescription(/4[.,]5:1/);

    await field.fill("#1d4ed8");
    await expect(page.getByTestId("accent-verdict")).toContainText(
      C.accent.verdictOk.split("{{")[0] ?? "",
    );
    await save.click();
    await expect(page.getByText(C.accent.saved).first()).toBeVisible();
    await expect(field).not.toHaveAttribute("aria-invalid", "true");

    await page.goto(`${server.url}/blog`);
    const link = page.getByRole("link", { name: CATALOGS[lang].records.blog.title }).first();
    await expect(link).toBeVisible();
    const accent = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue("--color-amber-800").trim(),
    );
    expect(accent).toBe("#1d4ed8");
    await expect(page.locator('meta[name="theme-color"]').first()).toHaveAttribute(
      "content",
      "#1d4ed8",
    );

    // Back to Cahier's amber for the next language.
    await root.send("/api/settings", { method: "PATCH", body: { meta: { accentColor: "" } } });
    await page.context().close();
  });

  test(`an uploaded icon becomes the favicon and the manifest's icons (${lang})`, async ({
    browser,
  }) => {
    const page = await superuserPage(browser, lang);
    const colour = lang === "en" ? "#0f766e" : "#7e22ce";
    const image = await sharp({
      create: { width: 512, height: 512, channels: 4, background: colour },
    })
      .png()
      .toBuffer();
    const section = page.getByRole("region", { name: C.images.iconTitle });
    await section
      .getByLabel(C.images.iconLabel, { exact: true })
      .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: image });
    await section.getByRole("button", { name: C.images.upload }).click();
    await expect(section.getByText(C.images.uploaded)).toBeVisible();
    const preview = section.getByTestId("icon-preview");
    await expect(preview).toHaveAttribute("src", /\/site\/icon-192\.png\?v=(?!default)[\w-]{12}$/);
    const version = /v=([\w-]+)/.exec((await preview.getAttribute("src")) ?? "")?.[1] ?? "";

    await page.goto(`${server.url}/blog`);
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute(
      "href",
      `/site/icon-32.png?v=${version}`,
    );
    const favicon = await page.request.get(`${server.url}/site/icon-32.png?v=${version}`);
    const { data } = await sharp(await favicon.body())
      .raw()
      .toBuffer({ resolveWithObject: true });
    const middle = (16 * 32 + 16) * 4;
    const hex = `#${[data[middle], data[middle + 1], data[middle + 2]].map((v) => (v ?? 0).toString(16).padStart(2, "0")).join("")}`;
    expect(hex).toBe(colour);
    const manifest = (await (
      await page.request.get(`${server.url}/manifest.webmanifest`)
    ).json()) as { icons: { src: string }[]; lang: string };
    expect(manifest.lang).toBe(lang);
    expect(manifest.icons.map((icon) => icon.src)).toEqual([
      `/site/icon-192.png?v=${version}`,
      `/site/icon-512.png?v=${version}`,
      `/site/icon-maskable-512.png?v=${version}`,
    ]);

    // Back to Cahier's icon.
    await page.goto(`${server.url}/admin/settings`);
    await waitForHydration(page);
    await section.getByRole("button", { name: C.images.reset }).click();
    await expect(section.getByText(C.images.removed)).toBeVisible();
    await expect(section.getByTestId("icon-preview")).toHaveAttribute("src", /v=default$/);
    await page.context().close();
  });
}
