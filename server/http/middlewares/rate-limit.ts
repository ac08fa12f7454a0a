/**
 * Rate limits for every request (core `RateLimiter`): PocketBase's per-IP rules, checked
 * right after the auth token is loaded (superusers skip, `@guest`/`@auth` audiences apply)
 * and before anything else runs, guest cache included; then, once the body is read,
 * Cahier's per-address limits on requests that send mail. (Password sign-ins are counted per
 * account by the sign-in itself, which knows the account.)
 *
 * Each route declares its PocketBase action where it is registered (`config.rateLimit`, see
 * {@link rateLimited}); the hook reads it from the matched route, so no table of paths sits
 * beside the routes. Path labels come from the canonical path: the matched route's pattern
 * filled with its decoded parameters (or, for paths no route claims, such as 404s, the
 * decoded path without `//`, `.`/`..` segments or a trailing `/`). SECURITY: so `/api/batch/`,
 * `/api/%62atch` or `auth-with-password/` count in the same buckets as their canonical paths
 * (B14).
 *
 * The client IP is `request.ip`: Fastify takes it from `X-Forwarded-For` only when the
 * connection comes from `TRUSTED_PROXIES` (rightmost untrusted address), otherwise from the
 * socket. Pages rendered on the server call the API in process with the visitor's address
 * (`web-app.ts`), so their API calls count against that visitor, never against the server.
 */
import net from "node:net";
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from "fastify";
import { findCollection } from "../../core/collections/collection-lookup.ts";
import { CoreError } from "../../core/errors.ts";
import {
  ACCOUNT_IDENTITY_FIELDS,
  rateLimitTags,
  type RateLimiter,
  type RateLimitRouteAction,
  type RateLimitSettings,
} from "../../core/rate-limit/index.ts";
import { DEFAULT_MESSAGES } from "../errors.ts";

/** Per-request state of the per-account check. */
interface AccountCheck {
  action: MailAction;
  collectionId: string;
  superuser: boolean;
  /** The counter charged, once the body named an identity. */
  key: string | null;
}

declare module "fastify" {
  interface FastifyRequest {
    /** The pending per-account check of this request (auth and mail-sending routes). */
    accountLimit: AccountCheck | null;
  }
}

/**
 * What a route declares about its rate-limit labels, in its Fastify `config.rateLimit`:
 * PocketBase's action, the collection being the route's `:collection` parameter when it has
 * one (`users:create`), and `*:<action>` either way (a search is a `list`).
 */
export interface RouteRateLimit {
  action: RateLimitRouteAction;
  /** The collection of a route without a `:collection` parameter (`subscriptions:create`). */
  collection?: string;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The route's PocketBase action, or null for a collection route PocketBase does not
     * label. Absent: only the `METHOD /path` and `/path` labels apply.
     */
    rateLimit?: RouteRateLimit | null;
  }
}

/**
 * Route options declaring the route's PocketBase action (null: a collection route PocketBase
 * does not label).
 *
 * @example
 * app.post("/api/collections/:collection/records", rateLimited("create"), handler);
 * app.post("/api/subscriptions", rateLimited("create", "subscriptions"), handler);
 */
export function rateLimited(
  action: RateLimitRouteAction | null,
  collection?: string,
): {
  config: { rateLimit: RouteRateLimit | null };
} {
  return {
    config: { rateLimit: action ? { action, ...(collection ? { collection } : {}) } : null },
  };
}

function decodeSafe(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * A path as routing sees it: query removed, each segment decoded, empty and `.` segments
 * dropped, `..` applied, no trailing slash. `/api//x/./y/../z/` → `/api/x/z`.
 */
export function normalizePath(url: string): string {
  const end = url.search(/[?#]/);
  const raw = end === -1 ? url : url.slice(0, end);
  const out: string[] = [];
  for (const segment of raw.split("/")) {
    const decoded = decodeSafe(segment);
    if (decoded === "" || decoded === ".") continue;
    if (decoded === "..") out.pop();
    else out.push(decoded);
  }
  return `/${out.join("/")}`;
}

/** The matched route's pattern filled with its parameters, or the normalized path. */
export function canonicalPath(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (!pattern || pattern.includes("*")) return normalizePath(request.url);
  const params = request.params as Record<string, string | undefined>;
  const filled = pattern.replace(/:(\w+)/g, (_match, name: string) => params[name] ?? "");
  return filled.length > 1 ? filled.replace(/\/+$/, "") : filled;
}

/**
 * The collection and tags the matched route declares. A declared route of an unknown
 * collection has none (PocketBase answers it before its rate limiter).
 */
function declaredLabels(request: FastifyRequest): {
  collection?: { id: string; name: string };
  tags?: readonly string[];
} {
  // No config on Fastify's 404 context (its own `routeOptions` getter guards it too).
  const config = request.routeOptions.config as FastifyContextConfig | undefined;
  const declared = config?.rateLimit;
  if (!declared) return {};
  const tags = rateLimitTags(declared.action);
  const idOrName =
    (request.params as Record<string, string | undefined> | undefined)?.collection ??
    declared.collection;
  if (idOrName === undefined) return { tags };
  const collection = findCollection(idOrName);
  return collection ? { collection: { id: collection.id, name: collection.name }, tags } : {};
}

const tooManyRequests = () => new CoreError(429, DEFAULT_MESSAGES[429] ?? "Too Many Requests.");

/** Actions counted here against the address their body names (mail-sending routes). */
type MailAction = keyof typeof ACCOUNT_IDENTITY_FIELDS;

function isMailAction(tag: string): tag is MailAction {
  return Object.hasOwn(ACCOUNT_IDENTITY_FIELDS, tag);
}

/**
 * Charges the per-account counter of a pending check with the identity `body` names (the
 * `identity`, `email` or `newEmail` field); 429 once it is over its limit. Bodies without a
 * usable identity are left to the endpoint's own validation.
 */
async function checkAccountBody(
  limiter: RateLimiter,
  request: FastifyRequest,
  body: unknown,
): Promise<void> {
  const check = request.accountLimit;
  if (!check || check.key !== null || !body || typeof body !== "object") return;
  const value = (body as Record<string, unknown>)[ACCOUNT_IDENTITY_FIELDS[check.action]];
  if (typeof value !== "string" || !Object.hasOwn(body, ACCOUNT_IDENTITY_FIELDS[check.action]))
    return;
  const result = await limiter.checkAccount(
    check.action,
    check.collectionId,
    value,
    check.superuser,
  );
  check.key = result.key;
  if (!result.allowed) throw tooManyRequests();
}

/** Loopback and private ranges: where a reverse proxy in front of us usually sits. */
const PROXY_RANGES = new net.BlockList();
PROXY_RANGES.addSubnet("127.0.0.0", 8, "ipv4");
PROXY_RANGES.addSubnet("10.0.0.0", 8, "ipv4");
PROXY_RANGES.addSubnet("172.16.0.0", 12, "ipv4");
PROXY_RANGES.addSubnet("192.168.0.0", 16, "ipv4");
PROXY_RANGES.addAddress("::1", "ipv6");
PROXY_RANGES.addSubnet("fc00::", 7, "ipv6");

function isLocalPeer(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  const family = net.isIP(v4);
  return family !== 0 && PROXY_RANGES.check(v4, family === 4 ? "ipv4" : "ipv6");
}

/**
 * Whether the limits in force could count a page request: limits are on and a rule is
 * labelled with a path outside the API (`/`, `/blog`, `GET /post/`…). Collection labels
 * (`users:auth`, `*:create`) and `/api…` paths only ever match API requests. The page cache's
 * fast path, which answers before the limiter runs, steps aside when this is true.
 */
export function rateLimitsCoverPages(settings: RateLimitSettings | undefined): boolean {
  if (!settings?.enabled) return false;
  return settings.rules.some((rule) => {
    const space = rule.label.indexOf(" ");
    const path = space >= 0 ? rule.label.slice(space + 1) : rule.label;
    if (!path.startsWith("/")) return false;
    return !(path === "/api" || path.startsWith("/api/"));
  });
}

/** Options of {@link registerRateLimits}. */
export interface RateLimitHookOptions {
  /** Whether `TRUSTED_PROXIES` is set (otherwise a proxy in front is worth a warning). */
  proxiesTrusted?: boolean;
}

/**
 * Installs the rate-limit hooks. Register after the auth hook (audiences and the superuser
 * exemption need the request's auth) and before the guest cache (a cached answer is still a
 * request).
 */
export function registerRateLimits(
  app: FastifyInstance,
  limiter: RateLimiter,
  options: RateLimitHookOptions = {},
): void {
  app.decorateRequest("accountLimit", null);
  let proxyWarned = options.proxiesTrusted ?? false;

  app.addHook("onRequest", async (request) => {
    if (!limiter.settings.enabled || request.method === "OPTIONS") return;
    if (
      !proxyWarned &&
      request.headers["x-forwarded-for"] !== undefined &&
      isLocalPeer(request.raw.socket.remoteAddress)
    ) {
      // Behind an untrusted local proxy every visitor has the proxy's address: one busy
      // visitor would limit everyone. Said once per process.
      proxyWarned = true;
      request.log.warn(
        "requests arrive through a proxy (X-Forwarded-For) that TRUSTED_PROXIES does not list: rate limits count every client as the proxy's address",
      );
    }
    const labels = declaredLabels(request);
    const superuser = request.auth?.isSuperuser ?? false;
    const decision = await limiter.checkRequest({
      ip: request.ip,
      authenticated: request.auth !== null,
      superuser,
      method: request.method.toUpperCase(),
      path: canonicalPath(request),
      ...labels,
    });
    if (!decision.allowed) throw tooManyRequests();
    const mail = labels.collection ? labels.tags?.find(isMailAction) : undefined;
    if (mail && labels.collection) {
      request.accountLimit = {
        action: mail,
        collectionId: labels.collection.id,
        superuser,
        key: null,
      };
    }
  });

  // JSON and urlencoded bodies are parsed by now; multipart ones when the handler reads
  // them (`readBody` calls `request.bodyGuard`).
  app.addHook("preHandler", async (request) => {
    if (!request.accountLimit) return;
    if (request.isMultipart()) {
      request.bodyGuard = (body) => checkAccountBody(limiter, request, body);
      return;
    }
    await checkAccountBody(limiter, request, request.body);
  });
}
