import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// Files share their worker's modules (vitest.config.ts): each test imports `i18n.ts` afresh,
// with its mocks, whatever an earlier file loaded.
beforeEach(() => {
  vi.resetModules();
});
afterEach(() => {
  vi.doUnmock("#shared/i18n/catalogs/index.ts");
  vi.resetModules();
});

describe("locale loading", () => {
  it("logs exactly 'Failed locale loading' and resolves null when a catalog cannot load", async () => {
    let loading = false;
    vi.doMock("#shared/i18n/catalogs/index.ts", async (importOriginal) => {
      const original = await importOriginal<typeof import("#shared/i18n/catalogs/index.ts")>();
      return {
        ...original,
        loadCatalog: async (locale: string) => {
          loading = i18n.isLoadingCatalog();
          if (locale === "fr") throw new TypeError("Failed to fetch dynamically imported module");
          return original.loadCatalog("en");
        },
      };
    });
    const i18n = await import("./i18n.ts");
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    vi.spyOn(console, "debug").mockImplementation(() => undefined);

    expect(await i18n.tryGetI18n("fr")).toBeNull();
    expect(loading).toBe(true);
    expect(i18n.isLoadingCatalog()).toBe(false);
    expect(errors.mock.calls).toEqual([["Failed locale loading"]]);
    expect(i18n.readyI18n("fr")).toBeUndefined();

    // The app carries on with what loads: English.
    const en = await i18n.tryGetI18n("en");
    expect(en?.language).toBe("en");
    expect(i18n.readyI18n("fr")).toBe(en);
    expect(errors).toHaveBeenCalledTimes(1);
  });
});

describe("the site's name in messages", () => {
  it("names the settings' site in every language, loaded before or after it is set", async () => {
    const i18n = await import("./i18n.ts");
    const en = await i18n.getI18n("en");
    expect(en.t("shell:notifications.signedUp", { name: "Ada" })).toBe(
      "Welcome to Cahier, Ada! Your account is ready.",
    );
    const fixed = en.getFixedT("en", i18n.APP_NAMESPACES);
    i18n.setSiteName("  Carnet de Lune ");
    // A translation function handed out before the name was set names it too.
    expect(fixed("shell:notifications.signedUp", { name: "Ada" })).toBe(
      "Welcome to Carnet de Lune, Ada! Your account is ready.",
    );
    const fr = await i18n.getI18n("fr");
    expect(fr.t("common:footer.about")).toBe(
      "Carnet de Lune, un journal et un blog auto-hébergés.",
    );
    // A message's own value wins over the site's.
    expect(fr.t("admin:index.intro", { site: "Autre" })).toMatch(/^Gérez Autre\u00a0:/);
    i18n.setSiteName(null);
    expect(en.t("common:footer.about")).toBe("Cahier, a self-hosted journal and blog.");
  });
});
