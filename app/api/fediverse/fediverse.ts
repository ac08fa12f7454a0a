/**
 * The fediverse (ADR 071) as the web app reads it: the likes and boosts of a post
 * (`GET /api/fediverse/reactions`, issue 27 item 4), and a writer's followers, blocks and
 * "approve new followers" setting (`/api/fediverse/followers|blocks|settings`).
 *
 * @example
 * const counts = await postReactions(api, post.id);
 */
import type { Follower, FollowersPage } from "#shared/fediverse/followers.ts";
import { sdk, type ApiClient } from "../client/api-client.ts";

export type { Follower, FollowersPage };

/** A post's likes and boosts from the fediverse. */
export interface ReactionCounts {
  likes: number;
  boosts: number;
}

/** A blocked account (its actor id) or domain. */
export interface FediverseBlock {
  kind: "actor" | "domain";
  value: string;
  created: string;
}

const count = (value: unknown): number =>
  typeof value === "number" && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;

/**
 * The likes and boosts of a live post (0 and 0 when none, or when the site does not
 * federate: the route is not there then).
 */
export async function postReactions(api: ApiClient, postId: string): Promise<ReactionCounts> {
  try {
    const answer = await sdk(api).send<Record<string, unknown>>("/api/fediverse/reactions", {
      method: "GET",
      query: { records: postId },
    });
    const own = answer[postId] as Partial<ReactionCounts> | undefined;
    return { likes: count(own?.likes), boosts: count(own?.boosts) };
  } catch {
    return { likes: 0, boosts: 0 };
  }
}

/** The signed-in writer's followers (`status` "pending" for the held follows only). */
export function listFollowers(
  api: ApiClient,
  query: { page?: number; perPage?: number; status?: "pending" | "accepted" } = {},
): Promise<FollowersPage> {
  const params: Record<string, string> = {};
  if (query.page) params.page = String(query.page);
  if (query.perPage) params.perPage = String(query.perPage);
  if (query.status) params.status = query.status;
  return sdk(api).send<FollowersPage>("/api/fediverse/followers", {
    method: "GET",
    query: params,
  });
}

/** Approves a held follow, or removes a follower. */
export async function changeFollower(
  api: ApiClient,
  action: "approve" | "remove",
  follower: string,
): Promise<void> {
  await sdk(api).send(`/api/fediverse/followers/${action}`, {
    method: "POST",
    body: { follower },
  });
}

/** The writer's blocks. */
export async function listBlocks(api: ApiClient): Promise<FediverseBlock[]> {
  const answer = await sdk(api).send<{ items?: FediverseBlock[] }>("/api/fediverse/blocks", {
    method: "GET",
  });
  return answer.items ?? [];
}

/** Blocks an account (by actor id) or a domain. */
export async function addBlock(
  api: ApiClient,
  kind: FediverseBlock["kind"],
  value: string,
): Promise<void> {
  await sdk(api).send("/api/fediverse/blocks", { method: "POST", body: { kind, value } });
}

/** Lifts a block. */
export async function removeBlock(
  api: ApiClient,
  kind: FediverseBlock["kind"],
  value: string,
): Promise<void> {
  await sdk(api).send("/api/fediverse/blocks", { method: "DELETE", query: { kind, value } });
}

/** Whether new followers wait for the writer's approval. */
export async function readApproveFollowers(api: ApiClient): Promise<boolean> {
  const answer = await sdk(api).send<{ approveFollowers?: boolean }>("/api/fediverse/settings", {
    method: "GET",
  });
  return answer.approveFollowers === true;
}

/** Sets whether new followers wait for the writer's approval. */
export async function saveApproveFollowers(api: ApiClient, approve: boolean): Promise<void> {
  await sdk(api).send("/api/fediverse/settings", {
    method: "PATCH",
    body: { approveFollowers: approve },
  });
}
