/**
 * Realtime subscription topics as PocketBase reads them: a topic (`posts/*`, `posts/{id}`,
 * the legacy `posts`, or any custom name such as `@oauth2`) with an optional
 * `?options=<url-encoded JSON {"query":{...},"headers":{...}}>` suffix. The whole string is the
 * subscription's key and the SSE event name.
 */

/** Most subscriptions one client may hold (PocketBase's limit). */
export const MAX_SUBSCRIPTIONS = 1000;
/** Longest subscription string, in characters (PocketBase's limit). */
export const MAX_SUBSCRIPTION_LENGTH = 2500;

/** A subscription's options: extra query parameters and headers for rules and presenting. */
export interface SubscriptionOptions {
  /** `filter`, `expand`, `fields` and any other `@request.query.*` value, as strings. */
  query: Record<string, string>;
  /** Header names snake-cased (`X-Token` → `x_token`), as strings. */
  headers: Record<string, string>;
}

/**
 * PocketBase's `inflector.Snakecase`: split at non-word characters and underscores, an
 * underscore before each upper-case letter that follows a non-upper-case one, lower-cased.
 *
 * @example snakecase("X-Token") // "x_token"; snakecase("myTestDB") // "my_test_db"
 */
export function snakecase(value: string): string {
  const words = value.split(/[\W_]+/).filter(Boolean);
  let out = "";
  for (const word of words) {
    if (out) out += "_";
    for (let i = 0; i < word.length; i++) {
      const c = word.charAt(i);
      const upper = c !== c.toLowerCase();
      const prev = word.charAt(i - 1);
      if (upper && i > 0 && prev === prev.toLowerCase()) out += "_";
      out += c;
    }
  }
  return out.toLowerCase();
}

/** Go's `cast.ToString` for JSON values: strings as is, numbers and booleans as text, else "". */
function castString(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "boolean") return String(value);
  return "";
}

function stringMap(value: unknown, key: (k: string) => string): Record<string, string> {
  const out: Record<string, string> = {};
  if (value === null || typeof value !== "object" || Array.isArray(value)) return out;
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const name = key(k);
    // SECURITY: plain data only; `__proto__` never becomes a prototype.
    if (name === "__proto__") continue;
    out[name] = castString(v);
  }
  return out;
}

/**
 * Reads the options of a subscription string; anything unreadable gives empty options, as
 * PocketBase ignores a malformed `options` value.
 */
export function parseSubscriptionOptions(subscription: string): SubscriptionOptions {
  const empty: SubscriptionOptions = { query: {}, headers: {} };
  const q = subscription.indexOf("?");
  if (q < 0) return empty;
  let raw: string | null;
  try {
    raw = new URLSearchParams(subscription.slice(q + 1)).get("options");
  } catch {
    return empty;
  }
  if (!raw) return empty;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return empty;
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return empty;
  const { query, headers } = parsed as { query?: unknown; headers?: unknown };
  return { query: stringMap(query, (k) => k), headers: stringMap(headers, snakecase) };
}

/**
 * Whether a subscription belongs to a topic prefix the way PocketBase matches them:
 * `subscription + "?"` starts with `prefix`, where prefixes end with `?` (`posts/*?`), so
 * `posts/*` and `posts/*?options=…` match and `posts/*x` does not.
 */
export function matchesPrefix(subscription: string, prefix: string): boolean {
  return `${subscription}?`.startsWith(prefix);
}

/** A stable key of options, to share one authorisation and payload between equal subscriptions. */
export function optionsKey(options: SubscriptionOptions): string {
  const sorted = (m: Record<string, string>) =>
    Object.keys(m)
      .sort()
      .map((k) => [k, m[k]]);
  return JSON.stringify([sorted(options.query), sorted(options.headers)]);
}
