/**
 * A writer's followers on the fediverse (ADR 071): the list and its counts, approving a held
 * follow, removing a follower (a `Reject` tells their server), blocking one (removed, refused
 * from then on) or a whole domain (every follower there removed, its activities refused with
 * 403), and the "approve followers" choice. The writer's own actor only; admins also manage
 * the blog's (`blog`). Sending goes through the federation, loaded on demand.
 */
import { badRequest, fieldError, forbidden, notFound, unauthorized } from "../errors.ts";
import type { Database } from "../../data/db.ts";
import {
  acceptFollower,
  countFollowers,
  deleteBlock,
  deleteFollower,
  deleteFollowersOfHost,
  findActorRow,
  findFollower,
  listBlocks,
  listFollowers,
  saveApproveFollowers,
  saveBlock,
  type BlockRow,
  type FollowerRow,
} from "../../data/repositories/fediverse-repository.ts";
import type { RequestInfo } from "../records/request-info.ts";
import type { FediverseHost } from "./fediverse-host.ts";
import { BLOG_ACTOR } from "./local-actors.ts";
import type { Follower, FollowersPage } from "../../../shared/fediverse/followers.ts";

const MAX_PER_PAGE = 100;
/** A domain as blocks name it: a host, with an optional port. */
const DOMAIN_RE =
  /^(?=.{1,253}(?::\d{1,5})?$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/;

/** A 400 naming one field. */
function invalid(field: string, code: string, message: string): Error {
  return badRequest(undefined, { [field]: fieldError(code, message) });
}

function item(row: FollowerRow): Follower {
  return {
    id: row.follower,
    name: row.name,
    handle: row.handle,
    avatar: row.avatar,
    url: row.url,
    status: row.status,
    created: row.created,
  };
}

/** A positive whole number from a query value, or the default. */
function whole(value: string | undefined, fallback: number, max: number): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

/** A remote actor's id: an absolute http(s) address. */
function remoteId(value: unknown, field: string): string {
  const text = typeof value === "string" ? value.trim() : "";
  if (!URL.canParse(text) || !/^https?:$/.test(new URL(text).protocol))
    throw invalid(field, "validation_invalid_url", "Must be the address of a fediverse account.");
  return new URL(text).href;
}

/** The followers service. */
export class FollowersService {
  private readonly db: Database;
  private readonly host: FediverseHost;

  constructor(db: Database, host: FediverseHost) {
    this.db = db;
    this.host = host;
  }

  /**
   * Whether a post of `author` would reach anyone: the author or the blog has an accepted
   * follower. Without one, publishing sends nothing and never loads Fedify.
   */
  async hasAudience(author: string): Promise<boolean> {
    for (const actor of [author, BLOG_ACTOR])
      if ((await countFollowers(this.db.kysely, actor)).accepted > 0) return true;
    return false;
  }

  /**
   * The actor a request manages: the signed-in writer's own, or the blog's (`actor=blog`) for
   * an admin. 401 for a guest, 403 for an account that does not write or a superuser.
   */
  actorOf(request: RequestInfo, actor?: string): string {
    const auth = request.auth;
    if (!auth) throw unauthorized("The request requires valid record authorization token.");
    const role = typeof auth.record.role === "string" ? auth.record.role : "";
    if (auth.isSuperuser || auth.collection.name !== "users")
      throw forbidden("Only writers have followers on the fediverse.");
    if (actor === BLOG_ACTOR) {
      if (role !== "admin") throw forbidden("Only admins manage the blog's followers.");
      return BLOG_ACTOR;
    }
    if (actor !== undefined && actor !== "" && actor !== String(auth.record.id))
      throw forbidden("You can only manage your own followers.");
    if (role !== "writer" && role !== "admin")
      throw forbidden("Only writers have followers on the fediverse.");
    return String(auth.record.id);
  }

  /** A page of followers (newest first), with the counts. */
  async list(actor: string, query: Record<string, string>): Promise<FollowersPage> {
    const page = whole(query.page, 1, 100_000);
    const perPage = whole(query.perPage, 30, MAX_PER_PAGE);
    const status =
      query.status === "pending" || query.status === "accepted" ? query.status : undefined;
    const counts = await countFollowers(this.db.kysely, actor);
    const rows = await listFollowers(this.db.kysely, actor, {
      ...(status ? { status } : {}),
      limit: perPage,
      offset: (page - 1) * perPage,
    });
    return {
      page,
      perPage,
      totalItems: counts.accepted,
      pending: counts.pending,
      items: rows.map(item),
    };
  }

  /** Accepts a held follow (a signed `Accept`). */
  async approve(actor: string, body: Record<string, unknown>): Promise<void> {
    const follower = remoteId(body.follower, "follower");
    const row = await findFollower(this.db.kysely, actor, follower);
    if (!row) throw notFound();
    if (!(await acceptFollower(this.db.kysely, actor, follower))) return;
    const loaded = await this.host.load();
    await loaded.answer(row, "accept");
  }

  /** Removes a follower (a `Reject` of their follow tells their server). */
  async remove(actor: string, body: Record<string, unknown>): Promise<void> {
    const follower = remoteId(body.follower, "follower");
    const row = await findFollower(this.db.kysely, actor, follower);
    if (!row) throw notFound();
    await deleteFollower(this.db.kysely, actor, follower);
    const loaded = await this.host.load();
    await loaded.answer(row, "reject");
  }

  /** Blocks a remote actor or a domain: their follows end, their activities are refused. */
  async block(actor: string, body: Record<string, unknown>): Promise<BlockRow> {
    const { kind, value } = this.blockOf(body);
    await saveBlock(this.db.kysely, actor, kind, value);
    if (kind === "domain") {
      await deleteFollowersOfHost(this.db.kysely, actor, value);
    } else {
      const row = await findFollower(this.db.kysely, actor, value);
      if (row) {
        await deleteFollower(this.db.kysely, actor, value);
        const loaded = await this.host.load();
        await loaded.answer(row, "reject");
      }
    }
    const blocks = await listBlocks(this.db.kysely, actor);
    return blocks.find((b) => b.kind === kind && b.value === value) ?? { kind, value, created: "" };
  }

  /** Lifts a block; 404 when there was none. */
  async unblock(actor: string, query: Record<string, unknown>): Promise<void> {
    const { kind, value } = this.blockOf(query);
    if (!(await deleteBlock(this.db.kysely, actor, kind, value))) throw notFound();
  }

  /** The actor's blocks. */
  blocks(actor: string): Promise<BlockRow[]> {
    return listBlocks(this.db.kysely, actor);
  }

  /** The actor's settings. */
  async settings(actor: string): Promise<{ approveFollowers: boolean }> {
    const row = await findActorRow(this.db.kysely, actor);
    return { approveFollowers: row?.approveFollowers ?? false };
  }

  /** Changes the actor's settings. */
  async updateSettings(
    actor: string,
    body: Record<string, unknown>,
  ): Promise<{ approveFollowers: boolean }> {
    if (typeof body.approveFollowers !== "boolean")
      throw invalid("approveFollowers", "validation_invalid_value", "Must be true or false.");
    await saveApproveFollowers(this.db.kysely, actor, body.approveFollowers);
    return this.settings(actor);
  }

  private blockOf(body: Record<string, unknown>): { kind: BlockRow["kind"]; value: string } {
    const kind = body.kind;
    if (kind !== "actor" && kind !== "domain")
      throw invalid("kind", "validation_invalid_value", 'Must be "actor" or "domain".');
    if (kind === "actor") return { kind, value: remoteId(body.value, "value") };
    const raw = typeof body.value === "string" ? body.value.trim().toLowerCase() : "";
    const value = raw.replace(/^@/, "").replace(/^.*@/, "");
    if (!DOMAIN_RE.test(value))
      throw invalid("value", "validation_invalid_value", "Must be a domain, like example.social.");
    if (!value.includes(".") && !value.includes(":") && value !== "localhost")
      throw invalid("value", "validation_invalid_value", "Must be a domain, like example.social.");
    return { kind, value };
  }
}
