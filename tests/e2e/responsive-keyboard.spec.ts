/**
 * Issue 3 item 2: usable at 360 px (the menu toggle opens the navigation; that no page
 * scrolls sideways is checked on the walk of every page, `walk.spec.ts`) and with the keyboard
 * alone (skip link, visible focus on the header's controls).
 * Issue 25 item 16: the header of writers and admins keeps one row at 1024 and 1280 px.
 */
import { expect, test, type Page } from "@playwright/test";
import {
  CATALOGS,
  header,
  homeLinkName,
  LABELS,
  LANGS,
  oneLanguage,
  open,
  signedIn,
  switcher,
  useLanguage,
} from "./support/app.ts";

const MOBILE = { width: 360, height: 740 };

/** How far the document is wider than the window (0 when nothing scrolls sideways). */
function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

test.describe("at 360 px", () => {
  test.use({ viewport: MOBILE });

  for (const lang of oneLanguage("en")) {
    test(`the menu toggle opens and closes the navigation (${lang})`, async ({ browser }) => {
      const context = await browser.newContext({ ...signedIn("writer"), viewport: MOBILE });
      await useLanguage(context, lang);
      const page = await context.newPage();
      const labels = LABELS[lang];
      const { openMenu, closeMenu } = CATALOGS[lang].common.header;
      await open(page, "/blog");
      const banner = header(page);
      const toggle = banner.getByRole("button", { name: openMenu });
      await expect(toggle).toBeVisible();
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await expect(banner.getByRole("link", { name: labels.newEntry })).toBeHidden();
      await expect(switcher(page, lang)).toBeVisible();

      await toggle.click();
      const close = banner.getByRole("button", { name: closeMenu });
      await expect(close).toHaveAttribute("aria-expanded", "true");
      const blog = CATALOGS[lang].common.nav.blog;
      for (const label of [
        blog,
        labels.archive,
        labels.collections,
        labels.newEntry,
        labels.newPost,
      ]) {
        await expect(banner.getByRole("link", { name: label, exact: true })).toBeVisible();
      }
      await expect(banner.getByRole("button", { name: labels.logout })).toBeVisible();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

      // Following a link closes the menu.
      await banner.getByRole("link", { name: labels.archive, exact: true }).click();
      await expect(page).toHaveURL("/archive");
      await expect(banner.getByRole("button", { name: openMenu })).toHaveAttribute(
        "aria-expanded",
        "false",
      );
      await expect(banner.getByRole("link", { name: labels.newEntry })).toBeHidden();
      await context.close();
    });
  }

  // Issue 25 item 2: a guest finds the reading pages in the phone menu too.
  test("a logged-out visitor finds Blog, Archive, Collections, Login and Sign up behind the toggle", async ({
    page,
  }) => {
    await open(page, "/");
    const banner = header(page);
    await expect(banner.getByRole("link", { name: "Login", exact: true })).toBeHidden();
    await expect(banner.getByRole("link", { name: "Blog", exact: true })).toBeHidden();
    await banner.getByRole("button", { name: "Open menu" }).click();
    for (const name of ["Blog", "Archive", "Collections"]) {
      await expect(banner.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(banner.getByRole("link", { name: "Login", exact: true })).toBeVisible();
    await expect(banner.getByRole("link", { name: "Sign up", exact: true })).toBeVisible();
    await banner.getByRole("link", { name: "Sign up", exact: true }).click();
    await expect(page).toHaveURL("/signUp");
  });
});

/**
 * How many rows the header's bar takes: its visible parts grouped by vertical position (a part
 * whose middle lies below the previous row's bottom starts a new row).
 */
function headerRows(page: Page): Promise<number> {
  return header(page)
    .locator(":scope > div")
    .evaluate((bar) => {
      const boxes = [...bar.children]
        .map((child) => child.getBoundingClientRect())
        .filter((box) => box.width > 0 && box.height > 0)
        .sort((a, b) => a.top - b.top);
      let rows = 0;
      let bottom = -Infinity;
      for (const box of boxes) {
        if (box.top + box.height / 2 > bottom) rows++;
        bottom = Math.max(bottom, box.bottom);
      }
      return rows;
    });
}

// Issue 25 item 16: the writer's and the admin's header wrapped into two uneven rows.
for (const lang of LANGS) {
  test(`the header keeps one row at 1024 and 1280 px for writers and admins (${lang})`, async ({
    browser,
  }) => {
    for (const account of ["writer", "admin"] as const) {
      const context = await browser.newContext(signedIn(account));
      await useLanguage(context, lang);
      const page = await context.newPage();
      await open(page, "/blog");
      for (const width of [1024, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        expect(await headerRows(page), `${account} at ${String(width)} px`).toBe(1);
        expect(await horizontalOverflow(page), `${account} at ${String(width)} px`).toBe(0);
      }
      // At 1280 px the whole navigation is in the row; below, behind the toggle.
      const nav = header(page).getByRole("navigation", {
        name: CATALOGS[lang].common.header.mainNav,
      });
      await expect(nav.getByRole("link", { name: LABELS[lang].newPost })).toBeVisible();
      await expect(nav.getByRole("link", { name: CATALOGS[lang].common.nav.blog })).toBeVisible();
      await context.close();
    }
  });
}

/** Describes the focused element: its tag, text or label, and its focus outline. */
function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement)) return null;
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    return {
      tag: element.tagName.toLowerCase(),
      id: element.id,
      name: element.getAttribute("aria-label") ?? element.textContent.trim(),
      href: element.getAttribute("href"),
      outline: style.outlineStyle === "none" ? 0 : parseFloat(style.outlineWidth),
      visible: box.width > 1 && box.height > 1,
      focusVisible: element.matches(":focus-visible"),
    };
  });
}

test.describe("keyboard", () => {
  test("the skip link is the first stop and moves focus to the main content", async ({ page }) => {
    await open(page, "/blog");
    await page.keyboard.press("Tab");
    const skip = await focused(page);
    expect(skip).toMatchObject({ tag: "a", href: "#main", name: "Skip to main content" });
    expect(skip?.visible).toBe(true);
    expect(skip?.outline).toBeGreaterThanOrEqual(2);
    await page.keyboard.press("Enter");
    expect((await focused(page))?.id).toBe("main");
    await expect(page).toHaveURL(/#main$/);
  });

  test("every header control shows a visible focus ring, in order", async ({ page }) => {
    await open(page, "/blog");
    const expected = [
      { tag: "a", name: "Skip to main content" },
      { tag: "a", name: homeLinkName("en"), href: "/" },
      { tag: "button", name: /^Fr\b/ },
      { tag: "button", name: /^Colour theme: System\b/ },
      // The search box (labelled by its <label>) and its submit button.
      { tag: "input", name: "" },
      { tag: "button", name: "Search" },
      // The reading pages, for guests too (issue 25 item 2).
      { tag: "a", name: "Blog", href: "/blog" },
      { tag: "a", name: "Archive", href: "/archive" },
      { tag: "a", name: "Collections", href: "/collections" },
      { tag: "a", name: "Login", href: "/login" },
      { tag: "a", name: "Sign up", href: "/signUp" },
    ];
    for (const stop of expected) {
      await page.keyboard.press("Tab");
      const element = await focused(page);
      expect(element?.tag).toBe(stop.tag);
      expect(element?.name).toMatch(stop.name);
      if (stop.href) expect(element?.href).toBe(stop.href);
      expect(element?.visible, JSON.stringify(element)).toBe(true);
      expect(element?.focusVisible, JSON.stringify(element)).toBe(true);
      expect(element?.outline, JSON.stringify(element)).toBeGreaterThanOrEqual(2);
    }
  });

  test("a signed-in user reaches the navigation and the logout button", async ({ browser }) => {
    const context = await browser.newContext(signedIn("writer"));
    const page = await context.newPage();
    await open(page, "/blog");
    const names: string[] = [];
    // Tab through the header until the logout button, each stop with a visible focus ring.
    for (let i = 0; i < 16 && names.at(-1) !== LABELS.en.logout; i++) {
      await page.keyboard.press("Tab");
      const element = await focused(page);
      expect(element?.outline, JSON.stringify(element)).toBeGreaterThanOrEqual(2);
      names.push(element?.name ?? "");
    }
    expect(names).toEqual(
      expect.arrayContaining(["New entry", "Archive", "New post", "My writing", LABELS.en.logout]),
    );
    // Keyboard activation: Enter on "New post" opens it.
    await header(page).getByRole("link", { name: "New post" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/post/create");
    await context.close();
  });

  test("the language switcher works from the keyboard", async ({ page }) => {
    await open(page, "/blog");
    await switcher(page, "en").focus();
    await page.keyboard.press("Enter");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(switcher(page, "fr")).toBeFocused();
  });
});
