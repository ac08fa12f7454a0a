/**
 * `/signUp`: username, name, email, password and confirmation, with a link to the privacy
 * policy. Field errors come from the API's validation codes, translated. On success the new
 * account signs in and is mailed the link that confirms its address.
 */
import { useAppTranslation } from "../../lib/i18n.ts";
import { useState, type SubmitEvent } from "react";
import { Link, redirect, useNavigate } from "react-router";
import type { Route } from "./+types/sign-up";
import { buttonClass } from "../../components/ui/button-link.tsx";
import { FormField, FormMessage, inputClass } from "../../components/ui/form-field.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { useSession } from "../../components/session-provider.tsx";
import { useNotify } from "../../components/notifications/notifications.tsx";
import { fieldErrors, requestErrorMessage } from "../../lib/api-errors.ts";
import { formText } from "../../lib/form-data.ts";
import { getBrowserClient } from "../../lib/browser-client.ts";
import { pageMeta } from "../../lib/meta.ts";
import { routeContext } from "../../lib/route-data.ts";
import { paths } from "../../lib/paths.ts";

/** Title. */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args);
}

/** Signed-in accounts have nothing to do here. */
export function loader({ context }: Route.LoaderArgs) {
  const { user, t } = routeContext(context);
  if (user) throw redirect(paths.home());
  return { title: t("auth:signUp.title") };
}

const FIELDS = ["username", "name", "email", "password", "passwordConfirm"] as const;

/** The sign-up form. */
export default function SignUp() {
  const { t } = useAppTranslation();
  const { locale } = useSession();
  const navigate = useNavigate();
  const notify = useNotify();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values = Object.fromEntries(FIELDS.map((f) => [f, formText(form, f)]));
    setBusy(true);
    setErrors({});
    setFormError(null);
    const pb = getBrowserClient();
    try {
      await pb.collection("users").create({ ...values, locale, emailVisibility: false });
      await pb.collection("users").authWithPassword(values.email ?? "", values.password ?? "");
      // The link that confirms the address; the banner offers to send it again.
      void pb
        .collection("users")
        .requestVerification(values.email ?? "")
        .catch(() => undefined);
      notify.success(
        t("shell:notifications.signedUp", { name: values.name || values.username || "" }),
      );
      await navigate(paths.home());
    } catch (failure) {
      const byField = fieldErrors(failure, t);
      setErrors(byField);
      const message = Object.keys(byField).length
        ? t("auth:signUp.failed")
        : requestErrorMessage(failure, t);
      setFormError(message);
      notify.error(message);
    } finally {
      setBusy(false);
    }
  }

  const labels: Record<
    (typeof FIELDS)[number],
    { label: string; hint?: string; type: string; autoComplete: string }
  > = {
    username: {
      label: t("auth:signUp.username"),
      hint: t("auth:signUp.usernameHint"),
      type: "text",
      autoComplete: "username",
    },
    name: {
      label: t("auth:signUp.name"),
      hint: t("auth:signUp.nameHint"),
      type: "text",
      autoComplete: "name",
    },
    email: { label: t("auth:signUp.email"), type: "email", autoComplete: "email" },
    password: {
      label: t("auth:signUp.password"),
      hint: t("auth:signUp.passwordHint"),
      type: "password",
      autoComplete: "new-password",
    },
    passwordConfirm: {
      label: t("auth:signUp.passwordConfirm"),
      type: "password",
      autoComplete: "new-password",
    },
  };

  return (
    <div className="mx-auto max-w-md">
      <PageHeader title={t("auth:signUp.title")} intro={t("auth:signUp.intro")} />
      <form
        method="post"
        onSubmit={(event) => void handleSubmit(event)}
        className="grid gap-4 rounded border border-stone-200 bg-white p-6"
        noValidate
      >
        {formError && <FormMessage kind="error">{formError}</FormMessage>}
        {FIELDS.map((field) => (
          <FormField
            key={field}
            label={labels[field].label}
            hint={labels[field].hint}
            error={errors[field]}
          >
            {({ id, describedBy, invalid }) => (
              <input
                id={id}
                name={field}
                type={labels[field].type}
                autoComplete={labels[field].autoComplete}
                required={field !== "name"}
                aria-invalid={invalid || undefined}
                aria-describedby={describedBy}
                className={inputClass}
              />
            )}
          </FormField>
        ))}
        <p className="text-sm text-stone-700">
          {t("auth:signUp.privacyBefore")}
          <Link to={paths.privacyPolicy()} className="font-semibold underline underline-offset-4">
            {t("auth:signUp.privacyLink")}
          </Link>
          {t("auth:signUp.privacyAfter")}
        </p>
        <button type="submit" disabled={busy} className={buttonClass.primary}>
          {busy ? t("auth:signUp.submitting") : t("auth:signUp.submit")}
        </button>
        <p className="text-sm text-stone-700">
          {t("auth:signUp.haveAccount")}{" "}
          <Link to={paths.login()} className="font-semibold underline underline-offset-4">
            {t("auth:signUp.loginLink")}
          </Link>
        </p>
      </form>
    </div>
  );
}
