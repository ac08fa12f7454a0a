/**
 * The federation (ADR 071), loaded on first need (a request for an ActivityPub address, a
 * message of the queue, a follower to answer or a post to send): Fedify with its store and
 * queue on Cahier's database and job queue, the local actors (writers as `Person`, the blog as
 * `Service`), their keys (RSA for draft-cavage signatures, Ed25519 for RFC 9421 and object
 * proofs, made on first need and kept in `_fediverse_actors`), WebFinger, NodeInfo, the
 * outbox, the followers collection (its count; who follows is not published) and the posts as
 * `Article` objects. Inbox listeners are in `inbox-listeners.ts`, articles in `articles.ts`.
 */
import type { webcrypto } from "node:crypto";
import {
  createFederation,
  exportJwk,
  FetchError,
  SendActivityError,
  generateCryptoKeyPair,
  getAuthenticatedDocumentLoader,
  importJwk,
  type Context,
  type Federation,
} from "@fedify/fedify";
import { Article, Create, Endpoints, Image, Person, Service, type Recipient } from "@fedify/vocab";
import type { Database } from "../../data/db.ts";
import {
  clearInboxFailure,
  countFollowers,
  deleteFollowersOfInbox,
  noteInboxFailure,
  findActorRow,
  listFollowers,
  saveActorKeys,
  type FollowerRow,
} from "../../data/repositories/fediverse-repository.ts";
import { articleOf, type ArticleSite } from "./articles.ts";
import { cachedDocumentLoader, FETCH_TIMEOUT_MS } from "./document-loader.ts";
import { answerFollow, registerInboxListeners, type InboxDeps } from "./inbox-listeners.ts";
import type { JobMessageQueue } from "./job-message-queue.ts";
import type { DatabaseKvStore } from "./kv-store.ts";
import type { LocalActor, LocalActors } from "./local-actors.ts";
import type { PublishPayload } from "./publisher.ts";
import { sendPost } from "./send-posts.ts";
import {
  ACTOR_PATH,
  FOLLOWERS_PATH,
  INBOX_PATH,
  OUTBOX_PATH,
  POST_OBJECT_PATH,
  SHARED_INBOX_PATH,
} from "./paths.ts";

/** How long an inbox may fail before its followers are dropped. */
export const INBOX_DROP_AFTER_MS = 3 * 24 * 60 * 60_000;

/** What the federation is made from. */
export interface FederationDeps extends Omit<InboxDeps, "actors"> {
  db: Database;
  actors: LocalActors;
  kv: DatabaseKvStore;
  queue: JobMessageQueue;
  /** `APP_URL`: ids and handles use it as it is. */
  origin: string;
  /** `FEDERATION_ALLOW_PRIVATE`. */
  allowPrivate: boolean;
  /** Cahier's version (NodeInfo, the user agent). */
  version: string;
  /** Posts shown in an outbox. */
  outboxSize?: number;
}

type KeyPair = webcrypto.CryptoKeyPair;
type Jwk = webcrypto.JsonWebKey;

/** One stored key pair. */
interface StoredKey {
  kind: "rsa" | "ed25519";
  privateKey: Jwk;
  publicKey: Jwk;
}

/** Fedify's key helpers, typed with Node's Web Crypto types (Fedify's name the DOM's). */
const makePair = generateCryptoKeyPair as (
  algorithm: "RSASSA-PKCS1-v1_5" | "Ed25519",
) => Promise<KeyPair>;
const toJwk = exportJwk as (key: webcrypto.CryptoKey) => Promise<Jwk>;
const fromJwk = importJwk as (jwk: Jwk, type: "private" | "public") => Promise<webcrypto.CryptoKey>;

/** A key pair as stored. */
async function storedKey(kind: StoredKey["kind"], pair: KeyPair): Promise<StoredKey> {
  return { kind, privateKey: await toJwk(pair.privateKey), publicKey: await toJwk(pair.publicKey) };
}

/** A local actor's key pairs: read, or made and stored once (the first writer wins). */
async function actorKeys(db: Database, identifier: string): Promise<KeyPair[]> {
  let row = await findActorRow(db.kysely, identifier);
  if (!row?.keys) {
    const stored = [
      await storedKey("rsa", await makePair("RSASSA-PKCS1-v1_5")),
      await storedKey("ed25519", await makePair("Ed25519")),
    ];
    await saveActorKeys(db.kysely, identifier, JSON.stringify(stored));
    row = await findActorRow(db.kysely, identifier);
  }
  const stored = JSON.parse(row?.keys ?? "[]") as StoredKey[];
  return Promise.all(
    stored.map(async (key) => ({
      privateKey: await fromJwk(key.privateKey, "private"),
      publicKey: await fromJwk(key.publicKey, "public"),
    })),
  );
}

/** The loaded federation and what the rest of the feature asks of it. */
export interface LoadedFederation {
  federation: Federation<undefined>;
  /** A context outside any request (sending). */
  context(): Context<undefined>;
  /** Sends a signed `Accept` or `Reject` of a stored follow. */
  answer(row: FollowerRow, answer: "accept" | "reject"): Promise<void>;
  /** Sends a post's `Create`, `Update` or `Delete`. */
  publish(payload: PublishPayload): Promise<void>;
  /** A queued message with the private keys its stored copy left out. */
  restoreKeys(message: unknown): Promise<unknown>;
}

/** Fills in the private keys of a message's `keys` from the local actors' stored keys. */
async function restoreKeys(ctx: Context<undefined>, message: unknown): Promise<unknown> {
  if (typeof message !== "object" || message === null) return message;
  const { keys } = message as { keys?: unknown };
  if (!Array.isArray(keys)) return message;
  const full: { keyId: string; privateKey: Jwk }[] = [];
  for (const key of keys as { keyId?: unknown; privateKey?: Jwk }[]) {
    if (typeof key.keyId !== "string" || !URL.canParse(key.keyId)) continue;
    if (key.privateKey) {
      full.push({ keyId: key.keyId, privateKey: key.privateKey });
      continue;
    }
    const owner = new URL(key.keyId);
    owner.hash = "";
    const parsed = ctx.parseUri(owner);
    if (parsed?.type !== "actor") continue;
    const pairs = await ctx.getActorKeyPairs(parsed.identifier);
    const pair = pairs.find((candidate) => candidate.keyId.href === key.keyId);
    if (pair)
      full.push({
        keyId: key.keyId,
        privateKey: await toJwk((pair as unknown as KeyPair).privateKey),
      });
  }
  return { ...message, keys: full };
}

/** Builds the federation: options, dispatchers, listeners. */
export function buildFederation(deps: FederationDeps): LoadedFederation {
  const { db, actors, origin } = deps;
  const userAgent = `Cahier/${deps.version} (+${origin}/)`;
  const federation = createFederation<undefined>({
    kv: deps.kv,
    queue: deps.queue,
    origin,
    manuallyStartQueue: true,
    ...(deps.allowPrivate
      ? { allowPrivateAddress: true, userAgent }
      : {
          documentLoaderFactory: () => cachedDocumentLoader(deps.kv, userAgent),
          contextLoaderFactory: () => cachedDocumentLoader(deps.kv, userAgent),
          authenticatedDocumentLoaderFactory: (identity) => {
            const inner = getAuthenticatedDocumentLoader(identity, { userAgent });
            return (url, options) => {
              const timeout = AbortSignal.timeout(FETCH_TIMEOUT_MS);
              const signal = options?.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
              return inner(url, { signal });
            };
          },
        }),
    // An inbox answering 404 or 410 is gone for good: its followers are dropped.
    permanentFailureStatusCodes: [404, 410],
    // An inbox failing for days is dropped too.
    onOutboxError: async (error) => {
      const inbox =
        error instanceof SendActivityError
          ? error.inbox.href
          : error instanceof FetchError
            ? String(error.url)
            : "";
      if (!inbox) return;
      const since = Date.parse((await noteInboxFailure(db.kysely, inbox)).replace(" ", "T"));
      if (Date.now() - since < INBOX_DROP_AFTER_MS) return;
      await deleteFollowersOfInbox(db.kysely, inbox);
      await clearInboxFailure(db.kysely, inbox);
    },
  });
  federation.setOutboxPermanentFailureHandler(async (_ctx, { inbox }) => {
    await deleteFollowersOfInbox(db.kysely, inbox.href);
    await clearInboxFailure(db.kysely, inbox.href);
  });

  const actorObject = async (ctx: Context<undefined>, actor: LocalActor) => {
    const keys = await ctx.getActorKeyPairs(actor.identifier);
    const row = await findActorRow(db.kysely, actor.identifier);
    const values = {
      id: ctx.getActorUri(actor.identifier),
      preferredUsername: actor.username,
      name: actor.name,
      summary: actor.summary || null,
      url: new URL(actor.profilePath, origin),
      icon: actor.avatarPath ? new Image({ url: new URL(actor.avatarPath, origin) }) : null,
      inbox: ctx.getInboxUri(actor.identifier),
      outbox: ctx.getOutboxUri(actor.identifier),
      followers: ctx.getFollowersUri(actor.identifier),
      endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
      publicKey: keys[0]?.cryptographicKey ?? null,
      assertionMethods: keys.map((key) => key.multikey),
      manuallyApprovesFollowers: row?.approveFollowers ?? false,
      discoverable: true,
      indexable: true,
    };
    return actor.kind === "blog" ? new Service(values) : new Person(values);
  };

  federation
    .setActorDispatcher(ACTOR_PATH, async (ctx, identifier) => {
      const actor = await actors.byIdentifier(identifier);
      return actor ? actorObject(ctx, actor) : null;
    })
    .setKeyPairsDispatcher(async (_ctx, identifier) => {
      // Node's Web Crypto key pairs are the ones Fedify's DOM-typed signature names.
      const pairs = (await actors.byIdentifier(identifier)) ? await actorKeys(db, identifier) : [];
      return pairs as never;
    })
    .mapHandle(async (_ctx, username) => (await actors.byUsername(username))?.identifier ?? null);

  const site: ArticleSite = { origin };
  federation.setObjectDispatcher(Article, POST_OBJECT_PATH, async (ctx, values) => {
    const found = await actors.livePost(values.id);
    return found ? articleOf(ctx, site, found.post, found.author) : null;
  });

  federation
    .setOutboxDispatcher(OUTBOX_PATH, async (ctx, identifier) => {
      const actor = await actors.byIdentifier(identifier);
      if (!actor) return null;
      const { items } = await actors.livePosts(actor, deps.outboxSize ?? 20);
      const activities = [];
      for (const post of items) {
        const author =
          actor.kind === "person" ? actor : await actors.byIdentifier(String(post.author));
        if (!author) continue;
        const article = articleOf(ctx, site, post, author);
        activities.push(
          new Create({
            id: new URL(`#create`, article.id ?? origin),
            actor: ctx.getActorUri(author.identifier),
            object: article,
            published: article.published,
            tos: article.toIds,
            ccs: article.ccIds,
          }),
        );
      }
      return { items: activities };
    })
    .setCounter(async (_ctx, identifier) => {
      const actor = await actors.byIdentifier(identifier);
      return actor ? (await actors.livePosts(actor, 1)).total : null;
    });

  federation
    .setFollowersDispatcher(FOLLOWERS_PATH, async (ctx, identifier) => {
      if (!(await actors.byIdentifier(identifier))) return null;
      // Over HTTP only the count: who follows a writer is theirs to know.
      if ("request" in ctx) return { items: [] };
      const rows = await listFollowers(db.kysely, identifier, {
        status: "accepted",
        limit: 1_000_000,
        offset: 0,
      });
      const items: Recipient[] = rows.map((row) => ({
        id: new URL(row.follower),
        inboxId: new URL(row.inbox),
        endpoints: row.sharedInbox ? { sharedInbox: new URL(row.sharedInbox) } : null,
      }));
      return { items };
    })
    .setCounter(async (_ctx, identifier) => (await countFollowers(db.kysely, identifier)).accepted);

  federation.setNodeInfoDispatcher("/nodeinfo/2.1", async () => {
    const usage = await actors.usage();
    return {
      software: { name: "cahier", version: deps.version },
      protocols: ["activitypub"],
      openRegistrations: false,
      usage: { users: { total: usage.writers }, localPosts: usage.posts, localComments: 0 },
    };
  });

  registerInboxListeners(federation, { ...deps, actors }, INBOX_PATH, SHARED_INBOX_PATH);

  const context = () => federation.createContext(new URL(origin), undefined);
  return {
    federation,
    context,
    answer: (row, answer) => answerFollow(context(), row, answer),
    restoreKeys: (message) => restoreKeys(context(), message),
    publish: (payload) => sendPost(context(), { db, kv: deps.kv, actors, site }, payload),
  };
}
