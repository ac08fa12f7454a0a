/**
 * The banner under the header for a signed-in `users` account whose email address is not
 * confirmed yet (never for superusers): it says so and offers to send the confirmation link
 * again (`request-verification`), at most once a minute per account. It disappears as soon
 * as the account is verified (`/login?verify=…` refreshes the session).
 */
import { useCallback, useEffect, useState, useSyncExternalStore } from "react";
import { MailWarning } from "lucide-react";
import { getBrowserClient } from "../../api/client/browser-client.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { requestVerification, type SessionUser } from "../../api/auth/session.ts";
import { NOTIFY_ONLY, useFormSubmit } from "../forms/use-form-submit.ts";
import { useNotify } from "../notifications/notifications.tsx";
import { useSession } from "../session-provider.tsx";
import { readLastResend, resendWait, saveLastResend } from "./resend-throttle.ts";

function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** Listeners of resend times saved by this tab (other tabs announce theirs by `storage` events). */
const resendListeners = new Set<() => void>();

function subscribeToResends(listener: () => void): () => void {
  resendListeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    resendListeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

/** The banner, shown only to unverified `users` accounts. */
export function VerificationBanner() {
  const { user } = useSession();
  if (!user || user.collectionName !== "users" || user.verified) return null;
  return <VerificationNotice key={user.id} user={user} />;
}

function VerificationNotice({ user }: { user: SessionUser }) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const { busy, run } = useFormSubmit(NOTIFY_ONLY);
  // The last request of this account, from storage (none while the server renders).
  const lastSent = useSyncExternalStore(
    subscribeToResends,
    useCallback(() => readLastResend(browserStorage(), user.id), [user.id]),
    () => null,
  );
  const [now, setNow] = useState(() => Date.now());

  const wait = resendWait(lastSent, now);
  const waiting = wait > 0;
  // A clock ticks while the pause lasts, to count it down and then enable the button.
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      setNow(Date.now());
    }, 1000);
    return () => {
      clearInterval(timer);
    };
  }, [waiting]);

  async function resend() {
    const sentAt = Date.now();
    // Counted from the click: a failed request may still have sent the mail.
    saveLastResend(browserStorage(), user.id, sentAt);
    setNow(sentAt);
    for (const listener of resendListeners) listener();
    await run(async () => {
      await requestVerification(getBrowserClient(), user.email);
      notify.success(t("account:banner.sent", { email: user.email }));
    });
  }

  const seconds = Math.ceil(wait / 1000);
  return (
    <section
      aria-label={t("account:banner.label")}
      className="border-b border-amber-300 bg-amber-50 text-amber-950"
      data-testid="verification-banner"
    >
      {/* On a phone the message wraps beside its icon and the button takes the whole width
          below it; from `sm` up, all of it stays on one line. */}
      <div className="mx-auto flex max-w-5xl flex-wrap items-start gap-x-3 gap-y-3 px-4 py-4 text-sm sm:flex-nowrap sm:items-center sm:gap-x-4 sm:py-3">
        <MailWarning aria-hidden="true" className="size-5 shrink-0 text-amber-800" />
        <p className="min-w-0 flex-1 break-words">
          {t("account:banner.message", { email: user.email })}
        </p>
        <div className="flex w-full flex-wrap items-center gap-3 sm:w-auto sm:shrink-0 sm:flex-nowrap">
          {seconds > 0 && !busy && (
            <span className="text-amber-900">{t("account:banner.wait", { seconds })}</span>
          )}
          <button
            type="button"
            onClick={() => void resend()}
            disabled={busy || seconds > 0}
            className="w-full rounded border border-amber-800 bg-white px-3 py-2 font-semibold text-amber-900 hover:bg-amber-100 disabled:opacity-60 sm:w-auto sm:py-1.5"
          >
            {busy ? t("account:banner.sending") : t("account:banner.resend")}
          </button>
        </div>
      </div>
    </section>
  );
}
