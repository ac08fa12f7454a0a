/**
 * "Custom style sheet" of `/admin/settings` (ADR 069): the site's CSS in a text area, its size
 * against the limit as one types; the server checks that it parses and keeps within the page's
 * security policy, and its refusal (with the line) shows under the field.
 */
import { useState } from "react";
import {
  FormStatus,
  SubmitButton,
  SubmitForm,
  TextArea,
} from "../../components/ui/form-controls.tsx";
import { SettingsSection } from "../../components/ui/settings-section.tsx";
import { useFormSubmit } from "../../components/forms/use-form-submit.ts";
import { getBrowserClient } from "../../api/client/browser-client.ts";
import { saveSiteIdentity } from "../../api/system/site-identity.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { fill, useSiteIdentityTexts } from "./texts.ts";
import { identityFormOptions } from "./identity-errors.ts";

/** The server's limit (KB). */
const MAX_KB = 50;

/** The form, filled with the sheet as loaded. */
export function CustomCssForm(props: { css: string }) {
  const { t } = useAppTranslation();
  const { C, locale } = useSiteIdentityTexts();
  const [css, setCss] = useState(props.css);
  const form = useFormSubmit({
    failed: t("errors:api.generic"),
    ...identityFormOptions(locale, ["meta.customCss"]),
  });
  const handleSubmit = form.submit(async () => {
    const stored = await saveSiteIdentity(getBrowserClient(), { customCss: css });
    setCss(stored.meta.customCss);
    form.succeed(C.css.saved);
  });
  const size = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(
    new TextEncoder().encode(css).length / 1024,
  );

  return (
    <SettingsSection title={C.css.title} intro={C.css.intro}>
      <SubmitForm onSubmit={handleSubmit} className="grid gap-4">
        <TextArea
          label={C.css.label}
          hint={fill(C.css.size, { size, max: MAX_KB })}
          name="customCss"
          rows={12}
          spellCheck={false}
          autoComplete="off"
          className="font-mono text-sm"
          value={css}
          onChange={(event) => {
            setCss(event.currentTarget.value);
          }}
          error={form.fieldErrors["meta.customCss"]}
        />
        <div>
          <SubmitButton busy={form.busy} busyLabel={C.texts.saving}>
            {C.css.save}
          </SubmitButton>
        </div>
      </SubmitForm>
      <FormStatus form={form} />
    </SettingsSection>
  );
}
