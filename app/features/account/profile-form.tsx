/**
 * The profile section of `/profileSettings`: avatar, name, username, biography (Markdown)
 * and language, saved in one multipart update of the account's record through the
 * browser's API client. Saving another language also switches the interface to it.
 */
import { useState } from "react";
import {
  LocaleOptions,
  Select,
  SubmitButton,
  SubmitForm,
  TextArea,
  TextInput,
} from "../../components/ui/form-controls.tsx";
import { useNotify } from "../../components/notifications/notifications.tsx";
import { useSession } from "../../components/session-provider.tsx";
import { getBrowserClient } from "../../api/client/browser-client.ts";
import { updateRecord } from "../../api/records/record-writes.ts";
import { formText } from "../../lib/forms/form-data.ts";
import { APP_NAMESPACES, readyI18n, useAppTranslation } from "../../lib/i18n/i18n.ts";
import { useFormSubmit } from "../../components/forms/use-form-submit.ts";
import { isLocale, type Locale } from "#shared/i18n/locales.ts";
import { accountSubmit } from "./account-errors.ts";
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
  const form = useFormSubmit(accountSubmit(t, t("account:settings.profile.failed")));

  const handleSubmit = form.submit(async (data) => {
    const body = new FormData();
    for (const name of TEXT_FIELDS) body.set(name, formText(data, name));
    if (change.kind === "upload") body.set("avatar", change.file);
    if (change.kind === "remove") body.set("avatar", "");
    // The SDK puts the saved record in the auth store: the header follows at once.
    const saved = await updateRecord(getBrowserClient(), "users", profile.id, body);
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
  });

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
      <SubmitForm
        encType="multipart/form-data"
        onSubmit={handleSubmit}
        className="grid gap-4"
        outcome={form}
      >
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
          error={form.fieldErrors.avatar}
        />
        {(["name", "username"] as const).map((name) => (
          <TextInput
            key={name}
            {...labels[name]}
            {...form.field(name)}
            type="text"
            autoComplete={name === "username" ? "username" : "name"}
            required={name === "username"}
            maxLength={name === "username" ? 30 : 80}
            defaultValue={profile[name]}
          />
        ))}
        <TextArea
          {...labels.bio}
          {...form.field("bio")}
          rows={6}
          maxLength={2000}
          defaultValue={profile.bio}
        />
        <Select {...labels.locale} {...form.field("locale")} defaultValue={initialLocale}>
          <LocaleOptions />
        </Select>
        <div>
          <SubmitButton busy={form.busy} busyLabel={t("common:actions.saving")}>
            {t("account:settings.profile.submit")}
          </SubmitButton>
        </div>
      </SubmitForm>
    </SettingsSection>
  );
}
