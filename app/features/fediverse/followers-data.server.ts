/**
 * The data and the form posts of `/writing/followers` (issue 27, ADR 071), through the
 * followers API: the writer's handle, accepted followers and held follows, their blocks and
 * whether new followers wait for approval; approving or refusing a held follow, removing or
 * blocking a follower, blocking a domain, lifting a block and the approval setting. Each post
 * redirects back with what was done (`?done=`), so it works without JavaScript.
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import { apiFailure } from "../../api/client/api-errors.ts";
import {
  addBlock,
  changeFollower,
  listBlocks,
  listFollowers,
  readApproveFollowers,
  removeBlock,
  saveApproveFollowers,
  type FediverseBlock,
  type Follower,
} from "../../api/fediverse/fediverse.ts";
import type { SessionUser } from "../../api/auth/session.ts";
import { formText } from "../../lib/forms/form-data.ts";
import { paths } from "../../lib/paths.ts";
import { routeContext } from "../../lib/routes/route-data.ts";

/** Most followers the page lists. */
const FOLLOWERS_SHOWN = 100;

/** What the page shows. */
export interface FollowersData {
  handle: string;
  followers: Follower[];
  /** Accepted followers in all. */
  total: number;
  held: Follower[];
  blocks: FediverseBlock[];
  approve: boolean;
}

/** What a refused form answers. */
export interface FollowersActionData {
  message: string;
  /** The field the message is about (`domain` for the domain block). */
  field: string;
}

/** The done outcomes the page words. */
export const FOLLOWER_OUTCOMES = [
  "approved",
  "rejected",
  "removed",
  "blocked",
  "unblocked",
  "saved",
] as const;

/** One of {@link FOLLOWER_OUTCOMES}. */
export type FollowerOutcome = (typeof FOLLOWER_OUTCOMES)[number];

/** Loads the page for the signed-in writer; `origin` names their handle's host. */
export async function loadFollowers(
  context: Readonly<RouterContextProvider>,
  user: SessionUser,
  origin: string,
): Promise<FollowersData> {
  const { api } = routeContext(context);
  const [accepted, held, blocks, approve] = await Promise.all([
    listFollowers(api, { status: "accepted", perPage: FOLLOWERS_SHOWN }),
    listFollowers(api, { status: "pending", perPage: FOLLOWERS_SHOWN }),
    listBlocks(api),
    readApproveFollowers(api),
  ]);
  return {
    handle: `@${user.username}@${new URL(origin).host}`,
    followers: accepted.items,
    total: accepted.totalItems,
    held: held.items,
    blocks,
    approve,
  };
}

/** Runs one form post of the page. */
export async function followersAction(context: Readonly<RouterContextProvider>, request: Request) {
  const { api, t } = routeContext(context);
  const form = await request.formData();
  const intent = formText(form, "intent");
  const follower = formText(form, "follower");
  const done = (outcome: FollowerOutcome) => redirect(paths.writingFollowers({ done: outcome }));
  try {
    switch (intent) {
      case "approve":
        await changeFollower(api, "approve", follower);
        return done("approved");
      case "reject":
        await changeFollower(api, "remove", follower);
        return done("rejected");
      case "remove":
        await changeFollower(api, "remove", follower);
        return done("removed");
      case "block":
        await addBlock(api, "actor", follower);
        return done("blocked");
      case "block-domain":
        await addBlock(api, "domain", formText(form, "domain"));
        return done("blocked");
      case "unblock": {
        const kind = formText(form, "kind") === "domain" ? "domain" : "actor";
        await removeBlock(api, kind, formText(form, "value"));
        return done("unblocked");
      }
      case "settings":
        await saveApproveFollowers(api, form.get("approve") === "on");
        return done("saved");
      default:
        return data<FollowersActionData>(
          { message: t("errors:api.generic"), field: "" },
          { status: 400 },
        );
    }
  } catch (error) {
    const failure = apiFailure(error);
    if (!failure) throw error;
    const status = [403, 404, 429].includes(failure.status) ? failure.status : 400;
    const domain = intent === "block-domain" && status === 400;
    return data<FollowersActionData>(
      {
        message: domain ? t("fediverse:followers.domainInvalid") : t("errors:api.generic"),
        field: domain ? "domain" : "",
      },
      { status },
    );
  }
}
