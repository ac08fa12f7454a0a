/**
 * Keeps the file token of protected attachments (a private entry's files) valid while a page
 * stays open. The server renders the page with a short-lived token (`POST /api/files/token`,
 * 180 s), which is enough for a first view without JavaScript; in the browser the page's one
 * token is replaced shortly before it expires while the page is visible, at once when a
 * hidden page becomes visible again with a token about to expire, and on a click on a file
 * link whose token has run out (timers of hidden tabs are throttled).
 *
 * Deadlines are kept on the browser's clock, measured from when a token arrived: the token's
 * `exp` is on the server's clock, and a browser clock minutes off would otherwise see every
 * new token as expired (and ask again and again) or trust one the server already refuses.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { getBrowserClient } from "../../api/client/browser-client.ts";
import { newFileToken, tokenClaims } from "../../api/auth/tokens.ts";

/** Milliseconds before its expiry that a file token is replaced. */
const RENEW_MARGIN_MS = 30_000;
/** The longest a file token lives: PocketBase's default, the server's `FILE_TOKEN_DURATION`. */
const TOKEN_LIFETIME_MS = 180_000;

/**
 * When (on the browser's clock) a token that arrives now should be replaced. Its remaining
 * life is read from `exp` but never taken as longer than a token lives; a token just issued
 * (`issuedNow`) whose `exp` looks already past means the clocks disagree, and it is given a
 * token's whole lifetime.
 */
function renewalTime(token: string, issuedNow: boolean, now: number): number {
  const exp = Number(tokenClaims(token).exp);
  const left = Number.isFinite(exp) ? exp * 1000 - now : TOKEN_LIFETIME_MS;
  const lifetime =
    issuedNow && left <= RENEW_MARGIN_MS ? TOKEN_LIFETIME_MS : Math.min(left, TOKEN_LIFETIME_MS);
  return now + lifetime - RENEW_MARGIN_MS;
}

/** The part of a click (a DOM or a React mouse event) the link handler reads. */
export interface LinkClick {
  target: EventTarget | null;
  defaultPrevented: boolean;
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  preventDefault: () => void;
}

/** What {@link useFreshFileToken} gives a page. */
export interface FreshFileToken {
  /** The current token; `undefined` when the files need none. */
  token: string | undefined;
  /**
   * A token valid for at least the margin: the current one, or a new one (one request shared
   * by concurrent callers). Never rejects: when no new token can be had, the current one.
   */
  fresh: () => Promise<string | undefined>;
  /**
   * A click handler for links to protected files: when the token has run out, the click
   * waits for a new one and then follows the link with it.
   */
  onFileLinkClick: (event: LinkClick) => void;
}

/**
 * The page's file token, starting from the one the loader gave (`initial`) and refreshed
 * before it expires. Call it once per page and pass the token down.
 */
export function useFreshFileToken(initial: string | undefined): FreshFileToken {
  // A new token from the loader (another entry, a revalidation) replaces the refreshed one.
  const [state, setState] = useState({ initial, token: initial });
  if (state.initial !== initial) setState({ initial, token: initial });
  const token = state.initial === initial ? state.token : initial;

  const current = useRef(token);
  /** When each token held should be replaced, on the browser's clock. */
  const renewAt = useRef(new Map<string, number>());
  const pending = useRef<Promise<string | undefined> | null>(null);

  const expiring = useCallback((value: string) => {
    const at = renewAt.current.get(value) ?? renewalTime(value, false, Date.now());
    renewAt.current.set(value, at);
    return at <= Date.now();
  }, []);

  const fresh = useCallback((): Promise<string | undefined> => {
    const now = current.current;
    if (!now || !expiring(now)) return Promise.resolve(now);
    pending.current ??= newFileToken(getBrowserClient())
      .then(
        (next) => {
          renewAt.current = new Map([[next, renewalTime(next, true, Date.now())]]);
          current.current = next;
          setState((previous) => ({ ...previous, token: next }));
          return next;
        },
        () => current.current,
      )
      .finally(() => {
        pending.current = null;
      });
    return pending.current;
  }, [expiring]);

  useEffect(() => {
    current.current = token;
    if (!token) return;
    // The loader's token arrives with the page: its deadline starts now.
    if (!renewAt.current.has(token))
      renewAt.current.set(token, renewalTime(token, false, Date.now()));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      clearTimeout(timer);
      if (document.visibilityState !== "visible") return;
      const delay = (renewAt.current.get(token) ?? 0) - Date.now();
      timer = setTimeout(() => void fresh(), Math.max(0, delay));
    };
    schedule();
    document.addEventListener("visibilitychange", schedule);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", schedule);
    };
  }, [token, fresh]);

  const onFileLinkClick = useCallback(
    (event: LinkClick) => {
      const link = event.target instanceof Element ? event.target.closest("a") : null;
      const now = current.current;
      if (!link || !now || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin || url.searchParams.get("token") !== now) return;
      if (!expiring(now)) return;
      event.preventDefault();
      void fresh().then((next) => {
        if (next) url.searchParams.set("token", next);
        // A `?download=1` answer is an attachment: the browser saves it and stays here.
        window.location.assign(url.toString());
      });
    },
    [expiring, fresh],
  );

  return { token, fresh, onFileLinkClick };
}
