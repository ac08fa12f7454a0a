/**
 * `/login`: email or username + password. Tries the `users` collection, then superusers
 * (who sign in with their email). The request goes from the browser through the SDK. When
 * the account has two-step verification, any first factor (password, emailed code, OAuth2)
 * answers with an `mfaId` and the page asks for the second step instead (ADR 046). A passkey
 * signs in alone, or serves as that second step (ADR 052). Once
 * signed in, the account's own language applies (a fresh browser included), and the visitor
 * goes back to the page a guard sent them from (`?redirectTo=`), else home. The emailed link
 * that confirms a new account's address (`?verify=`) ends its sign-up here: the address
 * confirmed, the form filled with it, the password signs the account in and it is welcomed as
 * new (issue 25 item 5). A refused sign-in is said once, above the form (issue 25 item 12).
 */
import { useState } from "react";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { Link, redirect, useNavigate, useSearchParams } from "react-router";
import type { Route } from "./+types/login";
import {
  PasswordInput,
  SubmitButton,
  SubmitForm,
  TextInput,
} from "../../components/ui/form-controls.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { requestErrorMessage } from "../../lib/forms/api-errors.ts";
import { useFormSubmit } from "../../components/forms/use-form-submit.ts";
import { formText } from "../../lib/forms/form-data.ts";
import { getBrowserClient } from "../../api/client/browser-client.ts";
import { failedWith } from "../../api/client/api-errors.ts";
import { authRecord, type AuthRecord } from "../../api/auth/auth-store.ts";
import { signInWithPassword } from "../../api/auth/sign-in.ts";
import { pageMeta } from "../../lib/routes/meta.ts";
import { displayName, toSessionUser } from "../../api/auth/session.ts";
import { useNotify } from "../../components/notifications/notifications.tsx";
import { useSession } from "../../components/session-provider.tsx";
import { returnPath } from "../../lib/browser/navigation.ts";
import { appName, routeContext } from "../../lib/routes/route-data.ts";
import { OAuth2Login } from "../../features/oauth2/oauth2-login.tsx";
import { EmailVerification } from "../../features/account/email-verification.tsx";
import { OtpLogin } from "../../features/otp/otp-login.tsx";
import { SecondFactorChallenge } from "../../features/account/second-factors/second-factor-challenge.tsx";
import { PasskeyLogin } from "../../features/account/passkeys-login.tsx";
import { hostAcceptsPasskeys } from "../../features/account/passkeys-client.ts";
import { readLinkToken } from "../../features/account/link-token.ts";
import { passkeySignInEnabled } from "../../api/auth/passkeys.ts";
import { oauth2ProviderNames } from "../../api/auth/oauth2.ts";
import { isSignInRefused, mfaIdOf } from "../../api/auth/mfa.ts";
import { paths } from "../../lib/paths.ts";
import type { IntentHandle } from "../../lib/document/hydrate-on-intent.ts";

/** A guest reads the form at once and it hydrates on intent, unless a link asks it to act now. */
export const handle: IntentHandle = { hydrateOnIntent: (search) => search === "" };

/** Title. */
export function meta(args: Route.MetaArgs) {
  return pageMeta(args);
}

/**
 * Signed-in accounts have nothing to do here (they go where they were going), unless they
 * follow an email confirmation link. `passkeys`: whether the server offers passkeys at the
 * address the page was asked at, so the page keeps the button's place from its first paint
 * (issue 25 item 7).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { api, user, t } = routeContext(context);
  const url = new URL(request.url);
  const params = url.searchParams;
  if (user && !params.has("verify")) throw redirect(returnPath(params.get("redirectTo")));
  return {
    title: t("auth:login.title"),
    description: t("auth:login.description", { app: appName(context) }),
    passkeys: hostAcceptsPasskeys(url.hostname) && (await passkeysOffered(api)),
    oauth2: await oauth2Offered(api),
  };
}

/** The OAuth2 providers' names, so their buttons hold their place from the first paint. */
async function oauth2Offered(api: Parameters<typeof oauth2ProviderNames>[0]) {
  try {
    return await oauth2ProviderNames(api);
  } catch (error) {
    console.debug("auth-methods failed", error);
    return [];
  }
}

/** Whether `auth-methods` offers passkeys; no when it cannot say (the button shows late then). */
async function passkeysOffered(api: Parameters<typeof passkeySignInEnabled>[0]) {
  try {
    return await passkeySignInEnabled(api);
  } catch (error) {
    console.debug("auth-methods failed", error);
    return false;
  }
}

/** The login form. */
export default function Login({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const form = useFormSubmit({
    fields: [],
    message: (failure) =>
      failedWith(failure, 400)
        ? t("auth:login.failed")
        : isSignInRefused(failure)
          ? t("auth:login.suspended")
          : requestErrorMessage(failure, t),
  });
  const { adoptAccountLocale } = useSession();
  const [searchParams] = useSearchParams();
  const verifyToken = searchParams.get("verify");
  // The address of the link being confirmed: the account about to sign in (read, not trusted).
  const verifiedEmail = verifyToken ? readLinkToken(verifyToken, "verification").email : "";
  const back = returnPath(searchParams.get("redirectTo"));
  // The pending sign-in of a first factor that asked for the second step.
  const [mfaId, setMfaId] = useState<string | null>(null);

  /**
   * Every way in ends here: the account's language first (so the welcome is in it), the
   * greeting (a new one after the link that ends a sign-up), then the page the visitor came
   * from.
   */
  async function signedIn(record: AuthRecord | null, fallbackName: string) {
    const account = toSessionUser(record);
    const welcome = await adoptAccountLocale();
    notify.success(
      welcome(verifyToken ? "shell:notifications.signedUp" : "shell:notifications.loggedIn", {
        name: account ? displayName(account) : fallbackName,
      }),
    );
    await navigate(back);
  }

  const handleSubmit = form.submit(async (data) => {
    const identity = formText(data, "identity").trim();
    const password = formText(data, "password");
    const api = getBrowserClient();
    try {
      await signInWithPassword(api, identity, password);
    } catch (first) {
      const pending = mfaIdOf(first);
      if (pending) {
        setMfaId(pending);
        return;
      }
      if (!failedWith(first, 400)) throw first;
      await signInWithPassword(api, identity, password, "_superusers");
    }
    await signedIn(authRecord(api), identity);
  });

  if (mfaId) {
    return (
      <div className="mx-auto max-w-md">
        <PageHeader title={t("auth:login.title")} />
        <SecondFactorChallenge
          key={mfaId}
          mfaId={mfaId}
          onSignedIn={(record) => signedIn(record, "")}
          onCancel={() => {
            form.reset();
            setMfaId(null);
          }}
        />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-md">
      <PageHeader title={t("auth:login.title")} intro={t("auth:login.intro")} />
      {verifyToken && <EmailVerification key={verifyToken} token={verifyToken} />}
      <SubmitForm onSubmit={handleSubmit} card outcome={form}>
        <TextInput
          label={t("auth:login.identity")}
          name="identity"
          autoComplete="username"
          defaultValue={verifiedEmail || undefined}
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
      <PasskeyLogin offered={loaderData.passkeys} onSignedIn={(record) => signedIn(record, "")} />
      <OAuth2Login onSecondFactor={setMfaId} returnTo={back} known={loaderData.oauth2} />
      <OtpLogin onSecondFactor={setMfaId} />
    </div>
  );
}
