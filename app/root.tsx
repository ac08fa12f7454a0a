/**
 * The document and the shell of every page: `<html lang>`, the header, the main landmark and
 * the footer. The root middleware prepares each server request: its language, its API client
 * and its verified account (router context, `context.ts`).
 */
import { lazy, Suspense, useEffect, useSyncExternalStore, type ReactNode } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { I18nextProvider } from "react-i18next";
import { detectLocale, type Locale } from "#shared/i18n/locales.ts";
import type { Route } from "./+types/root";
import appStylesHref from "./app.css?url";
import { AppStyles } from "./components/layout/app-styles.tsx";
import { RouteErrorPage } from "./components/error-page.tsx";
import { IntentPrefetch } from "./components/layout/intent-prefetch.tsx";
import { LoadingBar } from "./components/layout/loading-bar.tsx";
import { Shell } from "./components/layout/shell.tsx";
import { SiteHead, SiteStyles } from "./components/layout/site-head.tsx";
import { NotificationProvider } from "./components/notifications/notifications.tsx";
import { SessionProvider, setBeforeSignOut, useSession } from "./components/session-provider.tsx";
import {
  apiContext,
  apiTransportContext,
  appNameContext,
  localeContext,
  sessionConfirmContext,
  translateContext,
  sessionUnconfirmedContext,
  userContext,
} from "./context.ts";
import { createRequestApiClient } from "./api/client/api-client.server.ts";
import { buildAwarenessMiddleware } from "./lib/browser/build-awareness.ts";
import {
  HYDRATE_ON_INTENT,
  HYDRATE_ON_INTENT_ATTRIBUTE,
  hydratesOnIntent,
  LIVE_ATTRIBUTE,
  liveBeforeIntent,
  releaseHeldInput,
} from "./lib/document/hydrate-on-intent.ts";
import {
  APP_NAMESPACES,
  getI18n,
  readyI18n,
  setSiteName,
  useAppTranslation,
} from "./lib/i18n/i18n.ts";
import { appName } from "./lib/routes/route-data.ts";
import type { SiteData } from "./lib/routes/site-identity.ts";
import { siteData, siteIdentity, withNavigationPages } from "./lib/routes/site-identity.server.ts";
import { pageTheme } from "./lib/document/theme.ts";
import { colorScheme, type Theme } from "#shared/theme.ts";
import { isSuperuser, type SessionUser } from "./api/auth/session.ts";

/** Root middleware: language, API client and account of the request. */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }) => {
    const locale = detectLocale(
      request.headers.get("cookie"),
      request.headers.get("accept-language"),
    );
    const i18n = await getI18n(locale);
    setSiteName(context.get(appNameContext));
    const { pb, user, sessionUnconfirmed } = await createRequestApiClient(
      request,
      context.get(apiTransportContext),
      locale,
      context.get(sessionConfirmContext),
    );
    context.set(localeContext, locale);
    context.set(translateContext, i18n.getFixedT(locale, APP_NAMESPACES));
    context.set(apiContext, pb);
    context.set(userContext, user);
    context.set(sessionUnconfirmedContext, sessionUnconfirmed);
  },
];

/** Browser navigations follow the route rules and load a new build as a new document. */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [buildAwarenessMiddleware];

/**
 * The offline mode of a signed-in account (issue 28, ADR 072): its own chunk, loaded once
 * the page is hydrated and someone is signed in, so no guest page loads it.
 */
const loadOfflineEntry = () => import("./features/offline/offline-entry.tsx");
const OfflineMode = lazy(loadOfflineEntry);

/** Nothing to subscribe to: only the server's and the browser's answers differ. */
const subscribeNothing = () => () => undefined;

/** {@link OfflineMode} for the signed-in account (not a superuser, who writes nothing). */
function OfflineSlot() {
  const { user } = useSession();
  // False on the server and while hydrating, true afterwards.
  const hydrated = useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
  const { i18n } = useAppTranslation();
  const account = hydrated && user && !isSuperuser(user) ? user.id : null;
  useEffect(() => {
    if (!account) return;
    // Set here, not by the offline mode: a sign-out before its chunk has loaded (a page's
    // first instants) still asks about waiting changes and clears the account's data.
    setBeforeSignOut(async () => (await loadOfflineEntry()).signOutCleanUp(account, i18n));
    return () => {
      setBeforeSignOut(undefined);
    };
  }, [account, i18n]);
  return account ? (
    <Suspense fallback={null}>
      <OfflineMode account={account} />
    </Suspense>
  ) : null;
}

/**
 * What every page knows: the language, the signed-in account, the colour theme, and the site's
 * identity with its navigation (the links of the settings, then the pages shown there).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const t = context.get(translateContext);
  const user = context.get(userContext);
  const locale = context.get(localeContext);
  return {
    locale,
    user,
    theme: pageTheme(request.headers.get("cookie"), user),
    appName: appName(context),
    site: await withNavigationPages(context, siteData(siteIdentity(context), locale), locale),
    // The `{{status}}` placeholder is filled by `meta` for whichever error happens.
    errorTitle: t("errors:page.title", { status: "{{status}}" }),
  };
}

/** The document title: the page's own (set by each route), or the error's. */
export function meta({ loaderData, error }: Route.MetaArgs) {
  const appName = loaderData?.appName ?? "Cahier";
  if (error) {
    const status = isRouteErrorResponse(error) ? error.status : 500;
    const title = (loaderData?.errorTitle ?? "Error {{status}}").replace(
      "{{status}}",
      String(status),
    );
    return [{ title: `${title} · ${appName}` }];
  }
  return [{ title: appName }];
}

/** Shape of the root loader's data, for components reading it with `useRouteLoaderData`. */
export interface RootData {
  locale: Locale;
  user: SessionUser | null;
  /** The colour theme the page is rendered in (ADR 051). */
  theme: Theme;
  appName: string;
  /** The site's identity in the page's language (ADR 069). */
  site: SiteData;
  errorTitle: string;
}

/** The HTML document around every page, including the error page. */
export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<RootData>("root");
  const locale = data?.locale ?? "en";
  const i18n = readyI18n(locale);
  // Before anything renders a message that names the site (`{{site}}`).
  setSiteName(data?.appName ?? null);
  const theme = data?.theme ?? "";
  const site = data?.site ?? {};
  // Hydrated: what the reader clicked before now runs (ADR 050).
  useEffect(releaseHeldInput, []);
  // A guest's reading page hydrates on the reader's first intent to use it (ADR 050).
  const matches = useMatches();
  const { search } = useLocation();
  const onIntent =
    !data?.user &&
    hydratesOnIntent(
      matches.map((match) => match.handle),
      search,
    );
  const hydrate = {
    [HYDRATE_ON_INTENT_ATTRIBUTE]: onIntent ? HYDRATE_ON_INTENT : undefined,
    [LIVE_ATTRIBUTE]: onIntent ? liveBeforeIntent(matches.map((match) => match.handle)) : undefined,
  };
  return (
    <html lang={i18n?.language ?? locale} data-theme={theme || undefined} {...hydrate}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content={colorScheme(theme)} />
        <SiteHead site={site} />
        <Meta />
        <AppStyles href={appStylesHref} />
        <Links />
        <SiteStyles site={site} />
      </head>
      <body className="min-h-screen">
        {i18n ? (
          <I18nextProvider i18n={i18n}>
            <NotificationProvider>
              <SessionProvider initialUser={data?.user ?? null} locale={locale}>
                <LoadingBar />
                <IntentPrefetch />
                <Shell>{children}</Shell>
                <OfflineSlot />
              </SessionProvider>
            </NotificationProvider>
          </I18nextProvider>
        ) : (
          children
        )}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** The matched page. */
export default function App() {
  return <Outlet />;
}

/**
 * Errors of the root itself (its middleware or loader). A page's errors stop at the `pages`
 * layout below, so a page error never swaps the document and its providers (see there).
 */
export function ErrorBoundary() {
  return <RouteErrorPage />;
}
