/**
 * Route rules and build descriptions, shared by the server that publishes them under
 * `/_app/builds/` and the browser that follows them (spec §2 "Routing rules come from a build
 * manifest and can redirect, including to external addresses"; design §6).
 *
 * A redirect rule maps a page path to a target: another path of the site (`/new`) or an
 * absolute `http(s)` address. `from` is an exact path (`/old`), or a path ending in `/**`
 * (`/old/**`) that also covers everything below it. The request's query string is kept when
 * the target has none.
 */

/** Where the build descriptions are published. */
export const BUILDS_PATH = "/_app/builds";

/** HTTP statuses a redirect rule may answer with. */
export const REDIRECT_STATUSES = [301, 302, 307, 308] as const;

/** One of {@link REDIRECT_STATUSES}. */
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

/** One redirect: a page path (or `/prefix/**`) → a path of the site or an external address. */
export interface RedirectRule {
  from: string;
  to: string;
  status: RedirectStatus;
}

/** `GET /_app/builds/latest.json`: the build the server runs. */
export interface BuildInfo {
  /** React Router's manifest version of the build (a content hash). */
  id: string;
  /** When the build was made, in milliseconds since the epoch. */
  timestamp: number;
}

/** `GET /_app/builds/meta/{id}.json`: the build and its route rules. */
export interface BuildMeta extends BuildInfo {
  redirects: RedirectRule[];
}

const WILDCARD_SUFFIX = "/**";

/** A path without its trailing slashes (`/old/` → `/old`; `/` stays `/`). */
export function normalizeRulePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

function decodePath(pathname: string): string {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}

/**
 * The rule that applies to a page path: an exact `from` first, then the longest `/**`
 * prefix. Paths are compared decoded and without trailing slashes.
 */
export function findRedirect(
  rules: readonly RedirectRule[],
  pathname: string,
): RedirectRule | undefined {
  const path = normalizeRulePath(decodePath(pathname));
  let best: RedirectRule | undefined;
  let bestLength = -1;
  for (const rule of rules) {
    if (!rule.from.endsWith(WILDCARD_SUFFIX)) {
      if (normalizeRulePath(rule.from) === path) return rule;
      continue;
    }
    const prefix = normalizeRulePath(rule.from.slice(0, -WILDCARD_SUFFIX.length));
    const covers = prefix === "/" || path === prefix || path.startsWith(`${prefix}/`);
    if (covers && prefix.length > bestLength) {
      best = rule;
      bestLength = prefix.length;
    }
  }
  return best;
}

/** The address a rule sends a request to: its target, plus the request's query if it has none. */
export function redirectLocation(rule: RedirectRule, search: string): string {
  if (!search || search === "?" || rule.to.includes("?")) return rule.to;
  const hash = rule.to.indexOf("#");
  const query = search.startsWith("?") ? search : `?${search}`;
  return hash < 0 ? rule.to + query : rule.to.slice(0, hash) + query + rule.to.slice(hash);
}

/** Whether a rule's target is an absolute address (another site) rather than a path. */
export function isExternalTarget(to: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(to) || to.startsWith("//");
}
