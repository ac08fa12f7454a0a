/**
 * Issue 29 item 2 (ADR 075), in English and French: a superuser adds navigation links in
 * `/admin/settings` with the list editor (add, fill, move up; no dragging); a writer's
 * published page put in the navigation joins them; a guest sees both in the header's "Site
 * links", opens the page (its link then marked as the current page), and the page and the
 * settings form have no serious axe violation. On a server of the spec's own.
 */
import { expect, test } from "@playwright/test";
import PocketBase from "pocketbase";
import { storageStateOf } from "./support/accounts.ts";
import { CATALOGS, useLanguage, waitForHydration } from "./support/app.ts";
import { PASSWORD } from "./support/environment.ts";
import enIdentity from "#shared/i18n/catalogs/en/site-identity.ts";
import frIdentity from "#shared/i18n/catalogs/fr/site-identity.ts";
import { startOwnServer, type OwnServer } from "./support/own-server.ts";
import { seriousViolations } from "./support/axe.ts";

test.describe.configure({ mode: "serial" });

const SITE_IDENTITY = { en: enIdentity, fr: frIdentity } as const;
const ROOT_EMAIL = "root@navigation.example.com";

let server: OwnServer;
let root: PocketBase;
let writerId = "";

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startOwnServer();
  server.upsertSuperuser(ROOT_EMAIL);
  root = new PocketBase(server.url);
  root.autoCancellation(false);
  await root.collection("_superusers").authWithPassword(ROOT_EMAIL, PASSWORD);
  const writer = await root.collection("users").create({
    username: "pagewriter",
    email: "pagewriter@navigation.example.com",
    password: PASSWORD,
    passwordConfirm: PASSWORD,
    role: "writer",
  });
  writerId = writer.id;
});

test.afterAll(async () => {
  await server.stop();
});

for (const lang of ["en", "fr"] as const) {
  const C = SITE_IDENTITY[lang].navigation;
  const T = CATALOGS[lang].common.header;
  const slug = lang === "en" ? "about" : "a-propos";
  const title = lang === "en" ? "About" : "À propos";

  test(`navigation links and a page in the navigation (${lang})`, async ({ browser }) => {
    // The writer's published page, in the navigation of its language.
    await root.collection("pages").create({
      author: writerId,
      slug,
      title,
      lang,
      content: lang === "en" ? "Who writes here." : "Qui écrit ici.",
      status: "published",
      inNavigation: true,
    });

    const admin = await browser.newContext({ storageState: storageStateOf(root, server.url) });
    await useLanguage(admin, lang);
    const settings = await admin.newPage();
    await settings.goto(`${server.url}/admin/settings`);
    await waitForHydration(settings);
    const section = settings.getByRole("region", { name: C.title });
    const list = section.getByTestId(`navigation-${lang}`);
    const add = section.getByRole("button", { name: lang === "en" ? C.addEn : C.addFr });
    await add.click();
    await list.getByLabel(C.label.replace("{{n}}", "1"), { exact: true }).fill("Archive");
    await list.getByLabel(C.url.replace("{{n}}", "1"), { exact: true }).fill("/archive");
    await add.click();
    await list.getByLabel(C.label.replace("{{n}}", "2"), { exact: true }).fill("Code");
    await list
      .getByLabel(C.url.replace("{{n}}", "2"), { exact: true })
      .fill("https://code.example/garden");
    // The second link first, with the keyboard's button.
    await list.getByRole("button", { name: C.moveUp.replace("{{n}}", "2") }).click();
    await expect(list.getByLabel(C.label.replace("{{n}}", "1"), { exact: true })).toHaveValue(
      "Code",
    );
    await section.getByRole("button", { name: C.save }).click();
    await expect(section.getByText(C.saved)).toBeVisible();
    expect(await seriousViolations(settings)).toEqual([]);
    await admin.close();

    const guest = await browser.newContext();
    await useLanguage(guest, lang);
    const page = await guest.newPage();
    await page.goto(`${server.url}/blog`);
    const nav = page.getByRole("navigation", { name: T.siteNav });
    const links = nav.getByRole("link");
    await expect(links).toHaveCount(3);
    await expect(links.nth(0)).toContainText("Code");
    await expect(links.nth(0)).toHaveAttribute("rel", "noopener external");
    await expect(links.nth(1)).toHaveText("Archive");
    await expect(links.nth(2)).toHaveText(title);

    await links.nth(2).click();
    await expect(page).toHaveURL(new RegExp(`/page/${slug}$`));
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(nav.getByRole("link", { name: title })).toHaveAttribute("aria-current", "page");
    expect(await seriousViolations(page)).toEqual([]);
    await guest.close();
  });
}
