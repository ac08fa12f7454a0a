/**
 * The query of `/writing/subscribers` (ADR 065), read from its address and written back:
 * one target or all (`target`), one status or all (`status`), a fragment of the address
 * (`q`) and the page (`page`). Values the page does not know are dropped, never passed on.
 */
import {
  isSubscriptionTarget,
  SUBSCRIPTION_STATUSES,
  type SubscriptionStatus,
} from "../../api/subscriptions/subscriptions.ts";
import { withQuery } from "../../lib/paths.ts";

/** Subscribers listed per page. */
export const SUBSCRIBERS_PER_PAGE = 50;
/** Longest address fragment searched (longer ones are cut). */
const MAX_SEARCH = 100;
/** The highest page number read (deeper pages are this one). */
const MAX_PAGE = 10_000;

/** What the subscribers page shows. */
export interface SubscribersQuery {
  /** One target (`blog`, `author:<id>`, `collection:<id>`), or all (`""`). */
  target: string;
  status: SubscriptionStatus | "";
  search: string;
  page: number;
}

/** The query of the page's address. */
export function subscribersQuery(url: URL): SubscribersQuery {
  const params = url.searchParams;
  const target = params.get("target") ?? "";
  const status = params.get("status") ?? "";
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    target: isSubscriptionTarget(target) ? target : "",
    status: SUBSCRIPTION_STATUSES.find((known) => known === status) ?? "",
    search: (params.get("q") ?? "").trim().slice(0, MAX_SEARCH),
    page: Number.isFinite(page) && page > 1 ? Math.min(page, MAX_PAGE) : 1,
  };
}

/** The page's address for `query` (the first page and empty filters left out). */
export function subscribersHref(query: Partial<SubscribersQuery>): string {
  return withQuery("/writing/subscribers", {
    target: query.target,
    status: query.status,
    q: query.search,
    page: query.page && query.page > 1 ? query.page : null,
  });
}
