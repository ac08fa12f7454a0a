/**
 * The loader and action of a page a subscription mail's signed link opens to do one thing
 * (confirm, unsubscribe; ADR 065): its `GET` changes nothing (a mail scanner following the
 * link acts for nobody) and shows the one button, which posts the token to the action; the
 * action does the thing through the API and redirects to `?<doneParam>=1` (post/redirect/get).
 * A missing, forged or expired link says so, never a 500. The routes' views are
 * `token-link-page.tsx`.
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import type { ApiClient } from "../../api/client/api-client.ts";
import { formText } from "../../lib/forms/form-data.ts";
import { routeContext } from "../../lib/routes/route-data.ts";
import { linkToken, missingToken, tokenFailure, type TokenFailure } from "./token-failure.ts";
import type { TokenLinkWords } from "./token-link-page.tsx";

/** What one link page does. */
export interface TokenLink {
  /** Its words in the `subscriptions` catalog. */
  words: TokenLinkWords;
  /** The query parameter of the page once done (`confirmed`, `unsubscribed`). */
  doneParam: string;
  /** Does the link's work through the API. */
  run: (api: ApiClient, token: string) => Promise<unknown>;
  /** The page's path with `query`. */
  path: (query: Record<string, number>) => string;
}

/** The loader: the token of the link, or the outcome once done. */
export function tokenLinkLoader(
  link: TokenLink,
  request: Request,
  context: Readonly<RouterContextProvider>,
) {
  const { t } = routeContext(context);
  const url = new URL(request.url);
  const title = t(`subscriptions:${link.words}.title`);
  if (url.searchParams.get(link.doneParam) === "1") return { title, token: "", done: true };
  const token = linkToken(url);
  if (!token) return data({ title, token, done: false, failure: missingToken(t) }, { status: 400 });
  return { title, token, done: false };
}

/** The action: does the link's work for the posted token. */
export async function tokenLinkAction(
  link: TokenLink,
  request: Request,
  context: Readonly<RouterContextProvider>,
) {
  const { api, t } = routeContext(context);
  const token = formText(await request.formData(), "token");
  if (!token) return data<TokenFailure>(missingToken(t), { status: 400 });
  try {
    await link.run(api, token);
  } catch (error) {
    const failure = tokenFailure(error, t);
    return data<TokenFailure>(failure, { status: failure.status });
  }
  return redirect(link.path({ [link.doneParam]: 1 }));
}
