/**
 * Every route PocketBase labels with an action declares it (issue 24): the routes of the
 * whole app are walked (`printRoutes`), and each one under the labelled families
 * (`/api/collections/{collection}/…`, `/api/files/{collection}/…`, plus the search, which
 * Cahier counts as a list) must be listed below, with its action or as unlabelled. A new
 * route there fails this test until it says which; each listed one is sent a request under
 * a rule of 0 requests for each of its labels, which must answer 429.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/helpers/test-app.ts";
import {
  DEFAULT_RATE_LIMIT_SETTINGS,
  RATE_LIMIT_ACTIONS,
  type RateLimitRule,
} from "../../core/rate-limit/index.ts";

/** PocketBase's labels of its routes (`apis/*.go`), and Cahier's own routes alike. */
const LABELLED: Record<string, readonly string[]> = {
  "GET /api/collections/:collection/records": ["list"],
  "POST /api/collections/:collection/records": ["create"],
  "GET /api/collections/:collection/records/:id": ["view"],
  "PATCH /api/collections/:collection/records/:id": ["update"],
  "DELETE /api/collections/:collection/records/:id": ["delete"],
  "GET /api/collections/:collection/auth-methods": ["listAuthMethods"],
  "POST /api/collections/:collection/auth-refresh": ["authRefresh"],
  "POST /api/collections/:collection/auth-with-password": ["authWithPassword", "auth"],
  "POST /api/collections/:collection/auth-with-oauth2": ["authWithOAuth2", "auth"],
  "POST /api/collections/:collection/auth-with-otp": ["authWithOTP", "auth"],
  "POST /api/collections/:collection/auth-with-totp": ["authWithTOTP", "auth"],
  "POST /api/collections/:collection/auth-with-passkey": ["authWithPasskey", "auth"],
  "POST /api/collections/:collection/auth-with-passkey-options": ["requestPasskey"],
  "GET /api/collections/:collection/totp": ["manageTOTP"],
  "POST /api/collections/:collection/totp/setup": ["manageTOTP"],
  "POST /api/collections/:collection/totp/enable": ["manageTOTP"],
  "POST /api/collections/:collection/totp/disable": ["manageTOTP"],
  "POST /api/collections/:collection/totp/reset/:id": ["manageTOTP"],
  "POST /api/collections/:collection/totp/recovery-codes": ["manageTOTP"],
  "POST /api/collections/:collection/passkeys/register": ["managePasskeys"],
  "POST /api/collections/:collection/passkeys/register-options": ["managePasskeys"],
  "POST /api/collections/:collection/request-otp": ["requestOTP"],
  "POST /api/collections/:collection/request-password-reset": ["requestPasswordReset"],
  "POST /api/collections/:collection/confirm-password-reset": ["confirmPasswordReset"],
  "POST /api/collections/:collection/request-verification": ["requestVerification"],
  "POST /api/collections/:collection/confirm-verification": ["confirmVerification"],
  "POST /api/collections/:collection/request-email-change": ["requestEmailChange"],
  "POST /api/collections/:collection/confirm-email-change": ["confirmEmailChange"],
  "GET /api/files/:collection/:recordId/:filename": ["file"],
  "GET /api/search": ["list"],
};

/** Collection routes PocketBase has no action for (counted by their path only). */
const UNLABELLED = new Set([
  "POST /api/collections/:collection/impersonate/:id",
  "POST /api/collections/:collection/devices/sign-out-others",
]);

/** Whether PocketBase-style rules label routes at `url` with an action. */
function inLabelledFamily(url: string): boolean {
  return (
    url.startsWith("/api/collections/:collection/") ||
    url.startsWith("/api/files/:collection/") ||
    url === "/api/search"
  );
}

/** `METHOD /path` of every route `printRoutes()` draws (its tree, segments joined). */
function routesOf(tree: string): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split("\n")) {
    const match = /^((?:│ {3}| {4})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? "").length / 4;
    stack.length = depth;
    stack.push(match[2] ?? "");
    const url = stack.join("");
    for (const method of (match[3] ?? "").split(", ").filter(Boolean)) {
      routes.push(`${method} ${url}`);
    }
  }
  return routes;
}

let ipCounter = 0;
/** A fresh client address (TEST-NET-3), so no two requests share a counter. */
function nextIp(): string {
  ipCounter += 1;
  return `203.0.113.${String(ipCounter)}`;
}

const zero = (label: string): RateLimitRule => ({
  label,
  audience: "",
  duration: 60,
  maxRequests: 0,
});

describe("rate-limit labels declared by the routes", () => {
  let app: TestApp;
  let routes: string[];

  beforeAll(async () => {
    app = await createTestApp("sqlite", { RATE_LIMITS: "on" });
    routes = routesOf(app.http.printRoutes({ commonPrefix: false }))
      // HEAD routes are their GET routes' twins.
      .filter((route) => !route.startsWith("HEAD "))
      .filter((route) => inLabelledFamily(route.slice(route.indexOf(" ") + 1)));
  });
  afterAll(async () => {
    app.rateLimiter.configure(DEFAULT_RATE_LIMIT_SETTINGS);
    await app.close();
  });

  /** The status of one guest request to `route`, under `rules` alone. */
  async function status(route: string, rules: RateLimitRule[]): Promise<number> {
    app.rateLimiter.configure({ ...DEFAULT_RATE_LIMIT_SETTINGS, rules });
    const [method = "", pattern = ""] = route.split(" ");
    const url = pattern
      .replace(":collection", "users")
      .replace(/:\w+/g, "x")
      .replace("/records/x", "/records/abcdefghijklmno");
    const res = await app.http.inject({
      method: method as "GET",
      url,
      remoteAddress: nextIp(),
      ...(method === "GET" || method === "DELETE" ? {} : { payload: {} }),
    });
    return res.statusCode;
  }

  it("finds the app's labelled routes, each declared here with its action or as unlabelled", () => {
    expect(routes.length).toBeGreaterThanOrEqual(Object.keys(LABELLED).length);
    const undeclared = routes.filter((route) => !(route in LABELLED) && !UNLABELLED.has(route));
    expect(undeclared).toEqual([]);
    expect(Object.keys(LABELLED).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it("counts each route under its collection's action and *:<action> (and *:auth for sign-ins)", async () => {
    const missed: string[] = [];
    for (const route of routes) {
      for (const tag of LABELLED[route] ?? []) {
        const labels = route.includes(":collection") ? [`users:${tag}`, `*:${tag}`] : [`*:${tag}`];
        for (const label of labels) {
          if ((await status(route, [zero(label)])) !== 429) missed.push(`${route} → ${label}`);
        }
      }
    }
    expect(missed).toEqual([]);
  });

  it("counts unlabelled collection routes under no action", async () => {
    const everyAction = RATE_LIMIT_ACTIONS.map((action) => zero(`*:${action}`));
    for (const route of routes.filter((r) => UNLABELLED.has(r))) {
      expect(await status(route, everyAction), route).not.toBe(429);
      // Their path labels still apply.
      expect(await status(route, [zero("/api/")]), route).toBe(429);
    }
  });
});
