/**
 * `/login`: email or username + password. Tries the `users` collection, then superusers
 * (who sign in with their email). The request goes from the browser through the SDK.
 */
import { useAppTranslation } from "../../lib/i18n.ts";
import { Link, redirect, useNavigate, useSearchParams } from "react-router";
import type { Route } from "./+types/login";
import {
  PasswordInput,
  SubmitButton,
  SubmitForm,
  TextInput,
} from "../../components/ui/form-controls.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { requestErrorMessage } from "../../lib/api-errors.ts";
import { useFormSubmit } from "../../lib/use-form-submit.ts";
import { formText } from "../../lib/form-data.ts";
import { getBrowserClient } from "../../lib/browser-client.ts";
import { pageMeta } from "../../lib/meta.ts";
import { displayName, toSessionUser } from "../../lib/session.ts";
import { useNotify } from "../../components/notifications/notifications.tsx";
import { routeContext } from "../../lib/route-data.ts";
import { ClientResponseError } from "pocketbase";
import { OAuth2Login } from "../../features/oauth2/oauth2-login.tsx";
import { EmailVerification } from "../../features/account/email-verification.tsx";
import { OtpLogin } from "../../features/otp/otp-login.tsx";
import { paths } from "../../lib/paths.ts";

/** Title. */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args);
}

/** Signed-in accounts have nothing to do here, unless they follow an email confirmation link. */
export function loader({ context, request }: Route.LoaderArgs) {
  const { user, t } = routeContext(context);
  if (user && !new URL(request.url).searchParams.has("verify")) throw redirect(paths.home());
  return { title: t("auth:login.title") };
}

/** The login form. */
export default function Login() {
  const { t } = useAppTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const form = useFormSubmit({
    fields: [],
    message: (failure) =>
      failure instanceof ClientResponseError && failure.status === 400
        ? t("auth:login.failed")
        : requestErrorMessage(failure, t),
  });
  const verifyToken = useSearchParams()[0].get("verify");

  const handleSubmit = form.submit(async (data) => {
    const identity = formText(data, "identity").trim();
    const password = formText(data, "password");
    const pb = getBrowserClient();
    try {
      await pb.collection("users").authWithPassword(identity, password);
    } catch (first) {
      if (!(first instanceof ClientResponseError) || first.status !== 400) throw first;
      await pb.collection("_superusers").authWithPassword(identity, password);
    }
    const account = toSessionUser(pb.authStore.record);
    notify.success(
      t("shell:notifications.loggedIn", { name: account ? displayName(account) : identity }),
    );
    await navigate(paths.home());
  });

  return (
    <div className="mx-auto max-w-md">
      <PageHeader title={t("auth:login.title")} intro={t("auth:login.intro")} />
      {verifyToken && <EmailVerification key={verifyToken} token={verifyToken} />}
      <SubmitForm onSubmit={handleSubmit} card outcome={form}>
        <TextInput
          label={t("auth:login.identity")}
          name="identity"
          autoComplete="username"
          required
        />
        <PasswordInput
          label={t("auth:login.password")}
          name="password"
          autoComplete="current-password"
          required
        />
        <SubmitButton busy={form.busy} busyLabel={t("auth:login.submitting")}>
          {t("auth:login.submit")}
        </SubmitButton>
        <p className="text-sm text-stone-700">
          <Link to={paths.passwordReset()} className="underline underline-offset-4">
            {t("auth:login.forgotPassword")}
          </Link>
        </p>
        <p className="text-sm text-stone-700">
          {t("auth:login.noAccount")}{" "}
          <Link to={paths.signUp()} className="font-semibold underline underline-offset-4">
            {t("auth:login.signUpLink")}
          </Link>
        </p>
      </SubmitForm>
      <OAuth2Login />
      <OtpLogin />
    </div>
  );
}
