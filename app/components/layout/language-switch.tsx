/**
 * The language button of the header (spec §2: "Fr" in English, "En" in French). A press
 * switches the interface (local storage, the locale cookie, `<html lang>`); for a signed-in
 * account it also saves the language on the account (`users.locale`, as the profile settings
 * do), so its mails and its next sign-in follow the choice (issue 25 item 4). Guests,
 * superusers (no language field) and "View as" (someone else's account) change this browser
 * only.
 */
import { useRef } from "react";
import type { Locale } from "#shared/i18n/locales.ts";
import { getBrowserClient } from "../../api/client/browser-client.ts";
import { updateRecord } from "../../api/records/record-writes.ts";
import type { SessionUser } from "../../api/auth/session.ts";
import { APP_NAMESPACES, tryGetI18n, useAppTranslation } from "../../lib/i18n/i18n.ts";
import { useNotify } from "../notifications/notifications.tsx";
import { useSession } from "../session-provider.tsx";

/** Whether a language choice is saved on the account: a `users` account, not "View as". */
export function savesLocaleOnAccount(user: SessionUser | null): user is SessionUser {
  return user?.collectionName === "users" && !user.impersonated;
}

/** The header's language switcher. */
export function LanguageSwitch() {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const { user, locale, switchLocale } = useSession();
  const next: Locale = locale === "en" ? "fr" : "en";
  const accountId = savesLocaleOnAccount(user) ? user.id : null;

  // Saves run one after the other, so quick presses end with the last choice on the account.
  const saving = useRef<Promise<void>>(Promise.resolve());
  const choose = async () => {
    // A catalog that fails to load keeps the current language (switchLocale says so): the
    // account keeps its language too.
    const loaded = await tryGetI18n(next);
    await switchLocale(next);
    if (!loaded || !accountId) return;
    // Said in the language just chosen.
    const said = loaded.getFixedT(next, APP_NAMESPACES);
    saving.current = saving.current.then(async () => {
      try {
        // The SDK puts the saved record in the auth store; the session follows it.
        await updateRecord(getBrowserClient(), "users", accountId, { locale: next });
      } catch {
        notify.error(said("shell:notifications.localeSaveFailed"));
      }
    });
    await saving.current;
  };

  return (
    <button
      type="button"
      onClick={() => void choose()}
      // The visible "Fr"/"En" starts the name, so voice control users can say what they see.
      aria-label={`${t("header.switchLanguage")}, ${t("header.switchLanguageLabel")}`}
      lang={next}
      className="rounded border border-stone-300 px-2 py-1 text-sm font-semibold text-stone-800 hover:bg-stone-100"
    >
      {t("header.switchLanguage")}
    </button>
  );
}
