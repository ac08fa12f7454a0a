/**
 * The signed-in account and the language, for every component. Server rendering provides
 * the first values; in the browser the SDK's auth store (synced across tabs) and the
 * language switcher change them. App start follows spec §4: the saved language is applied,
 * an existing auth record is refreshed, and a failed refresh signs out and goes to `/` (or,
 * for an ended "View as", returns to the superuser session set aside: ADR 025). Afterwards
 * the token is renewed only when it nears expiry, never per navigation (`session-refresh.ts`,
 * ADR 048).
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react";
import type { ReactNode } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { isLocale, type Locale } from "#shared/i18n/locales.ts";
import { forgetDevice } from "../api/auth/sign-out.ts";
import { getBrowserClient } from "../api/client/browser-client.ts";
import { authRecord, authToken, clearAuth, onAuthChange } from "../api/auth/auth-store.ts";
import { APP_NAMESPACES, tryGetI18n, useAppTranslation, type AppT } from "../lib/i18n/i18n.ts";
import { persistLocale, savedLocale } from "../lib/i18n/locale-client.ts";
import { forgetImpersonator } from "../api/auth/impersonation.ts";
import { toSessionUser, type SessionUser } from "../api/auth/session.ts";
import { useNotify } from "./notifications/notifications.tsx";
import { useRefreshSchedule, useSessionRefresh } from "./session-refresh.ts";
import { paths } from "../lib/paths.ts";

let beforeSignOut: (() => Promise<false | (() => Promise<void>)>) | undefined;

/**
 * Sets what runs before a sign-out: it may refuse it (`false`), else answers what to run once
 * signed out. The offline mode asks when changes wait, then clears the account's data from
 * the browser (ADR 072).
 */
export function setBeforeSignOut(
  hook: (() => Promise<false | (() => Promise<void>)>) | undefined,
): void {
  beforeSignOut = hook;
}

/** What {@link useSession} returns. */
export interface SessionValue {
  /** The signed-in account, `null` when signed out. */
  user: SessionUser | null;
  /** The interface language. */
  locale: Locale;
  /** Changes the language (loads its catalog first; keeps the current one on failure). */
  switchLocale: (locale: Locale) => Promise<void>;
  /**
   * Signs out: runs {@link setBeforeSignOut}'s hook (the offline mode's clean-up), clears
   * the auth store (and its cookie) and goes to `/`.
   */
  logout: () => Promise<void>;
  /**
   * Right after a sign-in: applies the language saved on the account (its record's `locale`)
   * when it is not the one shown, as the language switcher would, and resolves the
   * translation function of the language now in use (for the "welcome" notice).
   */
  adoptAccountLocale: () => Promise<AppT>;
}

const SessionContext = createContext<SessionValue | null>(null);

/** Who an auth record is (`""` for nobody): its collection and id. */
function accountKey(record: { id?: unknown; collectionId?: unknown } | null): string {
  return record ? `${String(record.collectionId)}/${String(record.id)}` : "";
}

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

  const adoptAccountLocale = useCallback(async (): Promise<AppT> => {
    const wanted: unknown = authRecord(getBrowserClient())?.locale;
    if (!isLocale(wanted) || wanted === locale) return t;
    const instance = await tryGetI18n(wanted);
    if (!instance) return t;
    persistLocale(wanted);
    await revalidate();
    return instance.getFixedT(wanted, APP_NAMESPACES);
  }, [locale, t, revalidate]);

  const refresh = useSessionRefresh();
  useRefreshSchedule(refresh);

  // App start (spec §4), then follow the auth store (this tab and others).
  useEffect(() => {
    const api = getBrowserClient();
    const saved = savedLocale();
    if (saved && saved !== locale) void switchLocale(saved);
    // At start, an existing session is renewed (later, only when its token nears expiry).
    if (authRecord(api)) void refresh();
    else if (initialUser) {
      // The cookie named an account the auth store no longer holds: signed out.
      void revalidate();
    }
    // A renewed token (or a saved change) of the same account changes nothing the loaders
    // read: only a sign-in, a sign-out or another account reloads the page's data. Before
    // (issue 22), every signed-in page load re-ran all its loaders after its start-up refresh.
    let account = accountKey(authRecord(api));
    const unsubscribe = onAuthChange(api, () => {
      setUser(toSessionUser(authRecord(api), authToken(api)));
      const next = accountKey(authRecord(api));
      if (next === account) return;
      account = next;
      void revalidate();
    });
    return unsubscribe;
    // Runs once per page load: later changes arrive through the auth store.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const logout = useCallback(async () => {
    const after = beforeSignOut ? await beforeSignOut() : undefined;
    if (after === false) return;
    const api = getBrowserClient();
    forgetImpersonator();
    await forgetDevice(api);
    clearAuth(api);
    await after?.();
    notify.success(t("shell:notifications.loggedOut"));
    await navigate(paths.home());
  }, [navigate, notify, t]);

  const value = useMemo(
    () => ({ user, locale, switchLocale, logout, adoptAccountLocale }),
    [user, locale, switchLocale, logout, adoptAccountLocale],
  );
  return <SessionContext value={value}>{props.children}</SessionContext>;
}
