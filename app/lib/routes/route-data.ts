/**
 * Helpers for loaders (server side): the request's API client, account, language and
 * translation function from router context, and error responses the error page renders.
 * Guards throw from loaders (not middleware) so the root loader still provides the
 * language and the account to the error page; guarded pages call them before any request.
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import { failedWith } from "../../api/client/api-errors.ts";
import {
  apiContext,
  appNameContext,
  localeContext,
  sessionUnconfirmedContext,
  translateContext,
  userContext,
} from "../../context.ts";
import { readByUsername } from "../../api/records/record-pages.ts";
import { isAdmin, isSuperuser, isWriter, type SessionUser } from "../../api/auth/session.ts";
import { paths } from "../paths.ts";

/** What loaders read from router context. */
export function routeContext(context: Readonly<RouterContextProvider>) {
  return {
    api: context.get(apiContext),
    user: context.get(userContext),
    locale: context.get(localeContext),
    t: context.get(translateContext),
  };
}

/** The application's name: the settings' (`meta.appName`), else the catalog's. */
export function appName(context: Readonly<RouterContextProvider>): string {
  return context.get(appNameContext) ?? context.get(translateContext)("common:app.name");
}

/** The body of an error response thrown by a loader, shown on the error page. */
export interface ErrorPayload {
  message: string;
}

/**
 * The path the visitor asked for. Client-side navigations load a page's data from
 * `{path}.data` (`/_root.data` for `/`), and loaders see that URL.
 */
export function requestedPath(url: URL): string {
  if (url.pathname === "/_root.data") return "/";
  return url.pathname.endsWith(".data") ? url.pathname.slice(0, -".data".length) : url.pathname;
}

/**
 * The address a guest asked for, to come back to after signing in: the requested path and
 * its query, without React Router's own `_routes` parameter of data requests.
 */
export function requestedAddress(url: URL): string {
  const params = new URLSearchParams(url.search);
  params.delete("_routes");
  const search = params.toString();
  return `${requestedPath(url)}${search ? `?${search}` : ""}`;
}

/** `/login`, with the address to come back to when there is one (`request`). */
function loginRedirect(request: Request | undefined): Response {
  const back = request ? requestedAddress(new URL(request.url)) : "/";
  return redirect(paths.login({ redirectTo: back === "/" ? undefined : back }));
}

/**
 * The address to redirect to when a URL spells a username in another case than the stored
 * one (ADR 034, ADR 037): the requested path with its segment number `index` (0 is the part
 * before the first `/`) replaced by `username`, and the query kept.
 */
export function respelledPath(url: URL, index: number, username: string): string {
  const segments = requestedPath(url).split("/");
  segments[index] = encodeURIComponent(username);
  return `${segments.join("/")}${url.search}`;
}

/** Throws a 404 whose page says 'Page not found: {path}'. */
export function throwNotFound(context: Readonly<RouterContextProvider>, url: URL): never {
  const { t } = routeContext(context);
  throw data<ErrorPayload>(
    { message: t("errors:page.notFound", { path: requestedPath(url) }) },
    { status: 404 },
  );
}

/** Throws a 403 error page. */
export function throwForbidden(context: Readonly<RouterContextProvider>): never {
  const { t } = routeContext(context);
  throw data<ErrorPayload>({ message: t("errors:page.forbidden") }, { status: 403 });
}

/**
 * The request's account; `null` for a guest. A session the server could not confirm right
 * now (`sessionUnconfirmedContext`) throws a 503 error page: a login redirect or a 403 would
 * tell a signed-in person something untrue, and a reload a moment later works.
 */
function accountOrGuest(context: Readonly<RouterContextProvider>): SessionUser | null {
  const user = context.get(userContext);
  if (!user && context.get(sessionUnconfirmedContext)) {
    const { t } = routeContext(context);
    throw data<ErrorPayload>({ message: t("errors:page.sessionUnavailable") }, { status: 503 });
  }
  return user;
}

/**
 * Sends a signed-out visitor to `/login`, with the address of `request` to come back to
 * after signing in (guards pass it; pages behind a guard need not).
 */
export function requireUser(
  context: Readonly<RouterContextProvider>,
  request?: Request,
): SessionUser {
  const user = accountOrGuest(context);
  if (!user) throw loginRedirect(request);
  return user;
}

/** Answers 403 unless the account may write posts (writer or admin role). */
export function requireWriter(context: Readonly<RouterContextProvider>): SessionUser {
  const user = accountOrGuest(context);
  if (!user || !isWriter(user)) throwForbidden(context);
  return user;
}

/**
 * Sends a signed-out visitor to `/login` (see {@link requireUser}), and answers 403 unless
 * the account is an admin or a superuser.
 */
export function requireAdmin(
  context: Readonly<RouterContextProvider>,
  request?: Request,
): SessionUser {
  const user = requireUser(context, request);
  if (!isAdmin(user)) throwForbidden(context);
  return user;
}

/**
 * Sends a signed-out visitor to `/login` (see {@link requireUser}), and answers 403 unless
 * the account is a superuser (settings, logs, backups: the API serves them to superusers
 * only, so an admin-role account gets the 403 page too).
 */
export function requireSuperuser(
  context: Readonly<RouterContextProvider>,
  request?: Request,
): SessionUser {
  const user = requireUser(context, request);
  if (!isSuperuser(user)) throwForbidden(context);
  return user;
}

/**
 * Runs an API read; an API 404 (or a record the visitor may not see) becomes the 404 page,
 * and so does a 400: the read's values come from the URL, so a value the API refuses (a
 * 4,000-character path segment makes a filter longer than the API takes) names no page.
 * Other API errors are rethrown.
 */
export async function findOr404<T>(
  context: Readonly<RouterContextProvider>,
  url: URL,
  read: () => Promise<T>,
): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (failedWith(error, 400, 403, 404)) throwNotFound(context, url);
    throw error;
  }
}

/**
 * Reads the record a page names by its owner's username, in any case (ADR 034, ADR 037): the
 * 404 page when it is unreadable, and a 301 to the stored spelling when the URL's differs
 * (`segment` is the username's place in the path, as in {@link respelledPath}).
 */
export async function readNamedOr404<T>(
  context: Readonly<RouterContextProvider>,
  url: URL,
  username: string,
  segment: number,
  read: (username: string) => Promise<T>,
): Promise<T> {
  const { api } = routeContext(context);
  const found = await findOr404(context, url, () => readByUsername(api, username, read));
  if (found.username !== username) throw redirect(respelledPath(url, segment, found.username), 301);
  return found.value;
}
