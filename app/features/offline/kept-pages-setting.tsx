/**
 * The account's offline setting, in its settings page (issue 28 item 2): how many of the
 * pages last opened this browser keeps for reading offline (the desk and the editor are
 * always kept). Kept in the account's offline database: it is this browser's, and goes
 * with it at sign-out.
 */
import { useId, useState, type SubmitEvent } from "react";
import { SettingsSection } from "../../components/ui/settings-section.tsx";
import { buttonClass } from "../../components/ui/button-link.tsx";
import { inputClass } from "../../components/ui/form-field.tsx";
import { useOfflineTranslation } from "../../lib/offline/messages.ts";
import { offlineStore } from "../../lib/offline/offline-db.ts";
import { MAX_KEPT_PAGES, MIN_KEPT_PAGES } from "../../lib/offline/sw-protocol.ts";
import { useOfflineData } from "./use-offline.ts";

/** The kept pages' number, with its own small form. */
export function KeptPagesSetting({ account }: { account: string }) {
  const { t } = useOfflineTranslation();
  const id = useId();
  const { keptPagesLimit } = useOfflineData(account);
  const [saved, setSaved] = useState(false);
  if (keptPagesLimit === null) return null;
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = Number(new FormData(event.currentTarget).get("keptPages"));
    if (!Number.isFinite(value)) return;
    void offlineStore(account)
      .then((store) => store.setKeptPagesLimit(value))
      .then(() => {
        setSaved(true);
      });
  };
  return (
    <SettingsSection title={t("offline:settings.heading")}>
      <form onSubmit={submit} className="grid gap-3">
        <div className="grid gap-1">
          <label htmlFor={id} className="font-medium text-stone-900">
            {t("offline:settings.keptPages")}
          </label>
          <input
            id={id}
            key={keptPagesLimit}
            name="keptPages"
            type="number"
            min={MIN_KEPT_PAGES}
            max={MAX_KEPT_PAGES}
            required
            defaultValue={keptPagesLimit}
            aria-describedby={`${id}-hint`}
            className={`${inputClass} max-w-32`}
            onChange={() => {
              setSaved(false);
            }}
          />
          <p id={`${id}-hint`} className="text-sm text-stone-700">
            {t("offline:settings.keptPagesHint")}
          </p>
        </div>
        <div className="flex items-center gap-3">
          <button type="submit" className={buttonClass.primary}>
            {t("offline:settings.save")}
          </button>
          <p role="status" className="text-sm text-stone-700">
            {saved ? t("offline:settings.saved") : ""}
          </p>
        </div>
      </form>
    </SettingsSection>
  );
}
