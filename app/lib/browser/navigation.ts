/**
 * Safe programmatic navigation (spec §8, design §6): a target is resolved against the site's
 * origin before the app goes there. Paths of the site navigate inside the app; another
 * origin is refused unless the caller explicitly allows it (route rules do); `javascript:`,
 * `data:` and every other protocol but `http(s)` are always refused.
 */
import { useCallback } from "react";
import { useNavigate } from "react-router";

/** Why a navigation target was refused. */
export type NavigationErrorReason = "invalid" | "protocol" | "external";

const REASONS: Record<NavigationErrorReason, string> = {
  invalid: "Refusing to navigate to an invalid URL",
  protocol: "Refusing to navigate to a URL with a disallowed protocol",
  external: "Refusing to navigate to an external URL without explicit allowance",
};

/** A navigation target the app refuses to go to. */
export class NavigationError extends Error {
  override name = "NavigationError";
  /**
   * `invalid`: not a URL; `protocol`: not http(s); `external`: another origin without
   * explicit allowance.
   */
  readonly reason: NavigationErrorReason;
  /** The refused target, as given. */
  readonly target: string;

  constructor(reason: NavigationErrorReason, target: string) {
    super(`${REASONS[reason]}: ${target}`);
    this.reason = reason;
    this.target = target;
  }
}

/** Where a checked target leads: a path of this site, or an address elsewhere. */
export type NavigationTarget =
  { kind: "internal"; path: string } | { kind: "external"; url: string };

/** Options of {@link resolveNavigationTarget}. */
export interface ResolveOptions {
  /** The site's origin (`location.origin` in the browser). */
  origin: string;
  /** Whether another origin is acceptable (route rules and explicit external links). */
  allowExternal?: boolean;
}

const WEB_PROTOCOLS = new Set(["http:", "https:"]);

/**
 * Checks a navigation target. Relative targets resolve against `origin`; the URL parser's
 * normalisation (tabs and newlines removed, backslashes read as slashes) applies first, so
 * `java\tscript:` and `/\evil.example` are judged as the browser would judge them.
 * Throws a {@link NavigationError} for a refused target.
 */
export function resolveNavigationTarget(to: string, options: ResolveOptions): NavigationTarget {
  const base = new URL(options.origin);
  let url: URL;
  try {
    url = new URL(to, base);
  } catch {
    throw new NavigationError("invalid", to);
  }
  if (!WEB_PROTOCOLS.has(url.protocol)) throw new NavigationError("protocol", to);
  const path = `${url.pathname}${url.search}${url.hash}`;
  // SECURITY (issue 23 finding 4): dot segments can collapse into a path that another
  // origin's address would be read from when it is used as is (`/..//evil.example` →
  // `//evil.example`, protocol-relative): the path must resolve to this origin again.
  if (url.origin !== base.origin || new URL(path, base).origin !== base.origin) {
    if (!options.allowExternal) throw new NavigationError("external", to);
    return {
      kind: "external",
      url: url.origin === base.origin ? new URL(path, base).href : url.href,
    };
  }
  return { kind: "internal", path };
}

/** Options of a {@link useSafeNavigate} navigation. */
export interface SafeNavigateOptions {
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
  /** Allow another origin (a full page load there). */
  allowExternal?: boolean;
}

/** A checked navigation function (see {@link useSafeNavigate}). */
export type SafeNavigate = (to: string, options?: SafeNavigateOptions) => Promise<void>;

/**
 * `navigate()` for targets that come from data (a `redirect` query, a rule, an API
 * answer): site paths go through React Router, allowed external addresses load as a new
 * document, refused targets reject with a {@link NavigationError}.
 */
export function useSafeNavigate(): SafeNavigate {
  const navigate = useNavigate();
  return useCallback(
    async (to, options = {}) => {
      const target = resolveNavigationTarget(to, {
        origin: window.location.origin,
        allowExternal: options.allowExternal,
      });
      if (target.kind === "internal") {
        await navigate(target.path, { replace: options.replace });
        return;
      }
      if (options.replace) window.location.replace(target.url);
      else window.location.assign(target.url);
    },
    [navigate],
  );
}

/** Pages a sign-in never returns to: the sign-in pages themselves. */
const NO_RETURN = new Set(["/login", "/signUp"]);

/**
 * Where to go after signing in: the `redirectTo` a guard put on `/login` when it names a page
 * of this site (its path, query and fragment), else `/`. SECURITY: only a path is taken;
 * another origin (`//evil.example`, `/\evil.example`, `https://…`) or any other protocol
 * gives `/`, so the login page cannot be made to send someone elsewhere.
 *
 * @example returnPath("/i?status=active") // "/i?status=active"
 * @example returnPath("//evil.example") // "/"
 */
export function returnPath(redirectTo: string | null | undefined): string {
  if (!redirectTo?.startsWith("/")) return "/";
  const origin = "http://return.invalid";
  try {
    const target = resolveNavigationTarget(redirectTo, { origin });
    if (target.kind !== "internal") return "/";
    return NO_RETURN.has(new URL(target.path, origin).pathname) ? "/" : target.path;
  } catch {
    return "/";
  }
}
