import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { beforeAll, describe, expect, it } from "vitest";
import type { i18n } from "i18next";
import { getI18n } from "../../lib/i18n/i18n.ts";
import { NotificationProvider, useNotify } from "./notifications.tsx";

describe("notifications markup", () => {
  let en: i18n;
  let fr: i18n;
  beforeAll(async () => {
    en = await getI18n("en");
    fr = await getI18n("fr");
  });

  it("renders both live regions from the first (server) render, labelled in each language", () => {
    const html = renderToString(
      <I18nextProvider i18n={en}>
        <NotificationProvider>
          <p>page</p>
        </NotificationProvider>
      </I18nextProvider>,
    );
    expect(html).toContain("<p>page</p>");
    expect(html).toMatch(/<section aria-label="Notifications" class="[^"]*fixed[^"]*bottom-0/);
    expect(html).toContain('role="alert"');
    expect(html).toContain('role="status"');
    expect(html).toMatch(/<span id="[^"]+" hidden="">Dismiss notification<\/span>/);
    const french = renderToString(
      <I18nextProvider i18n={fr}>
        <NotificationProvider>{null}</NotificationProvider>
      </I18nextProvider>,
    );
    expect(french).toContain("Fermer la notification");
  });

  it("needs a provider", () => {
    function Orphan() {
      useNotify();
      return null;
    }
    expect(() =>
      renderToString(
        <I18nextProvider i18n={en}>
          <Orphan />
        </I18nextProvider>,
      ),
    ).toThrow("useNotify() needs a <NotificationProvider>");
  });
});
