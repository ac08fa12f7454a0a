/**
 * The browser's renewal of its session (spec §4, ADR 048): an auth-refresh at app start and
 * again shortly before the token expires (`lib/session/token-refresh.ts`), never on a navigation; a
 * tab coming back into view or back online catches up on a renewal its sleeping timer missed.
 * Tabs share the session (the SDK's LocalAuthStore): when one renews it, the others see the
 * new token and schedule from it. A refresh the server refuses ends the session: signed out,
 * told why, and sent home (unless already on the login page), or, for an ended "View as", back to the superuser session set aside (ADR 025).
 */
import { useCallback, useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { getBrowserClient } from "../api/client/browser-client.ts";
import {
  authRecord,
  authToken,
  clearAuth,
  onAuthChange,
  renewSession,
} from "../api/auth/auth-store.ts";
import { useAppTranslation } from "../lib/i18n/i18n.ts";
import { stopImpersonation } from "../api/auth/impersonation.ts";
import { paths } from "../lib/paths.ts";
import { isImpersonationToken, refreshEndsSession } from "../api/auth/session.ts";
import { refreshDelay, refreshIsDue } from "../lib/session/token-refresh.ts";
import { useNotify } from "./notifications/notifications.tsx";

/** The session's renewal: resolves once the auth-refresh of the current token is answered. */
export function useSessionRefresh(): () => Promise<void> {
  const navigate = useNavigate();
  const notify = useNotify();
  const { t } = useAppTranslation();
  // The token being renewed: a second call for it waits for nothing (one request at a time).
  const running = useRef<string | null>(null);

  return useCallback(async () => {
    const api = getBrowserClient();
    const token = authToken(api);
    if (!authRecord(api) || !token || running.current === token) return;
    running.current = token;
    try {
      // The answer only counts for the session it refreshed: a logout (or another sign-in,
      // in this tab or another) while the request ran wins.
      await renewSession(api, token);
    } catch (error) {
      // Only the server's "this session is not valid" answers sign out; otherwise the
      // session stays and the next scheduled refresh (or page load) asks again.
      if (!refreshEndsSession(error) || authToken(api) !== token) return;
      // An ended "View as" returns to the superuser session set aside (ADR 025).
      if (isImpersonationToken(token)) {
        const outcome = stopImpersonation(api);
        notify.info(
          t(
            outcome === "restored"
              ? "admin:impersonation.ended"
              : "admin:impersonation.superuserExpired",
          ),
        );
        void navigate(outcome === "restored" ? paths.adminUsers() : paths.login());
        return;
      }
      clearAuth(api);
      notify.info(t("shell:notifications.sessionExpired"));
      // Spec §4: a refused refresh goes home. Not from the login page, where a guard sent a
      // signed-out device (issue 25 item 10): going home would only lose its `redirectTo`.
      if (window.location.pathname !== paths.login()) void navigate(paths.home());
    } finally {
      if (running.current === token) running.current = null;
    }
  }, [navigate, notify, t]);
}

/**
 * Keeps `refresh` scheduled for the current token: a timer until it is due, made again when
 * the token changes (a renewal, a sign-in or a sign-out, here or in another tab), and a check
 * when the tab becomes visible or the network returns.
 */
export function useRefreshSchedule(refresh: () => Promise<void>): void {
  useEffect(() => {
    const api = getBrowserClient();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      clearTimeout(timer);
      timer = undefined;
      if (!authRecord(api)) return;
      const delay = refreshDelay(authToken(api), Date.now());
      if (delay === null) return;
      timer = setTimeout(() => {
        // A wait is at most a day long: not due yet, the schedule is made again.
        if (refreshIsDue(authToken(api), Date.now())) void refresh();
        else schedule();
      }, delay);
    };
    const catchUp = () => {
      if (document.visibilityState !== "visible" || !authRecord(api)) return;
      if (refreshIsDue(authToken(api), Date.now())) void refresh();
    };
    schedule();
    const unsubscribe = onAuthChange(api, schedule);
    document.addEventListener("visibilitychange", catchUp);
    window.addEventListener("online", catchUp);
    return () => {
      clearTimeout(timer);
      unsubscribe();
      document.removeEventListener("visibilitychange", catchUp);
      window.removeEventListener("online", catchUp);
    };
  }, [refresh]);
}
