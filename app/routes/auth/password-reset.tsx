/**
 * `/passwordReset`: asks the API to email a reset link (`request-password-reset`); the link
 * (`?token=…`) comes back here to choose the new password (`PasswordResetConfirm`).
 */
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import type { Route } from "./+types/password-reset";
import { EmailInput, SubmitButton, SubmitForm } from "../../components/ui/form-controls.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { requestErrorMessage } from "../../lib/forms/api-errors.ts";
import { useFormSubmit } from "../../components/forms/use-form-submit.ts";
import { formText } from "../../lib/forms/form-data.ts";
import { getBrowserClient } from "../../api/client/browser-client.ts";
import { requestPasswordReset } from "../../api/auth/password-reset.ts";
import { pageMeta } from "../../lib/routes/meta.ts";
import { useNotify } from "../../components/notifications/notifications.tsx";
import { routeContext } from "../../lib/routes/route-data.ts";
import {
  BackToLogin,
  PasswordResetConfirm,
} from "../../features/account/password-reset-confirm.tsx";
import { readLinkToken, usableLink } from "../../features/account/link-token.ts";
import { isTooManyRequests } from "../../features/account/account-errors.ts";

/** Title. */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args);
}

/** The step (request a link, or use one) and its title. */
export function loader({ context, request }: Route.LoaderArgs) {
  const { t } = routeContext(context);
  const token = new URL(request.url).searchParams.get("token");
  if (token === null) return { title: t("auth:passwordReset.title"), link: null };
  const claims = readLinkToken(token, "passwordReset");
  return {
    title: t("account:reset.title"),
    link: { token, email: claims.email, usable: usableLink(claims) },
  };
}

/** The reset request form, or the new password form of an emailed link. */
export default function PasswordReset({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  const { link } = loaderData;
  if (link) {
    return (
      <div className="mx-auto max-w-md">
        <PageHeader
          title={t("account:reset.title")}
          intro={
            link.email && link.usable
              ? t("account:reset.introFor", { email: link.email })
              : t("account:reset.intro")
          }
        />
        <PasswordResetConfirm key={link.token} {...link} />
      </div>
    );
  }
  return <PasswordResetRequest />;
}

function PasswordResetRequest() {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const form = useFormSubmit({
    fields: ["email"],
    // A field message says it all; the notification repeats it.
    message: (failure, fields) =>
      fields.email
        ? null
        : isTooManyRequests(failure)
          ? t("account:errors.tooManyRequests")
          : requestErrorMessage(failure, t),
  });

  const handleSubmit = form.submit(async (data) => {
    const email = formText(data, "email").trim();
    await requestPasswordReset(getBrowserClient(), email);
    const sent = t("auth:passwordReset.sent", { email });
    form.succeed(sent);
    notify.success(sent);
  });

  return (
    <div className="mx-auto max-w-md">
      <PageHeader title={t("auth:passwordReset.title")} intro={t("auth:passwordReset.intro")} />
      <SubmitForm onSubmit={handleSubmit} card outcome={form}>
        <EmailInput label={t("auth:passwordReset.email")} {...form.field("email")} required />
        <SubmitButton busy={form.busy} busyLabel={t("auth:passwordReset.submitting")}>
          {t("auth:passwordReset.submit")}
        </SubmitButton>
        <BackToLogin />
      </SubmitForm>
    </div>
  );
}
