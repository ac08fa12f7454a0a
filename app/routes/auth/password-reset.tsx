/**
 * `/passwordReset`: asks the API to email a reset link (`request-password-reset`); the link
 * (`?token=…`) comes back here to choose the new password (`PasswordResetConfirm`).
 */
import { useAppTranslation } from "../../lib/i18n.ts";
import { useState, type SubmitEvent } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/password-reset";
import { buttonClass } from "../../components/ui/button-link.tsx";
import { FormField, FormMessage, inputClass } from "../../components/ui/form-field.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { fieldErrors, requestErrorMessage } from "../../lib/api-errors.ts";
import { formText } from "../../lib/form-data.ts";
import { getBrowserClient } from "../../lib/browser-client.ts";
import { pageMeta } from "../../lib/meta.ts";
import { useNotify } from "../../components/notifications/notifications.tsx";
import { routeContext } from "../../lib/route-data.ts";
import { PasswordResetConfirm } from "../../features/account/password-reset-confirm.tsx";
import { readLinkToken, usableLink } from "../../features/account/link-token.ts";
import { isTooManyRequests } from "../../features/account/account-errors.ts";
import { paths } from "../../lib/paths.ts";

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
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = formText(new FormData(event.currentTarget), "email").trim();
    setBusy(true);
    setSentTo(null);
    setError(null);
    setFieldError(undefined);
    try {
      await getBrowserClient().collection("users").requestPasswordReset(email);
      setSentTo(email);
      notify.success(t("auth:passwordReset.sent", { email }));
    } catch (failure) {
      const byField = fieldErrors(failure, t);
      if (byField.email) setFieldError(byField.email);
      const message = isTooManyRequests(failure)
        ? t("account:errors.tooManyRequests")
        : requestErrorMessage(failure, t);
      if (!byField.email) setError(message);
      notify.error(byField.email ?? message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mx-auto max-w-md">
      <PageHeader title={t("auth:passwordReset.title")} intro={t("auth:passwordReset.intro")} />
      <form
        method="post"
        onSubmit={(event) => void handleSubmit(event)}
        className="grid gap-4 rounded border border-stone-200 bg-white p-6"
        noValidate
      >
        {sentTo && (
          <FormMessage kind="success">
            {t("auth:passwordReset.sent", { email: sentTo })}
          </FormMessage>
        )}
        {error && <FormMessage kind="error">{error}</FormMessage>}
        <FormField label={t("auth:passwordReset.email")} error={fieldError}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              name="email"
              type="email"
              autoComplete="email"
              required
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              className={inputClass}
            />
          )}
        </FormField>
        <button type="submit" disabled={busy} className={buttonClass.primary}>
          {busy ? t("auth:passwordReset.submitting") : t("auth:passwordReset.submit")}
        </button>
        <p className="text-sm">
          <Link to={paths.login()} className="underline underline-offset-4">
            {t("auth:passwordReset.backToLogin")}
          </Link>
        </p>
      </form>
    </div>
  );
}
