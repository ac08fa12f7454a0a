/**
 * `/signUp`: username, name, email, password and confirmation, with a link to the privacy
 * policy. The form says which fields are required (all but the name) and what the username
 * is for (the address of the profile, shown as it is typed). Field errors come from the
 * API's validation codes, translated, under their fields only (issue 25 item 12). Once the API
 * took the sign-up, the page says "check your mailbox", the same for an address that had an
 * account as for a new one (ADR 061): the mailed link confirms the address and leads to the
 * login page.
 */
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { useState, type ChangeEvent } from "react";
import { Link, redirect } from "react-router";
import type { Route } from "./+types/sign-up";
import { SubmitButton, SubmitForm, TextInput } from "../../components/ui/form-controls.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { useSession } from "../../components/session-provider.tsx";
import { useFormSubmit } from "../../components/forms/use-form-submit.ts";
import { formText } from "../../lib/forms/form-data.ts";
import { getBrowserClient } from "../../api/client/browser-client.ts";
import { pageMeta } from "../../lib/routes/meta.ts";
import { routeContext } from "../../lib/routes/route-data.ts";
import { paths } from "../../lib/paths.ts";
import { FieldsFormStatus } from "./fields-form-status.tsx";
import { SIGN_UP_FIELDS, signUpAndMail, type SignUpValues } from "./sign-up-flow.ts";
import { SignUpSent } from "./sign-up-sent.tsx";

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

/** The sign-up form, then "check your mailbox". */
export default function SignUp() {
  const { t } = useAppTranslation();
  const { locale } = useSession();
  // One mistake, one message: under its field (the form's summary for screen readers).
  const form = useFormSubmit({ failed: t("auth:signUp.failed"), notify: false });
  // The username as typed, shown in its hint as the address it makes.
  const [username, setUsername] = useState("");
  // The address the sign-up was sent for, once the API took it.
  const [sentTo, setSentTo] = useState<string | null>(null);

  const handleSubmit = form.submit(async (data) => {
    const values = Object.fromEntries(
      SIGN_UP_FIELDS.map((f) => [f, formText(data, f)]),
    ) as SignUpValues;
    await signUpAndMail(getBrowserClient(), values, locale);
    setSentTo(values.email);
  });

  const labels: Record<
    (typeof SIGN_UP_FIELDS)[number],
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

  if (sentTo !== null)
    return (
      <div className="mx-auto max-w-md">
        <PageHeader title={t("auth:signUp.title")} />
        <SignUpSent email={sentTo} />
      </div>
    );

  return (
    <div className="mx-auto max-w-md">
      <PageHeader title={t("auth:signUp.title")} intro={t("auth:signUp.intro")} />
      <SubmitForm onSubmit={handleSubmit} card>
        <FieldsFormStatus form={form} />
        {SIGN_UP_FIELDS.map((field) => (
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
