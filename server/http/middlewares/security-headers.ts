/**
 * Security headers (ASVS 3.4.x): on every response `nosniff`, `X-Frame-Options: SAMEORIGIN`,
 * `Referrer-Policy`, and HSTS when the
 * site is served over https; CORS `*` on the API only, never with credentials; and, for
 * server-rendered pages, a strict Content-Security-Policy with a per-request nonce
 * ({@link pageContentSecurityPolicy}, applied by `web/web-app.ts`).
 *
 * PocketBase also sends `X-XSS-Protection: 1; mode=block`; Cahier does not: browsers removed
 * the XSS auditor it switched on, the header is deprecated (OWASP: do not set it), and on old
 * browsers it could be abused to blank parts of a page. The CSP is the protection instead.
 *
 * Set by hand rather than with `@fastify/helmet`: helmet's defaults (a CSP and
 * `Cross-Origin-Resource-Policy: same-origin` on every response) would change PocketBase's
 * API and file responses, which other sites may embed and call.
 */
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";

/** HSTS: one year, subdomains included (ASVS 3.4.1). */
export const HSTS = "max-age=31536000; includeSubDomains";

/** Sent on every response. */
export const REFERRER_POLICY = "strict-origin-when-cross-origin";

/** Options of {@link registerSecurityHeaders}. */
export interface SecurityHeadersOptions {
  /** The public URL (`APP_URL`); an `https:` one turns HSTS on for every response. */
  appUrl?: string | undefined;
}

/** Whether a request path belongs to the API. */
export function isApiPath(url: string): boolean {
  return url === "/api" || url.startsWith("/api/") || url.startsWith("/api?");
}

/**
 * Adds the headers of every response. HSTS goes out when `APP_URL` is https or the request
 * arrived over https (directly, or per `X-Forwarded-Proto` from a trusted proxy only).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeadersOptions = {},
): void {
  const httpsSite = options.appUrl?.startsWith("https:") ?? false;
  app.addHook("onRequest", async (request, reply) => {
    reply.header("X-Content-Type-Options", "nosniff");
    reply.header("X-Frame-Options", "SAMEORIGIN");
    reply.header("Referrer-Policy", REFERRER_POLICY);
    if (httpsSite || request.protocol === "https") reply.header("Strict-Transport-Security", HSTS);
    // SECURITY: any origin may call the API with a bearer token, but never with cookies:
    // Access-Control-Allow-Credentials is never sent, and pages get no CORS at all.
    if (isApiPath(request.url)) reply.header("Access-Control-Allow-Origin", "*");
  });
}

/** A fresh CSP nonce (128 random bits, base64). */
export function createNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * The Content-Security-Policy of a server-rendered page. Scripts run only with the
 * request's nonce (React Router's entry and streaming scripts carry it) or when loaded by
 * such a script (`'strict-dynamic'`: route chunks); `'self'` is the fallback for browsers
 * without CSP 3. Images may come from our own files and any https address (Markdown
 * images); styles allow inline `style` attributes (React sets some). No plugins, no
 * `<base>`, forms post only here, and only this site may frame the page. OAuth2 sign-in
 * leaves by a top-level navigation, which `form-action` and `connect-src` do not govern.
 */
export function pageContentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic' 'self'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    // The service worker of signed-in accounts (`/sw.js`, ADR 072), named outright: under
    // `'strict-dynamic'`, script-src's `'self'` would not cover it.
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'self'",
    "form-action 'self'",
  ].join("; ");
}
