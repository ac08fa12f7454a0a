/**
 * `/login?verify=TOKEN`: confirms the email address of the link (`confirm-verification`)
 * once the page runs in the browser, and says how it went. A signed-in account is refreshed
 * (so the verification banner goes away) and sent home; a visitor stays on the login page
 * with the outcome above the form.
 */
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { FormMessage } from "../../components/ui/form-field.tsx";
import { useNotify } from "../../components/notifications/notifications.tsx";
import { requestErrorNotification } from "../../components/notifications/request-error-message.ts";
import { getBrowserClient } from "../../api/client/browser-client.ts";
import { failedWith } from "../../api/client/api-errors.ts";
import { confirmVerification, refreshAccount } from "../../api/auth/verification.ts";
import { authRecord } from "../../api/auth/auth-store.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { paths } from "../../lib/paths.ts";

type Outcome = "checking" | "confirmed" | "failed" | "error";

/** Confirms the emailed verification link `token`. */
export function EmailVerification({ token }: { token: string }) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Outcome>("checking");
  /** What went wrong when the request failed for another reason than the link itself. */
  const [failureMessage, setFailureMessage] = useState<string | null>(null);
  // One request per link, even when React runs the effect twice.
  const confirmed = useRef<string | null>(null);

  useEffect(() => {
    if (confirmed.current === token) return;
    confirmed.current = token;
    const api = getBrowserClient();
    const signedIn = authRecord(api)?.collectionName === "users";
    void (async () => {
      try {
        await confirmVerification(api, token);
      } catch (failure) {
        const refused = failedWith(failure, 400);
        // Signed out, the page says it above the login form, once; signed in, the visitor
        // is taken home, so the notification says it.
        if (!signedIn) {
          if (!refused) setFailureMessage(requestErrorNotification(failure, t));
          setOutcome(refused ? "failed" : "error");
          return;
        }
        if (refused) notify.error(t("account:verification.failed"));
        else notify.requestError(failure);
        await navigate(paths.home(), { replace: true });
        return;
      }
      if (!signedIn) {
        // Said above the form only: a notification would still be showing beside the
        // welcome of the sign-in that follows.
        setOutcome("confirmed");
        return;
      }
      try {
        // The account as the API now sees it (verified), for the header and the banner.
        await refreshAccount(api);
      } catch {
        // The SDK already marked the stored record verified when the token was its own.
      }
      notify.success(t("account:verification.confirmed"));
      await navigate(paths.home(), { replace: true });
    })();
  }, [token, navigate, notify, t]);

  switch (outcome) {
    case "checking":
      return (
        <p role="status" className="mb-4 text-sm text-stone-700">
          {t("account:verification.checking")}
        </p>
      );
    case "confirmed":
      return (
        <div className="mb-4">
          <FormMessage kind="success">{t("account:verification.confirmedLogIn")}</FormMessage>
        </div>
      );
    case "failed":
      return (
        <div className="mb-4">
          <FormMessage kind="error">
            {t("account:verification.failed")} {t("account:verification.failedHint")}
          </FormMessage>
        </div>
      );
    case "error":
      return (
        <div className="mb-4">
          <FormMessage kind="error">{failureMessage ?? t("errors:api.generic")}</FormMessage>
        </div>
      );
  }
}
