/**
 * "Accent colour" of `/admin/settings` (ADR 069): a colour picker and its `#rrggbb` text, with
 * the contrast verdict as one types (the server's own check, `shared/site/contrast.ts`), a
 * preview of a button and a link in it, and the dark theme's shade; the server refuses a
 * colour below WCAG AA, and its refusal shows under the field.
 */
import { useState } from "react";
import { accentShades, isHexColour, judgeAccent } from "#shared/site/contrast.ts";
import {
  FormStatus,
  SubmitButton,
  SubmitForm,
  TextInput,
} from "../../components/ui/form-controls.tsx";
import { SettingsSection } from "../../components/ui/settings-section.tsx";
import { useFormSubmit } from "../../components/forms/use-form-submit.ts";
import { getBrowserClient } from "../../api/client/browser-client.ts";
import { saveSiteIdentity } from "../../api/system/site-identity.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { fill, useSiteIdentityTexts } from "./texts.ts";
import { formatRatio, identityFormOptions } from "./identity-errors.ts";

/** Cahier's amber (`amber-800`), what the picker shows without an accent. */
const CAHIER_AMBER = "#92400e";

/** The verdict shown under the field as one types. */
function Verdict({ value }: { value: string }) {
  const { C, locale } = useSiteIdentityTexts();
  const colour = value.trim();
  if (colour === "") return null;
  if (!isHexColour(colour)) return <span>{C.accent.verdictInvalid}</span>;
  const verdict = judgeAccent(colour);
  const values = {
    onPage: formatRatio(verdict.onPage, locale),
    underWhite: formatRatio(verdict.underWhite, locale),
    dark: accentShades(colour).dark[800],
  };
  return verdict.ok ? (
    <span className="text-green-800">{fill(C.accent.verdictOk, values)}</span>
  ) : (
    <span className="text-red-800">{fill(C.accent.verdictLow, values)}</span>
  );
}

/** The form, filled with the accent as loaded (`""`: Cahier's). */
export function AccentForm(props: { accent: string }) {
  const { t } = useAppTranslation();
  const { C, locale } = useSiteIdentityTexts();
  const [value, setValue] = useState(props.accent);
  const form = useFormSubmit({
    failed: t("errors:api.generic"),
    // The colour this render submits: the one a refusal measures.
    ...identityFormOptions(locale, ["meta.accentColor"], () => value.trim()),
  });
  const handleSubmit = form.submit(async () => {
    const stored = await saveSiteIdentity(getBrowserClient(), { accentColor: value.trim() });
    setValue(stored.meta.accentColor);
    form.succeed(C.accent.saved);
  });
  const colour = isHexColour(value.trim()) ? value.trim().toLowerCase() : null;
  const shown = colour ?? CAHIER_AMBER;

  return (
    <SettingsSection title={C.accent.title} intro={C.accent.intro}>
      <SubmitForm onSubmit={handleSubmit} className="grid gap-4">
        <div className="flex flex-wrap items-end gap-3">
          <input
            type="color"
            aria-label={C.accent.picker}
            value={shown}
            onChange={(event) => {
              setValue(event.currentTarget.value);
            }}
            className="h-11 w-14 cursor-pointer rounded border border-stone-300 bg-white p-1"
          />
          <div className="min-w-56 flex-1">
            <TextInput
              label={C.accent.label}
              hint={C.accent.hint}
              name="accentColor"
              value={value}
              spellCheck={false}
              autoComplete="off"
              placeholder="#1d4ed8"
              maxLength={7}
              onChange={(event) => {
                setValue(event.currentTarget.value);
              }}
              error={form.fieldErrors["meta.accentColor"]}
            />
          </div>
        </div>
        <p aria-live="polite" className="text-sm" data-testid="accent-verdict">
          <Verdict value={value} />
        </p>
        {/* Shown only for a readable colour: the preview itself stays within AA. */}
        <div
          className={`flex flex-wrap items-center gap-4 ${colour && judgeAccent(colour).ok ? "" : "hidden"}`}
          aria-hidden="true"
        >
          <span
            className="rounded px-4 py-2 font-semibold text-white"
            style={{ backgroundColor: shown }}
          >
            {C.accent.preview}
          </span>
          <span className="underline underline-offset-4" style={{ color: shown }}>
            {C.accent.previewLink}
          </span>
        </div>
        <div>
          <SubmitButton busy={form.busy} busyLabel={C.texts.saving}>
            {C.accent.save}
          </SubmitButton>
        </div>
      </SubmitForm>
      <FormStatus form={form} />
    </SettingsSection>
  );
}
