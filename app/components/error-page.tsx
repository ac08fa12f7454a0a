/**
 * The error page (spec §2): the status code, the status message, what happened, and a
 * "Go back home" button to `/`.
 */
import { useAppTranslation } from "../lib/i18n/i18n.ts";
import { useEffect } from "react";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { useReloadOnChunkError } from "../lib/browser/chunk-reload.ts";
import { paths } from "../lib/paths.ts";

const KNOWN_STATUSES = new Set(["400", "401", "403", "404", "500", "503"]);

function errorMessage(error: unknown): string | undefined {
  if (!isRouteErrorResponse(error)) return undefined;
  const body: unknown = error.data;
  if (body && typeof body === "object" && "message" in body && typeof body.message === "string")
    return body.message;
  return undefined;
}

/** Renders a route error (a thrown response or an exception). */
export function ErrorPage({ error }: { error: unknown }) {
  const { t } = useAppTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const key = String(status);
  const statusMessage = KNOWN_STATUSES.has(key)
    ? t(`errors:status.${key as "400" | "401" | "403" | "404" | "500" | "503"}`)
    : t("errors:status.other");
  const message = errorMessage(error) ?? (status >= 500 ? t("errors:page.unexpected") : undefined);
  return (
    <section aria-labelledby="error-title" className="mx-auto max-w-xl py-12 text-center">
      <p className="font-serif text-6xl font-bold text-amber-800" data-testid="error-status">
        {status}
      </p>
      <h1 id="error-title" className="mt-4 text-2xl font-semibold">
        {statusMessage}
      </h1>
      {message && (
        <p className="mt-3 text-stone-700" data-testid="error-message">
          {message}
        </p>
      )}
      <Link
        to={paths.home()}
        className="mt-8 inline-block rounded bg-amber-800 px-4 py-2 font-semibold text-white hover:bg-amber-900"
      >
        {t("errors:page.goHome")}
      </Link>
    </section>
  );
}

/**
 * The error page of the nearest route error: a page chunk that failed to load reloads the
 * page (once per path in 10 s); unexpected exceptions are logged in the browser's console (on
 * the server, React Router's error handler logs them, unless the reader left).
 */
export function RouteErrorPage() {
  const error = useRouteError();
  useReloadOnChunkError(error);
  useEffect(() => {
    if (!isRouteErrorResponse(error)) console.error(error);
  }, [error]);
  return <ErrorPage error={error} />;
}
