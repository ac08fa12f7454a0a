/**
 * "Description and footer" of `/admin/settings` (ADR 069): the site's description and footer
 * line in English and French, saved with `PATCH /api/settings` under `meta`.
 */
import { useState } from "react";
import { SUPPORTED_LOCALES, type Locale } from "#shared/i18n/locales.ts";
import type { Localized } from "#shared/site/site-files.ts";
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

/** The two texts, each written once per language. */
const TEXTS = ["description", "footer"] as const;

const FIELDS = TEXTS.flatMap((text) => [
  `meta.${text}`,
  ...SUPPORTED_LOCALES.map((lang) => `meta.${text}.${lang}`),
]);

/** One text's value in each language, as the form holds them (`description.en`, …). */
function perLanguage(data: FormData, text: (typeof TEXTS)[number]): Localized {
  return Object.fromEntries(
    SUPPORTED_LOCALES.map((lang) => [lang, formText(data, `${text}.${lang}`)]),
  ) as Localized;
}

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
      description: perLanguage(data, "description"),
      footer: perLanguage(data, "footer"),
    });
    setSaved(stored.meta);
    setVersion((current) => current + 1);
    form.succeed(C.texts.saved);
  });
  const error = (field: string, lang: Locale) =>
    form.fieldErrors[`meta.${field}.${lang}`] ?? form.fieldErrors[`meta.${field}`];

  return (
    <SettingsSection title={C.texts.title} intro={C.texts.intro}>
      <SubmitForm key={version} onSubmit={handleSubmit} className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          {SUPPORTED_LOCALES.map((lang) => (
            <TextArea
              key={lang}
              lang={lang}
              label={C.texts.description[lang]}
              hint={fill(C.texts.descriptionHint, { max: MAX.description })}
              name={`description.${lang}`}
              rows={3}
              maxLength={MAX.description}
              defaultValue={saved.description[lang]}
              error={error("description", lang)}
            />
          ))}
          {SUPPORTED_LOCALES.map((lang) => (
            <TextInput
              key={lang}
              lang={lang}
              label={C.texts.footer[lang]}
              hint={fill(C.texts.descriptionHint, { max: MAX.footer })}
              name={`footer.${lang}`}
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
