/**
 * `/signUp`: username, name, email, password and confirmation, with a link to the privacy
 * policy. The form says which fields are required (all but the name) and what the username
 * is for (the address of the profile, shown as it is typed). Field errors come from the
 * API's validation codes, translated. On success the new account signs in and is mailed the
 * link that confirms its address.
 */
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { useState, type ChangeEvent } from "react";
import { Link, redirect, useNavigate } from "react-router";
import type { Route } from "./+types/sign-up";
import { SubmitButton, SubmitForm, TextInput } from "../../components/ui/form-controls.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { useSession } from "../../components/session-provider.tsx";
import { useNotify } from "../../components/notifications/notifications.tsx";
import { useFormSubmit } from "../../components/forms/use-form-submit.ts";
import { formText } from "../../lib/forms/form-data.ts";
import { getBrowserClient } from "../../api/client/browser-client.ts";
import { requestVerification } from "../../api/auth/session.ts";
import { signInWithPassword } from "../../api/auth/sign-in.ts";
import { signUp } from "../../api/auth/sign-up.ts";
import { pageMeta } from "../../lib/routes/meta.ts";
import { routeContext } from "../../lib/routes/route-data.ts";
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
  const form = useFormSubmit({ failed: t("auth:signUp.failed") });
  // The username as typed, shown in its hint as the address it makes.
  const [username, setUsername] = useState("");

  const handleSubmit = form.submit(async (data) => {
    const values = Object.fromEntries(FIELDS.map((f) => [f, formText(data, f)]));
    const api = getBrowserClient();
    await signUp(api, { ...values, locale, emailVisibility: false });
    await signInWithPassword(api, values.email ?? "", values.password ?? "");
    // The link that confirms the address; the banner offers to send it again.
    void requestVerification(api, values.email ?? "").catch(() => undefined);
    notify.success(
      t("shell:notifications.signedUp", { name: values.name || values.username || "" }),
    );
    await navigate(paths.home());
  });

  const labels: Record<
    (typeof FIELDS)[number],
    { label: string; hint?: string; type: string; autoComplete: string }
  > = {
    username: {
      label: t("auth:signUp.username"),
      hint: t("auth:signUp.usernameHint", {
        example: username.trim() || t("auth:signUp.usernameExample"),
      }),
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
      <SubmitForm onSubmit={handleSubmit} card outcome={form}>
        {FIELDS.map((field) => (
          <TextInput
            key={field}
            label={labels[field].label}
            hint={labels[field].hint}
            {...form.field(field)}
            type={labels[field].type}
            autoComplete={labels[field].autoComplete}
            required={field !== "name"}
            onChange={
              field === "username"
                ? (event: ChangeEvent<HTMLInputElement>) => {
                    setUsername(event.currentTarget.value);
                  }
                : undefined
            }
          />
        ))}
        <p className="text-sm text-stone-700">
          {t("auth:signUp.privacyBefore")}
          <Link to={paths.privacyPolicy()} className="font-semibold underline underline-offset-4">
            {t("auth:signUp.privacyLink")}
          </Link>
          {t("auth:signUp.privacyAfter")}
        </p>
        <SubmitButton busy={form.busy} busyLabel={t("auth:signUp.submitting")}>
          {t("auth:signUp.submit")}
        </SubmitButton>
        <p className="text-sm text-stone-700">
          {t("auth:signUp.haveAccount")}{" "}
          <Link to={paths.login()} className="font-semibold underline underline-offset-4">
            {t("auth:signUp.loginLink")}
          </Link>
        </p>
      </SubmitForm>
    </div>
  );
}
