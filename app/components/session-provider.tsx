/**
 * The signed-in account and the language, for every component. Server rendering provides
 * the first values; in the browser the SDK's auth store (synced across tabs) and the
 * language switcher change them. App start follows spec §4: the saved language is applied,
 * an existing auth record is refreshed, and a failed refresh signs out and goes to `/` (or,
 * for an ended "View as", returns to the superuser session set aside: ADR 025).
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react";
import type { ReactNode } from "react";
import { useNavigate, useRevalidator } from "react-router";
import type { RecordModel } from "pocketbase";
import type { Locale } from "#shared/i18n/locales.ts";
import { getBrowserClient } from "../lib/browser-client.ts";
import { tryGetI18n, useAppTranslation } from "../lib/i18n.ts";
import { persistLocale, savedLocale } from "../lib/locale-client.ts";
import { forgetImpersonator, stopImpersonation } from "../lib/impersonation.ts";
import {
  isImpersonationToken,
  refreshEndsSession,
  toSessionUser,
  type SessionUser,
} from "../lib/session.ts";
import { useNotify } from "./notifications/notifications.tsx";
import { paths } from "../lib/paths.ts";

/** What {@link useSession} returns. */
export interface SessionValue {
  /** The signed-in account, `null` when signed out. */
  user: SessionUser | null;
  /** The interface language. */
  locale: Locale;
  /** Changes the language (loads its catalog first; keeps the current one on failure). */
  switchLocale: (locale: Locale) => Promise<void>;
  /** Signs out: clears the auth store (and its cookie) and goes to `/`. */
  logout: () => Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

/** The current account and language. */
export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession() needs a <SessionProvider>");
  return value;
}

/** Provides {@link useSession} to the tree. */
export function SessionProvider(props: {
  initialUser: SessionUser | null;
  locale: Locale;
  children: ReactNode;
}) {
  const { initialUser, locale } = props;
  const [user, setUser] = useState(initialUser);
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const { revalidate } = revalidator;
  const notify = useNotify();
  const { t } = useAppTranslation();

  // Server data (after a revalidation) is the latest word on the account.
  const [serverUser, setServerUser] = useState(initialUser);
  if (serverUser !== initialUser) {
    setServerUser(initialUser);
    setUser(initialUser);
  }

  const switchLocale = useCallback(
    async (next: Locale) => {
      if (!(await tryGetI18n(next))) {
        notify.error(t("shell:notifications.localeFailed"));
        return;
      }
      persistLocale(next);
      await revalidate();
    },
    [revalidate, notify, t],
  );

  // App start (spec §4), then follow the auth store (this tab and others).
  useEffect(() => {
    const pb = getBrowserClient();
    const saved = savedLocale();
    if (saved && saved !== locale) void switchLocale(saved);
    const record = pb.authStore.record;
    if (record) {
      const collection = record.collectionName === "_superusers" ? "_superusers" : "users";
      const token = pb.authStore.token;
      // The answer only counts for the session it refreshed: a logout (or another sign-in,
      // in this tab or another) while the request ran wins. `authRefresh()` would save the
      // refreshed session whatever happened meanwhile, so the request is sent as is.
      pb.send<{ token: string; record: RecordModel }>(
        `/api/collections/${collection}/auth-refresh`,
        { method: "POST" },
      )
        .then((auth) => {
          if (pb.authStore.token === token) pb.authStore.save(auth.token, auth.record);
        })
        .catch((error: unknown) => {
          // Only the server's "this session is not valid" answers sign out; otherwise the
          // session stays and the next page load asks again.
          if (!refreshEndsSession(error)) return;
          if (pb.authStore.token !== token) return;
          // An ended "View as" returns to the superuser session set aside (ADR 025).
          if (isImpersonationToken(token)) {
            const outcome = stopImpersonation(pb);
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
          pb.authStore.clear();
          notify.info(t("shell:notifications.sessionExpired"));
          void navigate(paths.home());
        });
    } else if (initialUser) {
      // The cookie named an account the auth store no longer holds: signed out.
      void revalidate();
    }
    const unsubscribe = pb.authStore.onChange(() => {
      setUser(toSessionUser(pb.authStore.record, pb.authStore.token));
      void revalidate();
    });
    return unsubscribe;
    // Runs once per page load: later changes arrive through the auth store.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const logout = useCallback(async () => {
    forgetImpersonator();
    getBrowserClient().authStore.clear();
    notify.success(t("shell:notifications.loggedOut"));
    await navigate(paths.home());
  }, [navigate, notify, t]);

  const value = useMemo(
    () => ({ user, locale, switchLocale, logout }),
    [user, locale, switchLocale, logout],
  );
  return <SessionContext value={value}>{props.children}</SessionContext>;
}
