/**
 * PocketBase's rate-limit rule model (settings → `rateLimits`): rules labelled
 * `<collection>:<action>`, `*:<action>`, a tag such as `*:auth`, `METHOD /path` or `/path`
 * (a prefix when it ends with `/`), for an audience (`""` everyone, `@guest`, `@auth`), each
 * allowing `maxRequests` per `duration` seconds per client IP. Plus Cahier's per-account
 * limits (ASVS 6.1.1/6.3.1), keyed by the identity a request names instead of its IP.
 */
import {
  SECOND_FACTOR_MANAGE_ACTIONS,
  SECOND_FACTOR_SIGN_IN_ACTIONS,
} from "#shared/auth/second-factors.ts";

/** Who a rule applies to: everyone (`""`), guests only, or authenticated requests only. */
export type RateLimitAudience = "" | "@guest" | "@auth";

/** One PocketBase rate-limit rule (the wire shape of `settings.rateLimits.rules[]`). */
export interface RateLimitRule {
  /** `users:create`, `*:auth`, `POST /api/batch`, `/api/` (prefix, ends with `/`), … */
  label: string;
  audience: RateLimitAudience;
  /** Window length in seconds. */
  duration: number;
  /** Requests allowed per window and client IP. */
  maxRequests: number;
}

/**
 * PocketBase's default rule set (the one its dashboard fills in), on by default in Cahier:
 * 2 auth attempts per 3 s, 20 creates per 5 s, 3 batch requests per second and 300 API
 * requests per 10 s per client IP.
 */
export const DEFAULT_RATE_LIMIT_RULES: readonly RateLimitRule[] = [
  { label: "*:auth", audience: "", duration: 3, maxRequests: 2 },
  { label: "*:create", audience: "", duration: 5, maxRequests: 20 },
  { label: "/api/batch", audience: "", duration: 1, maxRequests: 3 },
  { label: "/api/", audience: "", duration: 10, maxRequests: 300 },
];

/** The record actions (and the `auth` tag) PocketBase labels its collection routes with. */
export const RATE_LIMIT_ACTIONS = [
  "list",
  "view",
  "create",
  "update",
  "delete",
  "file",
  "listAuthMethods",
  "authRefresh",
  "authWithPassword",
  "authWithOAuth2",
  "authWithOTP",
  // Each second factor's `authWith…` and `manage…` (ADR 066).
  ...SECOND_FACTOR_SIGN_IN_ACTIONS,
  ...SECOND_FACTOR_MANAGE_ACTIONS,
  "authWithPasskey",
  "requestPasskey",
  "managePasskeys",
  "requestOTP",
  "requestPasswordReset",
  "confirmPasswordReset",
  "requestVerification",
  "confirmVerification",
  "requestEmailChange",
  "confirmEmailChange",
  "auth",
] as const;

/** An action a route is labelled with: every one of {@link RATE_LIMIT_ACTIONS} but the tag. */
export type RateLimitRouteAction = Exclude<(typeof RATE_LIMIT_ACTIONS)[number], "auth">;

/** The sign-in actions, which PocketBase also tags `auth` (`*:auth` rules count them all). */
const SIGN_IN_ACTIONS: ReadonlySet<RateLimitRouteAction> = new Set([
  "authWithPassword",
  "authWithOAuth2",
  "authWithOTP",
  ...SECOND_FACTOR_SIGN_IN_ACTIONS,
  "authWithPasskey",
]);

/**
 * The tags a route labelled with `action` is counted under, most specific first.
 *
 * @example
 * rateLimitTags("authWithPassword"); // ["authWithPassword", "auth"]
 */
export function rateLimitTags(action: RateLimitRouteAction): readonly string[] {
  return SIGN_IN_ACTIONS.has(action) ? [action, "auth"] : [action];
}

/** PocketBase's label syntax (`core.rateLimitRuleLabelRegex`). */
export const RATE_LIMIT_LABEL_PATTERN = /^(\w+ \/[\w/-]*|\/[\w/-]*|\w+:\w+|\*:\w+|\w+)$/;

/**
 * The rule that applies to a request, PocketBase's `FindRateLimitRule` with "most specific
 * wins": `labels` go from the most specific (`users:authWithPassword`) to the least
 * (`/api/collections/users/auth-with-password`). For each label, an exact rule wins, then the
 * longest prefix rule (`/api/`); for equal labels a rule for the request's own audience
 * (`@guest` or `@auth`) wins over one for everyone.
 */
export function findRateLimitRule(
  rules: readonly RateLimitRule[],
  labels: readonly string[],
  authenticated: boolean,
): RateLimitRule | undefined {
  const index = indexOf(rules);
  const own: RateLimitAudience = authenticated ? "@auth" : "@guest";
  for (const label of labels) {
    const exact = index.exact.get(label);
    const found = exact && pick(exact, own);
    if (found) return found;
    const probe = `${label}/`;
    for (const group of index.prefixes) {
      if (!probe.startsWith(group.label)) continue;
      const prefix = pick(group.rules, own);
      if (prefix) return prefix;
    }
  }
  return undefined;
}

/** Rules grouped by label, prefix labels longest first (built once per rule list). */
interface RuleIndex {
  exact: Map<string, RateLimitRule[]>;
  prefixes: { label: string; rules: RateLimitRule[] }[];
}

const indexes = new WeakMap<readonly RateLimitRule[], RuleIndex>();

function indexOf(rules: readonly RateLimitRule[]): RuleIndex {
  let index = indexes.get(rules);
  if (index) return index;
  const exact = new Map<string, RateLimitRule[]>();
  for (const rule of rules) {
    const group = exact.get(rule.label);
    if (group) group.push(rule);
    else exact.set(rule.label, [rule]);
  }
  const prefixes = [...exact]
    .filter(([label]) => label.endsWith("/"))
    .map(([label, group]) => ({ label, rules: group }))
    .sort((a, b) => b.label.length - a.label.length);
  index = { exact, prefixes };
  indexes.set(rules, index);
  return index;
}

/** The rule of `own` audience, else the one for everyone; none for the other audience. */
function pick(group: readonly RateLimitRule[], own: RateLimitAudience): RateLimitRule | undefined {
  let everyone: RateLimitRule | undefined;
  for (const rule of group) {
    if (rule.audience === own) return rule;
    if (rule.audience === "") everyone ??= rule;
  }
  return everyone;
}

/** The request actions counted per account (the identity they name), not per IP. */
export const ACCOUNT_ACTIONS = [
  "authWithPassword",
  "requestPasswordReset",
  "requestVerification",
  "requestOTP",
  "requestEmailChange",
] as const;

/** A request action counted per account (the identity it names), not per IP. */
export type AccountAction = (typeof ACCOUNT_ACTIONS)[number];

/** One per-account limit. */
export interface AccountLimit {
  action: AccountAction;
  /** Window length in seconds. */
  duration: number;
  /**
   * Attempts allowed per window and identity. For `authWithPassword` a successful sign-in
   * clears the count, so it bounds consecutive failures; for the others every request counts.
   */
  maxRequests: number;
}

/**
 * The body field naming the address each mail-sending action is counted against, by the
 * HTTP layer before the endpoint runs. Password sign-ins are counted by the sign-in itself,
 * against the account the identity names (F4): it alone knows that account.
 */
export const ACCOUNT_IDENTITY_FIELDS: Record<Exclude<AccountAction, "authWithPassword">, string> = {
  requestPasswordReset: "email",
  requestVerification: "email",
  requestOTP: "email",
  requestEmailChange: "newEmail",
};

/**
 * Cahier's per-account limits (README "Rate limits"): 10 consecutive failed passwords per
 * account per 15 min (every identity of the account together, F4); 5 reset or verification mails per address per hour; 5 sign-in codes
 * per address per 15 min; 5 email-change mails per new address per hour. They hold across
 * IPs (credential stuffing, mail bombing) and answer the same for known and unknown
 * identities, so they reveal nothing about which accounts exist. OTP code attempts are
 * limited by the OTP flow itself (5 per code per 180 s, as PocketBase), authenticator codes
 * by the TOTP flow (10 consecutive wrong codes per account per 15 min), both always on.
 */
export const DEFAULT_ACCOUNT_LIMITS: readonly AccountLimit[] = [
  { action: "authWithPassword", duration: 900, maxRequests: 10 },
  { action: "requestPasswordReset", duration: 3600, maxRequests: 5 },
  { action: "requestVerification", duration: 3600, maxRequests: 5 },
  { action: "requestOTP", duration: 900, maxRequests: 5 },
  { action: "requestEmailChange", duration: 3600, maxRequests: 5 },
];

/** The whole rate-limit configuration (environment today, the settings API later). */
export interface RateLimitSettings {
  enabled: boolean;
  rules: readonly RateLimitRule[];
  accounts: readonly AccountLimit[];
}

/** Rate limits on, with PocketBase's default rules and Cahier's per-account limits. */
export const DEFAULT_RATE_LIMIT_SETTINGS: RateLimitSettings = {
  enabled: true,
  rules: DEFAULT_RATE_LIMIT_RULES,
  accounts: DEFAULT_ACCOUNT_LIMITS,
};
