/**
 * Email subscriptions (ADR 065): subscribing an address to the blog, an author or a public
 * collection (`POST /api/subscriptions`), the signed links of the mails (confirm, unsubscribe,
 * manage every subscription of an address), and the subscribers a writer or an admin reads
 * through the records API under the collection's rules, with their CSV export.
 *
 * SECURITY: the tokens come from the mails' links; they are passed on to the API as they are
 * and the API checks their signature, purpose and expiry. Nothing here trusts them.
 *
 * @example
 * await subscribe(api, { email: "ada@example.com", target: "blog", locale: "en" });
 */
import type { Locale } from "#shared/i18n/locales.ts";
import type { SendOptions } from "pocketbase";
import { sdk, type ApiClient } from "../client/api-client.ts";
import { filterExpression, listRecords, type ListPage } from "../records/record-reads.ts";

/** The collection's name. */
export const SUBSCRIPTIONS = "subscriptions";

/** What a subscription follows: the blog, one author, or one public collection. */
export type SubscriptionTarget = "blog" | `author:${string}` | `collection:${string}`;

/** Where a subscription stands. */
export type SubscriptionStatus = "pending" | "confirmed" | "unsubscribed" | "suppressed";

/** The statuses, in the subscribers page's order. */
export const SUBSCRIPTION_STATUSES: readonly SubscriptionStatus[] = [
  "confirmed",
  "pending",
  "unsubscribed",
  "suppressed",
];

/** How often a subscriber is mailed: at each post, or in a weekly digest. */
export type SubscriptionFrequency = "each" | "weekly";

/** The frequencies a subscriber chooses from. */
export const SUBSCRIPTION_FREQUENCIES: readonly SubscriptionFrequency[] = ["each", "weekly"];

/** A subscription as the records API answers it to the target's owner or an admin. */
export interface SubscriptionRecord {
  id: string;
  email: string;
  target: string;
  /** The target's owner; `""` for the blog. */
  owner: string;
  locale: string;
  status: SubscriptionStatus;
  frequency: SubscriptionFrequency;
  /** The signed-in reader who subscribed, `""` for an address alone. */
  user: string;
  created: string;
  updated: string;
}

/** Whether `value` names a target the API takes (`author:` and `collection:` with an id). */
export function isSubscriptionTarget(value: string): value is SubscriptionTarget {
  return /^(blog|author:[a-z0-9]{15}|collection:[a-z0-9]{15})$/.test(value);
}

/**
 * Asks for a subscription: the API answers 204 whether or not it knew the address and mails
 * a confirmation link (a signed-in reader's own verified address is confirmed at once).
 */
export async function subscribe(
  api: ApiClient,
  request: { email: string; target: SubscriptionTarget; locale: Locale },
): Promise<void> {
  await sdk(api).send("/api/subscriptions", { method: "POST", body: request });
}

/** Confirms the subscription a confirmation mail's token names. */
export async function confirmSubscription(api: ApiClient, token: string): Promise<void> {
  await sdk(api).send("/api/subscriptions/confirm", { method: "POST", body: { token } });
}

/** Unsubscribes at once, as a mail's `List-Unsubscribe` one-click `POST` does (RFC 8058). */
export async function unsubscribe(api: ApiClient, token: string): Promise<void> {
  await sdk(api).send("/api/subscriptions/unsubscribe", { method: "POST", query: { token } });
}

/** One subscription of an address, as the manage link lists it. */
export interface ManagedSubscription {
  id: string;
  target: string;
  status: SubscriptionStatus;
  frequency: SubscriptionFrequency;
  /** The target in words, as the API names it in the subscription's language. */
  targetName: string;
}

/** Every subscription of the address a manage link signs. */
export interface ManagedAddress {
  email: string;
  items: ManagedSubscription[];
}

/** The text of `value`, `""` when it is not one. */
function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/** A subscription of the manage answer, its fields checked one by one. */
function managedSubscription(value: unknown): ManagedSubscription | null {
  if (!value || typeof value !== "object") return null;
  const row = value as Record<string, unknown>;
  const status = text(row.status) as SubscriptionStatus;
  const frequency = text(row.frequency) as SubscriptionFrequency;
  if (!text(row.id) || !SUBSCRIPTION_STATUSES.includes(status)) return null;
  return {
    id: text(row.id),
    target: text(row.target),
    status,
    frequency: SUBSCRIPTION_FREQUENCIES.includes(frequency) ? frequency : "each",
    targetName: text(row.targetName),
  };
}

/** Reads the manage answer, `{ email, items }`, keeping the subscriptions it can read. */
function managedAddress(answer: unknown): ManagedAddress {
  const body = (answer && typeof answer === "object" ? answer : {}) as Record<string, unknown>;
  const list: unknown[] = Array.isArray(body.items) ? body.items : [];
  return {
    email: text(body.email),
    items: list.map(managedSubscription).filter((item) => item !== null),
  };
}

/** Every subscription of the address `token` signs (`GET /api/subscriptions/manage`). */
export async function managedSubscriptions(api: ApiClient, token: string): Promise<ManagedAddress> {
  const answer = await sdk(api).send<unknown>("/api/subscriptions/manage", {
    method: "GET",
    query: { token },
  });
  return managedAddress(answer);
}

/** A change of one subscription through a manage link. */
export interface SubscriptionChange {
  token: string;
  id: string;
  status?: "confirmed" | "unsubscribed";
  frequency?: SubscriptionFrequency;
}

/** Changes one subscription of the address `token` signs (`POST /api/subscriptions/manage`). */
export async function changeSubscription(
  api: ApiClient,
  change: SubscriptionChange,
): Promise<void> {
  await sdk(api).send("/api/subscriptions/manage", { method: "POST", body: change });
}

/** Whose subscribers a list reads: the viewer's own targets, and the blog's for an admin. */
export interface SubscriberScope {
  /** The viewer's id: their author target and their collections' rows have them as owner. */
  owner: string;
  /** The blog's subscribers too (admins). */
  blog: boolean;
}

/** What the subscribers page asks for. */
export interface SubscriberQuery {
  /** One target, or every target of the scope (`""`). */
  target: string;
  /** One status, or all (`""`). */
  status: SubscriptionStatus | "";
  /** A fragment of the address (`""`: any). */
  search: string;
  page: number;
  perPage: number;
}

/**
 * The filter of a scope and a query. SECURITY: the collection's rules decide what the viewer
 * may read (a writer their own rows, an admin every row); the scope only narrows that to the
 * page's subject, the viewer's targets and the blog's.
 */
function subscriberFilter(
  api: ApiClient,
  scope: SubscriberScope,
  query: Pick<SubscriberQuery, "target" | "status" | "search">,
): string {
  const parts: string[] = [
    query.target
      ? "target = {:target}"
      : scope.blog
        ? '(owner = {:owner} || target = "blog")'
        : "owner = {:owner}",
  ];
  if (query.status) parts.push("status = {:status}");
  if (query.search) parts.push("email ~ {:search}");
  return filterExpression(api, parts.join(" && "), {
    owner: scope.owner,
    target: query.target,
    status: query.status,
    search: query.search,
  });
}

/** A page of the subscribers of the scope, newest first. */
export function listSubscribers(
  api: ApiClient,
  scope: SubscriberScope,
  query: SubscriberQuery,
): Promise<ListPage<SubscriptionRecord>> {
  return listRecords<SubscriptionRecord>(api, SUBSCRIPTIONS, query.page, query.perPage, {
    filter: subscriberFilter(api, scope, query),
    sort: "-created,-id",
    fields: "id,email,target,owner,locale,status,frequency,user,created,updated",
  });
}

/** How many subscriptions of each status the scope has (of one target, or all). */
export async function countSubscribers(
  api: ApiClient,
  scope: SubscriberScope,
  target: string,
): Promise<Record<SubscriptionStatus, number>> {
  const counts = await Promise.all(
    SUBSCRIPTION_STATUSES.map(async (status) => {
      const page = await listRecords(api, SUBSCRIPTIONS, 1, 1, {
        filter: subscriberFilter(api, scope, { target, status, search: "" }),
        fields: "id",
      });
      return [status, page.totalItems] as const;
    }),
  );
  return Object.fromEntries(counts) as Record<SubscriptionStatus, number>;
}

/**
 * The CSV of a target's subscribers (`GET /api/subscriptions/export`), for its owner or an
 * admin. Read as text through the client's own transport (the SDK's `send` reads JSON only).
 */
export async function exportSubscribers(api: ApiClient, target: string): Promise<string> {
  const pb = sdk(api);
  const url = pb.buildURL(`/api/subscriptions/export?target=${encodeURIComponent(target)}`);
  const init: SendOptions = {
    method: "GET",
    headers: pb.authStore.token ? { Authorization: pb.authStore.token } : {},
  };
  const prepared = pb.beforeSend ? await pb.beforeSend(url, init) : { url, options: init };
  const options = { ...init, ...prepared.options };
  const transport = options.fetch ?? fetch;
  const response = await transport(prepared.url ?? url, {
    method: "GET",
    headers: options.headers,
  });
  if (!response.ok) throw new SubscriberExportRefused(response.status);
  return response.text();
}

/** The export's refusal, with the API's status. */
export class SubscriberExportRefused extends Error {
  override name = "SubscriberExportRefused";
  /** The API's status (403 for someone else's subscribers). */
  readonly status: number;
  constructor(status: number) {
    super(`subscriber export refused with ${String(status)}`);
    this.status = status;
  }
}
