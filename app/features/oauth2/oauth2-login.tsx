/**
 * "Continue with …" on `/login`: one button per provider that `auth-methods` lists for
 * `users`, and the handling of the provider's redirect back to `/login?code=…&state=…`
 * (see `oauth2-flow.ts`). Nothing shows when no provider is configured. An account with
 * two-step verification answers with an `mfaId`, handed to the route for the second step.
 */
import { useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { useNotify } from "../../components/notifications/notifications.tsx";
import { useSession } from "../../components/session-provider.tsx";
import { FormMessage } from "../../components/ui/form-field.tsx";
import { getBrowserClient } from "../../api/client/browser-client.ts";
import { apiFailure } from "../../api/client/api-errors.ts";
import {
  type OAuth2Provider,
  type OAuth2ProviderName,
  oauth2Providers,
  signInWithOAuth2Code,
} from "../../api/auth/oauth2.ts";
import { useAppTranslation, type AppT } from "../../lib/i18n/i18n.ts";
import { returnPath, useSafeNavigate } from "../../lib/browser/navigation.ts";
import { displayName, toSessionUser } from "../../api/auth/session.ts";
import { mfaIdOf } from "../../api/auth/mfa.ts";
import {
  callbackUrl,
  describeProviderError,
  providerUrl,
  readCallback,
  savePending,
  stateMatches,
  takePending,
  type PendingLogin,
} from "./oauth2-flow.ts";
import { paths } from "../../lib/paths.ts";

/** The message for a failed `auth-with-oauth2`. */
function failureMessage(failure: unknown, provider: string, t: AppT): string {
  const refused = apiFailure(failure);
  if (refused?.status === 400) {
    const email = refused.data.email as { code?: unknown } | undefined;
    if (email?.code === "validation_required") return t("oauth2:noVerifiedEmail", { provider });
  }
  return t("oauth2:failed", { provider });
}

/**
 * The provider buttons and the callback handling of `/login`; `onSecondFactor` gets the
 * `mfaId` of a two-step account; `returnTo` is where a sign-in ends (checked with
 * `returnPath`), kept with the attempt while the browser is at the provider.
 */
export function OAuth2Login(props: {
  onSecondFactor: (mfaId: string) => void;
  returnTo: string;
  /** The providers the server rendered: their buttons show at once, usable once ready. */
  known?: readonly OAuth2ProviderName[];
}) {
  const { t, i18n } = useAppTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const { adoptAccountLocale } = useSession();
  const safeNavigate = useSafeNavigate();
  const [searchParams] = useSearchParams();
  const initial = readCallback(searchParams);
  const [providers, setProviders] = useState<OAuth2Provider[]>([]);
  const [leavingFor, setLeavingFor] = useState<string | null>(null);
  const [signingIn, setSigningIn] = useState(initial.kind === "code");
  const [error, setError] = useState<string | null>(null);
  const handled = useRef(false);
  const { onSecondFactor } = props;

  // The providers, with a fresh state and PKCE verifier each time the page loads.
  useEffect(() => {
    let active = true;
    oauth2Providers(getBrowserClient())
      .then((offered) => {
        if (active && offered) setProviders(offered);
      })
      .catch((failure: unknown) => {
        console.debug("auth-methods failed", failure);
      });
    return () => {
      active = false;
    };
  }, []);

  // Back from the provider: check the state, then exchange the code (once).
  useEffect(() => {
    if (handled.current) return;
    const callback = readCallback(searchParams);
    if (callback.kind === "none") return;
    handled.current = true;
    const pending: PendingLogin | null = takePending(window.sessionStorage);
    const fail = (message: string) => {
      setSigningIn(false);
      setError(message);
      notify.error(message);
    };
    const back = returnPath(pending?.returnTo);
    // The code and state leave the address bar and the history entry; the way back stays,
    // for a second step that ends the sign-in on this page.
    void navigate(paths.login({ redirectTo: back === "/" ? undefined : back }), {
      replace: true,
      preventScrollReset: true,
    });
    if (callback.kind === "error") {
      const described = describeProviderError(callback.error);
      fail(
        "known" in described
          ? t(`oauth2:providerErrors.${described.known}`)
          : t("oauth2:providerErrors.other", { code: described.code }),
      );
      return;
    }
    // SECURITY: a callback this browser did not start (or a tampered one) is never sent.
    if (!pending || !stateMatches(pending, callback.state)) {
      fail(t("oauth2:stateMismatch"));
      return;
    }
    signInWithOAuth2Code(
      getBrowserClient(),
      {
        provider: pending.provider,
        code: callback.code,
        codeVerifier: pending.codeVerifier,
        redirectUrl: callbackUrl(window.location.origin),
      },
      { locale: i18n.language === "fr" ? "fr" : "en" },
    )
      .then(async ({ record, isNew }) => {
        const account = toSessionUser(record);
        const name = account ? displayName(account) : "";
        // The account's language first, so the welcome is in it.
        const welcome = await adoptAccountLocale();
        notify.success(
          welcome(isNew ? "shell:notifications.signedUp" : "shell:notifications.loggedIn", {
            name,
          }),
        );
        await navigate(back, { replace: true });
      })
      .catch((failure: unknown) => {
        const mfaId = mfaIdOf(failure);
        if (mfaId) {
          setSigningIn(false);
          onSecondFactor(mfaId);
          return;
        }
        fail(failureMessage(failure, pending.displayName, t));
      });
  }, [searchParams, navigate, notify, t, i18n.language, onSecondFactor, adoptAccountLocale]);

  async function start(provider: OAuth2Provider) {
    setError(null);
    setLeavingFor(provider.name);
    savePending(window.sessionStorage, {
      provider: provider.name,
      displayName: provider.displayName,
      state: provider.state,
      codeVerifier: provider.codeVerifier,
      returnTo: props.returnTo,
    });
    try {
      await safeNavigate(providerUrl(provider.authURL, window.location.origin), {
        allowExternal: true,
      });
    } catch (failure) {
      setLeavingFor(null);
      notify.error(t("oauth2:failed", { provider: provider.displayName }));
      console.error(failure);
    }
  }

  // Until this browser's providers (with their state) arrive, the server's names hold the
  // buttons' place, disabled: the form below never moves (issue 25 item 7).
  const shown: readonly (OAuth2ProviderName & { ready?: OAuth2Provider })[] =
    providers.length > 0
      ? providers.map((provider) => ({ ...provider, ready: provider }))
      : (props.known ?? []);
  if (!signingIn && !error && shown.length === 0) return null;
  return (
    <section aria-label={t("oauth2:groupLabel")} className="mt-6 grid gap-3" data-testid="oauth2">
      {signingIn && (
        <p role="status" className="text-center text-sm text-stone-700">
          {t("oauth2:signingIn")}
        </p>
      )}
      {error && <FormMessage kind="error">{error}</FormMessage>}
      {shown.length > 0 && (
        <>
          <p className="flex items-center gap-3 text-sm text-stone-600" aria-hidden="true">
            <span className="h-px flex-1 bg-stone-300" />
            {t("oauth2:divider")}
            <span className="h-px flex-1 bg-stone-300" />
          </p>
          <ul className="grid gap-2">
            {shown.map((provider) => (
              <li key={provider.name}>
                <button
                  type="button"
                  disabled={!provider.ready || leavingFor !== null || signingIn}
                  onClick={() => {
                    if (provider.ready) void start(provider.ready);
                  }}
                  className="inline-flex min-h-11 w-full items-center justify-center gap-2 rounded border border-stone-400 bg-white px-4 py-2 font-semibold text-stone-900 hover:bg-stone-100 disabled:opacity-60"
                >
                  {leavingFor === provider.name
                    ? t("oauth2:redirecting", { provider: provider.displayName })
                    : t("oauth2:continueWith", { provider: provider.displayName })}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
