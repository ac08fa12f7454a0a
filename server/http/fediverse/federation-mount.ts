/**
 * Hands ActivityPub requests to Fedify (ADR 071): WebFinger, NodeInfo, the actors, their
 * inboxes, outboxes and followers, the shared inbox (`/inbox`) and the posts as objects; and,
 * in front of the web app, a post's or profile's page asked for with `Accept:
 * application/activity+json` (or JSON-LD with the ActivityStreams profile), answered with the
 * object instead of the page. Everything else falls through to the web app.
 *
 * Before Fedify sees an inbox `POST`: the body is kept as sent (the signature's digest covers
 * it), at most {@link MAX_INBOX_BYTES}; each remote server (the signing key's host) may post
 * {@link INBOX_POSTS_PER_MINUTE} a minute (429 past it); an actor or domain a local actor
 * blocked is refused with 403. Fedify then verifies the HTTP signature (401 without a valid
 * one) and that the key belongs to the activity's actor.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { forbidden, notFound, CoreError } from "../../core/errors.ts";
import type { FediverseHost } from "../../core/fediverse/fediverse-host.ts";
import type { InboxGuard } from "../../core/fediverse/inbox-guard.ts";
import { hostOfAddress } from "../../core/fediverse/addresses.ts";
import type { LocalActors } from "../../core/fediverse/local-actors.ts";
import {
  isFederationPath,
  POST_PAGE_RE,
  PROFILE_PAGE_RE,
  wantsActivityJson,
} from "../../core/fediverse/paths.ts";
import type { RateLimiter } from "../../core/rate-limit/index.ts";

/** The largest inbox body read. */
export const MAX_INBOX_BYTES = 1024 * 1024;
/** Inbox posts a remote server may make in a minute. */
export const INBOX_POSTS_PER_MINUTE = 300;

/** What the mount needs. */
export interface FederationMountOptions {
  host: FediverseHost;
  actors: LocalActors;
  guard: InboxGuard;
  limiter: RateLimiter;
  /** `APP_URL`: the origin Fedify's addresses use. */
  origin: string;
}

/** A Fastify request as a Web request to `url`. */
function webRequest(request: FastifyRequest, url: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const body = request.body;
  const withBody = request.method !== "GET" && request.method !== "HEAD" && Buffer.isBuffer(body);
  return new Request(url, {
    method: request.method,
    headers,
    ...(withBody ? { body: new Uint8Array(body) } : {}),
  });
}

/** Sends a Web response through Fastify. */
async function send(reply: FastifyReply, response: Response, head: boolean): Promise<FastifyReply> {
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== "content-length" && name !== "content-encoding") reply.header(name, value);
  });
  const body = head ? "" : Buffer.from(await response.arrayBuffer());
  return reply.send(body);
}

/** The host of the key an inbox post is signed with (draft-cavage or RFC 9421), or "". */
function signerHost(request: FastifyRequest): string {
  const headers = [request.headers.signature, request.headers["signature-input"]]
    .map((value) => (Array.isArray(value) ? value.join(",") : (value ?? "")))
    .join(" ");
  const match = /keyid="([^"]+)"/i.exec(headers);
  return match?.[1] ? hostOfAddress(match[1]) : "";
}

/** The actor of an activity's JSON and the local actors it names. */
function activityParties(body: unknown, origin: string): { actor: string; locals: string[] } {
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(Buffer.isBuffer(body) ? body.toString("utf8") : "{}") as Record<
      string,
      unknown
    >;
  } catch {
    json = {};
  }
  const idOf = (value: unknown): string =>
    typeof value === "string"
      ? value
      : typeof value === "object" &&
          value !== null &&
          typeof (value as { id?: unknown }).id === "string"
        ? (value as { id: string }).id
        : "";
  const prefix = `${origin}/ap/actors/`;
  const named = [json.object, json.to, json.cc]
    .flatMap((value): unknown[] => (Array.isArray(value) ? (value as unknown[]) : [value]))
    .map(idOf)
    .filter((id) => id.startsWith(prefix))
    .map((id) => id.slice(prefix.length).split(/[/#?]/)[0] ?? "")
    .filter(Boolean);
  return { actor: idOf(json.actor), locals: [...new Set(named)] };
}

/** Registers the federation's routes and the pages' negotiation. */
export function registerFederationMount(
  app: FastifyInstance,
  options: FederationMountOptions,
): void {
  const { host, actors, guard, limiter, origin } = options;
  const notFoundJson = () =>
    Response.json(
      { status: 404, message: "The requested resource wasn't found.", data: {} },
      { status: 404 },
    );

  const handle = async (request: FastifyRequest, reply: FastifyReply, path: string) => {
    const head = request.method === "HEAD";
    const response = await host.fetch(webRequest(request, `${origin}${path}`), notFoundJson);
    reply.header("vary", "Accept");
    return send(reply, response, head);
  };

  const guardInbox = async (request: FastifyRequest) => {
    const signer = signerHost(request);
    const allowed = await limiter.checkKey(
      `fediverse-inbox:${signer || request.ip}`,
      60,
      INBOX_POSTS_PER_MINUTE,
    );
    if (!allowed) throw new CoreError(429, "Too many requests.", {});
    const { actor, locals } = activityParties(request.body, origin);
    const remoteHost = hostOfAddress(actor) || signer;
    const match = /^\/ap\/actors\/([^/]+)\/inbox$/.exec(request.url.split("?")[0] ?? "");
    const addressed = match?.[1] ? [decodeURIComponent(match[1]), ...locals] : locals;
    if (await guard.refused(addressed, actor, remoteHost))
      throw forbidden("This server does not accept your activities.");
  };

  void app.register((scope, _options, ready) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      "*",
      { parseAs: "buffer", bodyLimit: MAX_INBOX_BYTES },
      (_request, body, done) => {
        done(null, body);
      },
    );
    const routes = ["/.well-known/webfinger", "/.well-known/nodeinfo", "/nodeinfo/2.1", "/ap/*"];
    for (const url of routes) {
      scope.route({
        method: ["GET", "HEAD"],
        url,
        handler: (request, reply) => handle(request, reply, request.url),
      });
    }
    for (const url of ["/ap/actors/:identifier/inbox", "/inbox"]) {
      scope.post(url, async (request, reply) => {
        await guardInbox(request);
        return handle(request, reply, request.url);
      });
    }
    ready();
  });

  // A post's or profile's page asked for as ActivityPub: the object, not the page.
  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET" && request.method !== "HEAD") return;
    if (!wantsActivityJson(request.headers.accept)) return;
    const path = request.url.split("?")[0] ?? "";
    if (isFederationPath(path)) return;
    let target: string | null = null;
    const post = POST_PAGE_RE.exec(path);
    const profile = PROFILE_PAGE_RE.exec(path);
    try {
      if (post?.[1] && post[2]) {
        const id = await actors.livePostAt(
          decodeURIComponent(post[1]),
          decodeURIComponent(post[2]),
        );
        if (id) target = `/ap/posts/${id}`;
      } else if (profile?.[1]) {
        const actor = await actors.byUsername(decodeURIComponent(profile[1]));
        if (actor?.kind === "person") target = `/ap/actors/${actor.identifier}`;
      }
    } catch {
      target = null;
    }
    if (!target) {
      if (post || profile) throw notFound();
      return;
    }
    return handle(request, reply, target);
  });
}
