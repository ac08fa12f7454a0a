/**
 * "Comments" of the account's settings (ADR 065): one daily summary of the comments waiting
 * for the account's approval instead of one email each; saved with the account's record.
 */
import { useState } from "react";
import {
  Checkbox,
  FormStatus,
  SubmitButton,
  SubmitForm,
} from "../../components/ui/form-controls.tsx";
import { SettingsSection } from "../../components/ui/settings-section.tsx";
import { useFormSubmit } from "../../components/forms/use-form-submit.ts";
import { getBrowserClient } from "../../api/client/browser-client.ts";
import { saveCommentDigest } from "../../api/comments/comment-settings.ts";
import { formText } from "../../lib/forms/form-data.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";

/** The account's digest choice, as loaded. */
export function CommentDigestForm(props: { userId: string; digest: boolean }) {
  const { t } = useAppTranslation();
  const [digest, setDigest] = useState(props.digest);
  const form = useFormSubmit({ failed: t("errors:api.generic"), fields: ["commentDigest"] });
  const handleSubmit = form.submit(async (data) => {
    setDigest(
      await saveCommentDigest(getBrowserClient(), props.userId, formText(data, "digest") === "on"),
    );
    form.succeed(t("comments:account.saved"));
  });
  return (
    <SettingsSection title={t("comments:account.title")}>
      <SubmitForm onSubmit={handleSubmit} className="grid gap-4">
        <Checkbox
          key={String(digest)}
          name="digest"
          label={t("comments:account.digest")}
          defaultChecked={digest}
        />
        <div>
          <SubmitButton busy={form.busy} busyLabel={t("comments:form.sending")}>
            {t("comments:account.save")}
          </SubmitButton>
        </div>
      </SubmitForm>
      <FormStatus form={form} />
    </SettingsSection>
  );
}
