/**
 * The profile section of `/profileSettings`: avatar, name, username, biography (Markdown)
 * and language, saved in one multipart update of the account's record through the
 * browser's SDK client. Saving another language also switches the interface to it.
 */
import { useState, type SubmitEvent } from "react";
import type { RecordModel } from "pocketbase";
import { buttonClass } from "../../components/ui/button-link.tsx";
import { FormField, FormMessage, inputClass } from "../../components/ui/form-field.tsx";
import { useNotify } from "../../components/notifications/notifications.tsx";
import { useSession } from "../../components/session-provider.tsx";
import { requestErrorMessage } from "../../lib/api-errors.ts";
import { getBrowserClient } from "../../lib/browser-client.ts";
import { formText } from "../../lib/form-data.ts";
import { APP_NAMESPACES, readyI18n, useAppTranslation } from "../../lib/i18n.ts";
import { isLocale, SUPPORTED_LOCALES, type Locale } from "#shared/i18n/locales.ts";
import { accountFieldErrors, isTooManyRequests } from "./account-errors.ts";
import { AvatarField, type AvatarChange } from "./avatar-field.tsx";
import { SettingsSection } from "../../components/ui/settings-section.tsx";

/** The editable profile of an account, as the loader read it. */
export interface ProfileValues {
  id: string;
  collectionId: string;
  username: string;
  name: string;
  bio: string;
  /** `en`, `fr` or `""` (not chosen yet). */
  locale: string;
  /** Avatar file name, `""` when none. */
  avatar: string;
}

const TEXT_FIELDS = ["name", "username", "bio", "locale"] as const;

/** The profile form. */
export function ProfileForm({ profile }: { profile: ProfileValues }) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const { locale: currentLocale, switchLocale } = useSession();
  const [avatar, setAvatar] = useState(profile.avatar);
  const [change, setChange] = useState<AvatarChange>({ kind: "keep" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = new FormData();
    for (const name of TEXT_FIELDS) body.set(name, formText(form, name));
    if (change.kind === "upload") body.set("avatar", change.file);
    if (change.kind === "remove") body.set("avatar", "");
    setBusy(true);
    setErrors({});
    setFormError(null);
    let saved: RecordModel;
    try {
      // The SDK puts the saved record in the auth store: the header follows at once.
      saved = await getBrowserClient().collection("users").update(profile.id, body);
    } catch (failure) {
      const byField = accountFieldErrors(failure, t);
      setErrors(byField);
      const message = Object.keys(byField).length
        ? t("account:settings.profile.failed")
        : isTooManyRequests(failure)
          ? t("account:errors.tooManyRequests")
          : requestErrorMessage(failure, t);
      setFormError(message);
      notify.error(message);
      setBusy(false);
      return;
    }
    setAvatar(typeof saved.avatar === "string" ? saved.avatar : "");
    setChange({ kind: "keep" });
    const savedLocale: unknown = saved.locale;
    if (isLocale(savedLocale) && savedLocale !== currentLocale) {
      await switchLocale(savedLocale);
      // Said in the language just chosen.
      const next = readyI18n(savedLocale)?.getFixedT(savedLocale, APP_NAMESPACES) ?? t;
      notify.success(next("account:settings.profile.saved"));
    } else {
      notify.success(t("account:settings.profile.saved"));
    }
    setBusy(false);
  }

  const labels: Record<(typeof TEXT_FIELDS)[number], { label: string; hint?: string }> = {
    name: {
      label: t("account:settings.profile.name"),
      hint: t("account:settings.profile.nameHint"),
    },
    username: {
      label: t("account:settings.profile.username"),
      hint: t("account:settings.profile.usernameHint"),
    },
    bio: { label: t("account:settings.profile.bio"), hint: t("account:settings.profile.bioHint") },
    locale: { label: t("account:settings.profile.locale") },
  };
  const initialLocale: Locale = isLocale(profile.locale) ? profile.locale : currentLocale;

  return (
    <SettingsSection
      title={t("account:settings.profile.heading")}
      intro={t("account:settings.profile.intro")}
    >
      <form
        method="post"
        encType="multipart/form-data"
        onSubmit={(event) => void handleSubmit(event)}
        className="grid gap-4"
        noValidate
      >
        {formError && <FormMessage kind="error">{formError}</FormMessage>}
        <AvatarField
          user={{
            id: profile.id,
            collectionId: profile.collectionId,
            avatar,
            name: profile.name,
            username: profile.username,
          }}
          change={change}
          onChange={setChange}
          error={errors.avatar}
        />
        {(["name", "username"] as const).map((name) => (
          <FormField key={name} {...labels[name]} error={errors[name]}>
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                name={name}
                type="text"
                autoComplete={name === "username" ? "username" : "name"}
                required={name === "username"}
                maxLength={name === "username" ? 30 : 80}
                defaultValue={profile[name]}
                aria-invalid={invalid || undefined}
                aria-describedby={describedBy}
                className={inputClass}
              />
            )}
          </FormField>
        ))}
        <FormField {...labels.bio} error={errors.bio}>
          {({ id, describedBy, invalid }) => (
            <textarea
              id={id}
              name="bio"
              rows={6}
              maxLength={2000}
              defaultValue={profile.bio}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              className={inputClass}
            />
          )}
        </FormField>
        <FormField {...labels.locale} error={errors.locale}>
          {({ id, describedBy, invalid }) => (
            <select
              id={id}
              name="locale"
              defaultValue={initialLocale}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              className={inputClass}
            >
              {SUPPORTED_LOCALES.map((value) => (
                <option key={value} value={value} lang={value}>
                  {t(`common:languages.${value}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <div>
          <button type="submit" disabled={busy} className={buttonClass.primary}>
            {busy ? t("common:actions.saving") : t("account:settings.profile.submit")}
          </button>
        </div>
      </form>
    </SettingsSection>
  );
}
