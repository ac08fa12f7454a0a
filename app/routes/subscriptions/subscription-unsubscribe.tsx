/**
 * `/subscriptions/unsubscribe?token=`: the page a mail's unsubscribe link opens (ADR 065).
 * Its `GET` unsubscribes nobody; its one button does (the same request as the mail's
 * one-click `List-Unsubscribe`, RFC 8058), then `?unsubscribed=1` says so
 * (`features/subscriptions/token-link-page.server.ts`).
 */
import type { Route } from "./+types/subscription-unsubscribe";
import { unsubscribe } from "../../api/subscriptions/subscriptions.ts";
import { LINK_PAGE_HEADERS } from "../../features/subscriptions/link-page.tsx";
import { TokenLinkView } from "../../features/subscriptions/token-link-page.tsx";
import {
  tokenLinkAction,
  tokenLinkLoader,
  type TokenLink,
} from "../../features/subscriptions/token-link-page.server.ts";
import { pageMeta } from "../../lib/routes/meta.ts";
import { paths } from "../../lib/paths.ts";

const LINK: TokenLink = {
  words: "unsubscribe",
  doneParam: "unsubscribed",
  run: unsubscribe,
  path: paths.subscriptionUnsubscribe,
};

/** Never kept by the page cache. */
export function headers() {
  return LINK_PAGE_HEADERS;
}

/** Title; never indexed. */
export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args), { name: "robots", content: "noindex" }];
}

/** The token of the link, or the outcome once unsubscribed. */
export function loader({ request, context }: Route.LoaderArgs) {
  return tokenLinkLoader(LINK, request, context);
}

/** Unsubscribes the subscription the posted token names. */
export function action({ request, context }: Route.ActionArgs) {
  return tokenLinkAction(LINK, request, context);
}

/** The page: the button, the outcome, or why the link cannot be used. */
export default function SubscriptionUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  return <TokenLinkView words={LINK.words} data={{ loaderData, actionData }} />;
}
