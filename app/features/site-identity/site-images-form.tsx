/**
 * "Icon and logo" and "Social image" of `/admin/settings` (ADR 069): each shows the current
 * image, uploads a new one (`POST /api/settings/icon`, `/api/settings/social-image`) and goes
 * back to the default (`DELETE`); the server's refusals show under the file field.
 */
import { useState } from "react";
import { siteIconPath, socialImagePath } from "#shared/site/site-files.ts";
import {
  FormStatus,
  SubmitButton,
  SubmitForm,
  TextInput,
} from "../../components/ui/form-controls.tsx";
import { SettingsSection } from "../../components/ui/settings-section.tsx";
import { useFormSubmit } from "../../components/forms/use-form-submit.ts";
import { getBrowserClient } from "../../api/client/browser-client.ts";
import {
  removeSiteImage,
  uploadSiteImage,
  type SiteImageKind,
} from "../../api/system/site-identity.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { useSiteIdentityTexts } from "./texts.ts";
import { identityFormOptions } from "./identity-errors.ts";

const secondaryButton =
  "inline-flex items-center justify-center rounded border border-stone-300 bg-white px-4 py-2 font-semibold text-stone-800 hover:bg-stone-100 disabled:opacity-60";

/** One image's section: its preview, its upload and its reset. */
function SiteImageForm(props: { kind: SiteImageKind; version: string }) {
  const { t } = useAppTranslation();
  const { C, locale } = useSiteIdentityTexts();
  const [version, setVersion] = useState(props.version);
  const [attempt, setAttempt] = useState(0);
  const icon = props.kind === "icon";
  const form = useFormSubmit({
    failed: t("errors:api.generic"),
    ...identityFormOptions(locale, [props.kind]),
  });
  const handleSubmit = form.submit(async (data) => {
    const file = data.get(props.kind);
    const stored = await uploadSiteImage(
      getBrowserClient(),
      props.kind,
      file instanceof File ? file : new File([], ""),
    );
    setVersion(icon ? stored.meta.icon : stored.meta.socialImage);
    setAttempt((current) => current + 1);
    form.succeed(C.images.uploaded);
  });
  const reset = () => {
    void form.run(async () => {
      const stored = await removeSiteImage(getBrowserClient(), props.kind);
      setVersion(icon ? stored.meta.icon : stored.meta.socialImage);
      form.succeed(C.images.removed);
    });
  };
  const preview = icon ? siteIconPath("icon-192", version) : socialImagePath(version);

  return (
    <SettingsSection
      title={icon ? C.images.iconTitle : C.images.socialTitle}
      intro={icon ? C.images.iconIntro : C.images.socialIntro}
    >
      {preview ? (
        <img
          src={preview}
          alt={icon ? C.images.iconPreview : C.images.socialPreview}
          width={icon ? 96 : 300}
          height={icon ? 96 : 158}
          className="rounded border border-stone-200"
          data-testid={`${props.kind}-preview`}
        />
      ) : (
        <p className="text-sm text-stone-700">{C.images.socialNone}</p>
      )}
      <SubmitForm key={attempt} onSubmit={handleSubmit} className="grid gap-4">
        <TextInput
          type="file"
          name={props.kind}
          accept="image/png,image/jpeg,image/webp,image/avif,image/gif,image/svg+xml"
          required
          label={icon ? C.images.iconLabel : C.images.socialLabel}
          error={form.fieldErrors[props.kind]}
        />
        <div className="flex flex-wrap gap-3">
          <SubmitButton busy={form.busy} busyLabel={C.images.uploading}>
            {C.images.upload}
          </SubmitButton>
          {version ? (
            <button type="button" className={secondaryButton} onClick={reset} disabled={form.busy}>
              {icon ? C.images.reset : C.images.resetSocial}
            </button>
          ) : null}
        </div>
      </SubmitForm>
      <FormStatus form={form} />
    </SettingsSection>
  );
}

/** The icon's and the social image's sections. */
export function SiteImagesForms(props: { icon: string; socialImage: string }) {
  return (
    <>
      <SiteImageForm kind="icon" version={props.icon} />
      <SiteImageForm kind="socialImage" version={props.socialImage} />
    </>
  );
}
