/**
 * The wire shapes of a writer's followers (`GET /api/fediverse/followers`, ADR 071), as the
 * server answers them and the web app reads them.
 */

/** A follower as the API lists them. */
export interface Follower {
  /** Their actor id (what approve, remove and block name). */
  id: string;
  name: string;
  handle: string;
  avatar: string;
  /** Their profile page. */
  url: string;
  status: "pending" | "accepted";
  created: string;
}

/** One page of followers, with the counts. */
export interface FollowersPage {
  page: number;
  perPage: number;
  /** Accepted followers. */
  totalItems: number;
  /** Follows waiting for approval. */
  pending: number;
  items: Follower[];
}
