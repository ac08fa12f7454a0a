/**
 * The banner on every page while a superuser views the site as someone else (ADR 025):
 * "You are viewing Cahier as @alice — Stop". Stop, or the end of the non-refreshable
 * impersonation token, returns to the superuser session set aside; if that one has expired
 * too, the tab is signed out and goes to `/login`. Server rendering shows it from the first
 * byte (the session knows it is an impersonation from the token).
 */
import { useCallback, useEffect } from "react";
import { Eye } from "lucide-react";
import { useSession } from "../session-provider.tsx";
import { useNotify } from "../notifications/notifications.tsx";
import { getBrowserClient } from "../../api/client/browser-client.ts";
import { authToken } from "../../api/auth/auth-store.ts";
import { tokenClaims } from "../../api/auth/tokens.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { isImpersonationToken } from "../../api/auth/session.ts";
import { stopImpersonation } from "../../api/auth/impersonation.ts";
import { useSafeNavigate } from "../../lib/browser/navigation.ts";
import { paths } from "../../lib/paths.ts";

/** Longest delay `setTimeout` accepts (ms). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The banner, shown only during an impersonation. */
export function ImpersonationBanner() {
  const { user } = useSession();
  if (!user?.impersonated) return null;
  return <ImpersonationNotice username={user.username} />;
}

function ImpersonationNotice({ username }: { username: string }) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const navigate = useSafeNavigate();

  const stop = useCallback(
    async (reason: "stop" | "ended") => {
      const api = getBrowserClient();
      if (!isImpersonationToken(authToken(api))) return;
      const outcome = stopImpersonation(api);
      if (outcome === "restored") {
        const key = reason === "stop" ? "stopped" : "ended";
        notify.success(t(`admin:impersonation.${key}`));
        await navigate(paths.adminUsers());
      } else {
        notify.info(t("admin:impersonation.superuserExpired"));
        await navigate(paths.login());
      }
    },
    [navigate, notify, t],
  );

  // The impersonation token cannot be refreshed: when it ends, so does the view.
  useEffect(() => {
    const token = authToken(getBrowserClient());
    if (!isImpersonationToken(token)) return;
    const exp = Number(tokenClaims(token).exp);
    if (!Number.isFinite(exp)) return;
    const delay = Math.min(Math.max(exp * 1000 - Date.now(), 0), MAX_TIMER_MS);
    const timer = setTimeout(() => void stop("ended"), delay);
    return () => {
      clearTimeout(timer);
    };
  }, [stop]);

  return (
    <section
      aria-label={t("admin:impersonation.banner", { username })}
      data-testid="impersonation-banner"
      className="bg-red-800 text-white"
    >
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-3 px-4 py-2">
        <Eye aria-hidden="true" className="size-5 shrink-0" />
        <p className="font-semibold wrap-anywhere">
          {t("admin:impersonation.banner", { username })}
        </p>
        <button
          type="button"
          onClick={() => void stop("stop")}
          aria-label={t("admin:impersonation.stopLabel", { username })}
          className="ml-auto rounded border border-white bg-white px-3 py-1 text-sm font-semibold text-red-900 hover:bg-red-50"
        >
          {t("admin:impersonation.stop")}
        </button>
      </div>
    </section>
  );
}
