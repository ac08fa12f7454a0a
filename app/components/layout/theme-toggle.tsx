/**
 * The colour theme switch of the header (ADR 051): one button cycling System → Light → Dark,
 * its name saying the theme in use and the one a press gives. A press shows the theme at once
 * and remembers it in this browser (the `theme` cookie the server renders pages with); for a
 * signed-in account it is also saved on the account (`users.theme`), so it follows the person
 * to other browsers. After a sign-in, the account's theme replaces the browser's.
 */
import { useEffect, useRef, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { Monitor, Moon, Sun } from "lucide-react";
import type { Theme } from "#shared/theme.ts";
import type { RootData } from "../../root.tsx";
import { getBrowserClient } from "../../api/client/browser-client.ts";
import { saveTheme } from "../../api/auth/session.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { applyTheme, nextTheme, savesThemeOnAccount } from "../../lib/document/theme.ts";
import { useNotify } from "../notifications/notifications.tsx";
import { useSession } from "../session-provider.tsx";

const ICONS = { "": Monitor, light: Sun, dark: Moon } as const;
const NAMES = { "": "theme.system", light: "theme.light", dark: "theme.dark" } as const;

/** The theme button of the header. */
export function ThemeToggle() {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const { user } = useSession();
  const rendered = useRouteLoaderData<RootData>("root")?.theme ?? "";
  const [theme, setTheme] = useState<Theme>(rendered);
  const accountId = savesThemeOnAccount(user) ? user.id : null;

  // The server's word (a new page, a sign-in or sign-out) replaces the local choice; for an
  // account, the browser's cookie follows it, so signing out keeps the look.
  const source = `${rendered}|${accountId ?? ""}`;
  const [seen, setSeen] = useState(source);
  if (seen !== source) {
    setSeen(source);
    setTheme(rendered);
  }
  useEffect(() => {
    applyTheme(rendered);
  }, [rendered, accountId]);

  const next = nextTheme(theme);
  const Icon = ICONS[theme];
  const label = t("theme.toggle", { current: t(NAMES[theme]), next: t(NAMES[next]) });

  // Saves run one after the other, so quick presses end with the last choice on the account.
  const saving = useRef<Promise<void>>(Promise.resolve());
  const choose = () => {
    setTheme(next);
    applyTheme(next);
    if (!accountId) return;
    saving.current = saving.current.then(async () => {
      try {
        await saveTheme(getBrowserClient(), accountId, next);
      } catch {
        notify.error(t("theme.saveFailed"));
      }
    });
  };

  return (
    <button
      type="button"
      onClick={choose}
      aria-label={label}
      title={label}
      data-theme-choice={theme || "system"}
      className="rounded border border-stone-300 p-1.5 text-stone-800 hover:bg-stone-100"
    >
      <Icon aria-hidden="true" className="size-4" />
    </button>
  );
}
