/**
 * "Description and footer" of `/admin/settings` (ADR 069): the site's description and footer
 * line in English and French, saved with `PATCH /api/settings` under `meta`.
 */
import { useState } from "react";
import {
  FormStatus,
  SubmitButton,
  SubmitForm,
  TextArea,
  TextInput,
} from "../../components/ui/form-controls.tsx";
import { SettingsSection } from "../../components/ui/settings-section.tsx";
import { useFormSubmit } from "../../components/forms/use-form-submit.ts";
import { getBrowserClient } from "../../api/client/browser-client.ts";
import { saveSiteIdentity, type SiteIdentitySettings } from "../../api/system/site-identity.ts";
import { formText } from "../../lib/forms/form-data.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { fill, useSiteIdentityTexts } from "./texts.ts";
import { identityFormOptions } from "./identity-errors.ts";

/** Longest description and footer line (the server's bounds). */
const MAX = { description: 300, footer: 200 } as const;

const FIELDS = [
  "meta.description",
  "meta.description.en",
  "meta.description.fr",
  "meta.footer",
  "meta.footer.en",
  "meta.footer.fr",
] as const;

/** The form, filled with the identity as loaded. */
export function IdentityTextsForm(props: { identity: SiteIdentitySettings }) {
  const { t } = useAppTranslation();
  const { C, locale } = useSiteIdentityTexts();
  const [saved, setSaved] = useState(props.identity);
  const [version, setVersion] = useState(0);
  const form = useFormSubmit({
    failed: t("errors:api.generic"),
    ...identityFormOptions(locale, FIELDS),
  });
  const handleSubmit = form.submit(async (data) => {
    const stored = await saveSiteIdentity(getBrowserClient(), {
      description: { en: formText(data, "descriptionEn"), fr: formText(data, "descriptionFr") },
      footer: { en: formText(data, "footerEn"), fr: formText(data, "footerFr") },
    });
    setSaved(stored.meta);
    setVersion((current) => current + 1);
    form.succeed(C.texts.saved);
  });
  const error = (field: string, lang: "en" | "fr") =>
    form.fieldErrors[`meta.${field}.${lang}`] ?? form.fieldErrors[`meta.${field}`];

  return (
    <SettingsSection title={C.texts.title} intro={C.texts.intro}>
      <SubmitForm key={version} onSubmit={handleSubmit} className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          {(["en", "fr"] as const).map((lang) => (
            <TextArea
              key={lang}
              lang={lang}
              label={lang === "en" ? C.texts.descriptionEn : C.texts.descriptionFr}
              hint={fill(C.texts.descriptionHint, { max: MAX.description })}
              name={lang === "en" ? "descriptionEn" : "descriptionFr"}
              rows={3}
              maxLength={MAX.description}
              defaultValue={saved.description[lang]}
              error={error("description", lang)}
            />
          ))}
          {(["en", "fr"] as const).map((lang) => (
            <TextInput
              key={lang}
              lang={lang}
              label={lang === "en" ? C.texts.footerEn : C.texts.footerFr}
              hint={fill(C.texts.descriptionHint, { max: MAX.footer })}
              name={lang === "en" ? "footerEn" : "footerFr"}
              maxLength={MAX.footer}
              defaultValue={saved.footer[lang]}
              error={error("footer", lang)}
            />
          ))}
        </div>
        <div>
          <SubmitButton busy={form.busy} busyLabel={C.texts.saving}>
            {C.texts.save}
          </SubmitButton>
        </div>
      </SubmitForm>
      <FormStatus form={form} />
    </SettingsSection>
  );
}
