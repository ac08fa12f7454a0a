/**
 * The data of `/writing/subscribers` (ADR 065): the targets the viewer may read the
 * subscribers of (their posts, their public collections, and the blog for an admin), the
 * counts by status, and one page of subscribers, each with its target's name.
 */
import { isAdmin, isWriter, type SessionUser } from "../../api/auth/session.ts";
import type { CollectionRecord } from "../../api/records/records.ts";
import { filterExpression, listAllRecords } from "../../api/records/record-reads.ts";
import {
  countSubscribers,
  listSubscribers,
  type SubscriberScope,
  type SubscriptionStatus,
} from "../../api/subscriptions/subscriptions.ts";
import { SUBSCRIBERS_PER_PAGE, type SubscribersQuery } from "./subscribers-query.ts";

/** Most collections offered as targets. */
const MAX_COLLECTIONS = 200;

/** A target the viewer may read the subscribers of, with its name. */
export interface SubscriberTarget {
  target: string;
  /** The author's or the collection's name (`""` for the blog). */
  name: string;
}

/** One subscriber as the page lists it. */
export interface SubscriberRow {
  id: string;
  email: string;
  target: string;
  status: SubscriptionStatus;
  frequency: string;
  created: string;
}

/** What the subscribers page shows. */
export interface SubscribersData {
  targets: SubscriberTarget[];
  counts: Record<SubscriptionStatus, number>;
  rows: SubscriberRow[];
  totalItems: number;
  totalPages: number;
}

/** The targets the viewer may read: the blog (admins), their posts (writers), their collections. */
async function viewerTargets(
  api: Parameters<typeof listSubscribers>[0],
  user: SessionUser,
): Promise<SubscriberTarget[]> {
  const collections = await listAllRecords<CollectionRecord>(api, "collections", {
    filter: filterExpression(api, 'owner = {:me} && visibility = "public"', { me: user.id }),
    sort: "title,id",
    fields: "id,title",
    batch: MAX_COLLECTIONS,
  });
  return [
    ...(isAdmin(user) ? [{ target: "blog", name: "" }] : []),
    ...(isWriter(user) ? [{ target: `author:${user.id}`, name: user.name || user.username }] : []),
    ...collections
      .slice(0, MAX_COLLECTIONS)
      .map((collection) => ({ target: `collection:${collection.id}`, name: collection.title })),
  ];
}

/** The page's data for the viewer and the query. */
export async function loadSubscribers(
  api: Parameters<typeof listSubscribers>[0],
  user: SessionUser,
  query: SubscribersQuery,
): Promise<SubscribersData> {
  const scope: SubscriberScope = { owner: user.id, blog: isAdmin(user) };
  const [targets, counts, list] = await Promise.all([
    viewerTargets(api, user),
    countSubscribers(api, scope, query.target),
    listSubscribers(api, scope, { ...query, perPage: SUBSCRIBERS_PER_PAGE }),
  ]);
  return {
    targets,
    counts,
    rows: list.items.map(({ id, email, target, status, frequency, created }) => ({
      id,
      email,
      target,
      status,
      frequency,
      created,
    })),
    totalItems: list.totalItems,
    totalPages: list.totalPages,
  };
}
