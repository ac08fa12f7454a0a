/**
 * `/api/oauth2-redirect` (PocketBase's `apis/record_auth_with_oauth2_redirect.go`): where an
 * OAuth2 provider sends the SDK's login popup back (`GET` query, or `POST` for
 * `response_mode=form_post`). The realtime client whose id is the `state`, subscribed to
 * `@oauth2` from the same IP, receives `{state, code, error?}` and is unsubscribed; the popup
 * is redirected (307 after GET, 303 after POST) to a small page saying whether the login went
 * through. PocketBase redirects to its admin UI (`../_/#/auth/oauth2-redirect-*`); Cahier has
 * none, so the pages live next to the endpoint.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { escapeHtml } from "../../core/mail/templates.ts";
import type { RealtimeBroker } from "../../core/realtime/realtime-broker.ts";
import en from "../../../shared/i18n/catalogs/en/oauth2.ts";
import fr from "../../../shared/i18n/catalogs/fr/oauth2.ts";
import { detectLocale } from "../../../shared/i18n/locales.ts";
import { readBody } from "../middlewares/body.ts";
import { queryOf } from "../request-context.ts";

/** Where a successful redirect lands. */
export const OAUTH2_SUCCESS_PATH = "/api/oauth2-redirect-success";
/** Where a failed redirect lands. */
export const OAUTH2_FAILURE_PATH = "/api/oauth2-redirect-failure";

const CATALOGS = { en, fr };

/**
 * The result page in the visitor's language (locale cookie, then Accept-Language), naming
 * the site by its settings' name.
 */
function resultPage(request: FastifyRequest, outcome: "success" | "failure", site: string): string {
  const locale = detectLocale(
    request.headers.cookie ?? null,
    request.headers["accept-language"] ?? null,
  );
  const { title, message } = CATALOGS[locale][outcome];
  const text = { title, message: message.replaceAll("{{site}}", site) };
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(text.title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:2rem 1rem;color:#1c1917;background:#fff}main{max-width:32rem;margin:0 auto}h1{font-size:1.5rem}</style>
</head>
<body>
<main>
<h1>${escapeHtml(text.title)}</h1>
<p>${escapeHtml(text.message)}</p>
</main>
</body>
</html>
`;
}

function field(source: Record<string, unknown>, name: string): string {
  const value = source[name];
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return typeof first === "string" || typeof first === "number" || typeof first === "boolean"
    ? String(first)
    : "";
}

/** Registers `/api/oauth2-redirect` and its two result pages; `appName` is the site's name. */
export function registerOAuth2RedirectRoutes(
  app: FastifyInstance,
  broker: RealtimeBroker,
  appName: () => string,
): void {
  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const post = request.method === "POST";
    const status = post ? 303 : 307;
    let source: Record<string, unknown>;
    try {
      source = post ? await readBody(request, "Invalid body.") : queryOf(request);
    } catch {
      return reply.redirect(OAUTH2_FAILURE_PATH, status);
    }
    const ok = await broker.oauth2Redirect(
      { state: field(source, "state"), code: field(source, "code"), error: field(source, "error") },
      request.ip,
    );
    return reply.redirect(ok ? OAUTH2_SUCCESS_PATH : OAUTH2_FAILURE_PATH, status);
  };
  app.get("/api/oauth2-redirect", handle);
  app.post("/api/oauth2-redirect", handle);

  for (const [path, outcome] of [
    [OAUTH2_SUCCESS_PATH, "success"],
    [OAUTH2_FAILURE_PATH, "failure"],
  ] as const) {
    app.get(path, async (request, reply) => {
      return reply
        .header("content-type", "text/html; charset=utf-8")
        .header("cache-control", "no-store")
        .header(
          "content-security-policy",
          "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
        )
        .header("vary", "Accept-Language, Cookie")
        .send(resultPage(request, outcome, appName()));
    });
  }
}
