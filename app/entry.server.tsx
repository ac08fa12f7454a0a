/**
 * Server entry: streams the rendered page (waiting for everything when a bot asks), and
 * exports {@link createLoadContext}, which the Fastify web plugin calls per request to hand
 * the app its in-process API transport and the page's CSP nonce.
 */
import { PassThrough } from "node:stream";
import type { EntryContext } from "react-router";
import { RouterContextProvider, ServerRouter } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import {
  apiTransportContext,
  appNameContext,
  commentSiteRulesContext,
  type CommentSiteRules,
  cspNonceContext,
  sessionConfirmContext,
  siteIdentityContext,
  siteUrlContext,
} from "./context.ts";
import type { PageIdentity } from "#shared/site/site-files.ts";
import type { ApiFetch, SessionConfirmer } from "./api/client/api-client.ts";
import appStylesHref from "./app.css?url";
import { InlineStylesContext } from "./components/layout/app-styles.tsx";
import { deferScripts } from "./lib/document/deferred-scripts.server.ts";
import { builtStylesheet, compiledStylesheet } from "./lib/document/inline-styles.server.ts";

// The stylesheet guests' pages are pruned against is parsed once, when the server loads this
// build, rather than during the first guest's request (80–150 ms on these machines).
setTimeout(() => compiledStylesheet(appStylesHref), 0).unref();

/** How long a streamed render may wait for slow data before giving up. */
export const streamTimeout = 5_000;

/**
 * The router context of one request. `transport` sends the SDK's requests to the API of the
 * same process (no socket); without it the SDK calls the request's origin. `nonce` is the
 * page's Content-Security-Policy nonce: every script React and React Router write carries it.
 * `siteUrl` is the configured public URL (`APP_URL`), when there is one; `appName` the
 * application name of the settings; `commentRules` the site's comment settings (ADR 065);
 * `siteIdentity` the site's description, footer, accent, custom sheet and images (ADR 069);
 * `confirmSession` the server's check of the session
 * cookie's token (ADR 048).
 */
export function createLoadContext(
  transport: ApiFetch | null,
  options: {
    nonce?: string;
    siteUrl?: string | null;
    appName?: string | null;
    commentRules?: CommentSiteRules | null;
    siteIdentity?: PageIdentity | null;
    confirmSession?: SessionConfirmer | null;
  } = {},
): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(apiTransportContext, transport);
  context.set(sessionConfirmContext, options.confirmSession ?? null);
  context.set(cspNonceContext, options.nonce);
  context.set(siteUrlContext, options.siteUrl ?? null);
  context.set(appNameContext, options.appName?.trim() || null);
  if (options.commentRules) context.set(commentSiteRulesContext, options.commentRules);
  if (options.siteIdentity) context.set(siteIdentityContext, options.siteIdentity);
  return context;
}

/** Renders a document request. */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext?: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  return new Promise<Response>((resolve, reject) => {
    let statusCode = responseStatusCode;
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => {
      abort();
    }, streamTimeout + 1000);

    // SECURITY: the nonce goes on React Router's scripts (`<Scripts>`, `<ScrollRestoration>`,
    // the streamed data) through ServerRouter, and on React's own inline scripts.
    const nonce = loadContext?.get(cspNonceContext);
    // The app's stylesheet goes inline: the first response paints the page (ADR 050).
    const { pipe, abort } = renderToPipeableStream(
      <InlineStylesContext value={builtStylesheet(appStylesHref)}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </InlineStylesContext>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          // Scripts start after the first paint; a guest's page carries only its own CSS (ADR 050).
          const compiled = compiledStylesheet(appStylesHref);
          const deferral = deferScripts(compiled ? { href: appStylesHref, compiled } : undefined);
          deferral.pipe(body);
          pipe(deferral);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: statusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error instanceof Error ? error : new Error(String(error)));
        },
        onError(error: unknown) {
          statusCode = 500;
          // Errors before the shell is ready reject above and are logged by React Router; a
          // reader who left aborts what was still loading, which is no error of the page.
          if (shellRendered && !request.signal.aborted) console.error(error);
        },
      },
    );
  });
}
