/**
 * Typed router-context keys, filled per request by the root middleware (`root.tsx`) and read
 * by loaders. Nothing here is a module-level value holding a person's data.
 */
import { createContext } from "react-router";
import type { AppT } from "./lib/i18n/i18n.ts";
import type { Locale } from "#shared/i18n/locales.ts";
import type { ApiClient, ApiFetch, SessionConfirmer } from "./api/client/api-client.ts";
import type { SessionUser } from "./api/auth/session.ts";
import type { CommentMode } from "#shared/records/comment-mode.ts";
import type { PageIdentity } from "#shared/site/site-files.ts";

/**
 * How the server reaches its own API: the web plugin puts an in-process transport here; when
 * it is absent, the SDK goes over the network to the request's origin.
 */
export const apiTransportContext = createContext<ApiFetch | null>(null);

/**
 * How the server confirms the session of a page request without an auth-refresh (ADR 048):
 * the web plugin's check; when it is absent, the root middleware asks the API's auth-refresh.
 */
export const sessionConfirmContext = createContext<SessionConfirmer | null>(null);

/** The Content-Security-Policy nonce of the page being rendered (server only). */
export const cspNonceContext = createContext<string | undefined>(undefined);
/**
 * The configured public URL of the site (`APP_URL`, no trailing slash), or `null`: absolute
 * links then use the request's origin (`app/lib/routes/site-url.ts`).
 */
export const siteUrlContext = createContext<string | null>(null);

/**
 * The application name set in the settings (`meta.appName`, superusers change it), or `null`:
 * pages then use the catalog's `common:app.name`.
 */
export const appNameContext = createContext<string | null>(null);

/**
 * The site's identity of the settings (`meta`, ADR 069): description and footer per language,
 * accent colour, custom sheet and images by version. The web plugin provides it; without it,
 * Cahier's own (`lib/routes/site-identity.server.ts`).
 */
export const siteIdentityContext = createContext<PageIdentity | null>(null);

/**
 * The site's comment settings a reading page needs (`settings.comments`, ADR 065): the default
 * mode, whether guests may comment, after how many days comments close (0: never). The web
 * plugin provides them; without it, comments are open to signed-in readers only.
 */
export const commentSiteRulesContext = createContext<CommentSiteRules>({
  defaultMode: "open",
  guests: false,
  closeAfterDays: 0,
});

/** The site's comment settings (see {@link commentSiteRulesContext}). */
export interface CommentSiteRules {
  /** The mode of a record whose `comments` field is empty. */
  defaultMode: CommentMode;
  /** Guests may comment where a record is `open`. */
  guests: boolean;
  /** Comments close this many days after publication; 0 never. */
  closeAfterDays: number;
}

/** The request's API client, authenticated as the visitor (from the `pb_auth` cookie). */
export const apiContext = createContext<ApiClient>();

/** The verified signed-in account of the request, or `null`. */
export const userContext = createContext<SessionUser | null>(null);

/**
 * Whether the request's cookie named a session the server could not confirm right now (see
 * `createRequestApiClient`): pages that need an account then answer 503.
 */
export const sessionUnconfirmedContext = createContext<boolean>(false);

/** The request's language. */
export const localeContext = createContext<Locale>("en");

/** A translation function in the request's language. */
export const translateContext = createContext<AppT>();
