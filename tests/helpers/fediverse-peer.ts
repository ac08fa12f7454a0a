/**
 * A fediverse server that is not Cahier's code, run as its own process by tests (ADR 071):
 * Fedify with private addresses allowed, two actors (`reader`, `other`) with their own keys, an in-memory
 * store, and a few control routes the test drives it with. It records every activity its
 * inboxes accept (after Fedify verified their signatures), and every inbox `POST` as sent
 * (headers and body), so a test can check signatures with yet another implementation.
 *
 * Run: `node tests/helpers/fediverse-peer.ts <port>`; it prints `listening <port>` when ready.
 * - `POST /_control/follow` `{target}`: looks the actor up and sends it a `Follow`;
 * - `POST /_control/undo` `{target}`: sends an `Undo` of the last `Follow` of it;
 * - `POST /_control/reply` `{target, inReplyTo, content, as?}`: sends the actor `target` a
 *   `Create` of a `Note` answering `inReplyTo` (from `reader`, or `as`); answers its `{id}`;
 * - `POST /_control/update-note` `{target, note, content, as?}` and `/_control/delete-note`
 *   `{target, note, as?}`: an `Update` of that `Note` (its `attributedTo` is `reader`) or a
 *   `Delete` of it, signed by `as` (default `reader`);
 * - `POST /_control/like` and `/_control/announce` `{target, object}`: a `Like` or `Announce`
 *   of `object`; `/_control/undo-reaction` `{target, kind}` undoes the last one of `kind`;
 * - `GET /_control/received`: the activities received, `[{type, id, actor, object}]`;
 * - `GET /_control/raw`: the inbox posts as sent, `[{url, headers, body}]`.
 */
import http from "node:http";
import { randomUUID } from "node:crypto";
import { createFederation, generateCryptoKeyPair, MemoryKvStore } from "@fedify/fedify";
import {
  Activity,
  Announce,
  Create,
  Delete,
  Endpoints,
  Follow,
  Like,
  Note,
  Person,
  Tombstone,
  Undo,
  Update,
  PUBLIC_COLLECTION,
  isActor,
  type Actor,
} from "@fedify/vocab";

const port = Number(process.argv[2] ?? "0");
const origin = `http://127.0.0.1:${String(port)}`;
const ACTORS = ["reader", "other"];
const keys = new Map<string, Awaited<ReturnType<typeof generateCryptoKeyPair>>[]>();
for (const name of ACTORS)
  keys.set(name, [
    await generateCryptoKeyPair("RSASSA-PKCS1-v1_5"),
    await generateCryptoKeyPair("Ed25519"),
  ]);
const received: { type: string; id: string; actor: string; object: unknown }[] = [];
const raw: { url: string; headers: Record<string, string>; body: string }[] = [];
const follows = new Map<string, Follow>();
const reactions = new Map<string, Like | Announce>();
const notes = new Map<string, Note>();

const federation = createFederation<undefined>({
  kv: new MemoryKvStore(),
  origin,
  allowPrivateAddress: true,
});
federation
  .setActorDispatcher("/users/{identifier}", async (ctx, identifier) => {
    if (!ACTORS.includes(identifier)) return null;
    const pairs = await ctx.getActorKeyPairs(identifier);
    return new Person({
      id: ctx.getActorUri(identifier),
      preferredUsername: identifier,
      name: identifier === "reader" ? "A reader elsewhere" : "Someone else",
      url: new URL(`/@${identifier}`, origin),
      inbox: ctx.getInboxUri(identifier),
      endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
      publicKey: pairs[0]?.cryptographicKey ?? null,
      assertionMethods: pairs.map((pair) => pair.multikey),
    });
  })
  .setKeyPairsDispatcher((_ctx, identifier) => keys.get(identifier) ?? []);
federation
  .setInboxListeners("/users/{identifier}/inbox", "/inbox")
  .on(Activity, async (ctx, activity) => {
    const json = (await activity.toJsonLd({ format: "compact" })) as Record<string, unknown>;
    received.push({
      type: String(json.type),
      id: activity.id?.href ?? "",
      actor: activity.actorId?.href ?? "",
      object: json.object,
    });
  });

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function json(res: http.ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(value));
}

async function control(path: string, body: Record<string, string>): Promise<unknown> {
  const ctx = federation.createContext(new URL(origin), undefined);
  const me = ctx.getActorUri("reader");
  if (path === "/_control/received") return received;
  if (path === "/_control/raw") return raw;
  const target = await ctx.lookupObject(String(body.target));
  if (!isActor(target) || !target.id) throw new Error(`no actor at ${String(body.target)}`);
  const actor: Actor = target;
  if (path === "/_control/follow") {
    const follow = new Follow({
      id: new URL(`#follows/${randomUUID()}`, me),
      actor: me,
      object: actor.id,
    });
    follows.set(actor.id?.href ?? "", follow);
    await ctx.sendActivity({ identifier: "reader" }, actor, follow);
    return { id: follow.id?.href };
  }
  const as = typeof body.as === "string" && ACTORS.includes(body.as) ? body.as : "reader";
  const sender = ctx.getActorUri(as);
  const send = (activity: Activity) => ctx.sendActivity({ identifier: as }, actor, activity);
  if (path === "/_control/reply") {
    const note = new Note({
      id: new URL(`/notes/${randomUUID()}`, origin),
      attribution: sender,
      replyTarget: new URL(String(body.inReplyTo)),
      content: String(body.content),
      to: PUBLIC_COLLECTION,
      cc: actor.id,
    });
    notes.set(note.id?.href ?? "", note);
    await send(
      new Create({ id: new URL("#create", note.id ?? origin), actor: sender, object: note }),
    );
    return { id: note.id?.href };
  }
  if (path === "/_control/update-note" || path === "/_control/delete-note") {
    const note = notes.get(String(body.note));
    if (!note?.id) throw new Error("no such note");
    const stamp = randomUUID();
    if (path === "/_control/delete-note") {
      await send(
        new Delete({
          id: new URL(`#delete/${stamp}`, note.id),
          actor: sender,
          object: new Tombstone({ id: note.id }),
        }),
      );
      return { ok: true };
    }
    const edited = note.clone({ content: String(body.content) });
    await send(
      new Update({ id: new URL(`#update/${stamp}`, note.id), actor: sender, object: edited }),
    );
    return { ok: true };
  }
  if (path === "/_control/like" || path === "/_control/announce") {
    const values = {
      id: new URL(`#reactions/${randomUUID()}`, sender),
      actor: sender,
      object: new URL(String(body.object)),
    };
    const reaction = path === "/_control/like" ? new Like(values) : new Announce(values);
    reactions.set(path, reaction);
    await send(reaction);
    return { id: reaction.id?.href };
  }
  if (path === "/_control/undo-reaction") {
    const reaction = reactions.get(`/_control/${String(body.kind)}`);
    if (!reaction) throw new Error("no such reaction");
    await send(
      new Undo({ id: new URL(`#undo/${randomUUID()}`, sender), actor: sender, object: reaction }),
    );
    return { ok: true };
  }
  if (path === "/_control/undo") {
    const follow = follows.get(actor.id?.href ?? "");
    if (!follow) throw new Error("not following");
    await ctx.sendActivity(
      { identifier: "reader" },
      actor,
      new Undo({ id: new URL(`#undo/${randomUUID()}`, me), actor: me, object: follow }),
    );
    return { ok: true };
  }
  throw new Error(`unknown control ${path}`);
}

const server = http.createServer((req, res) => {
  void (async () => {
    const url = req.url ?? "/";
    const body = await readBody(req);
    if (url.startsWith("/_control/")) {
      try {
        const input = body.length
          ? (JSON.parse(body.toString("utf8")) as Record<string, string>)
          : {};
        json(res, 200, await control(url, input));
      } catch (error) {
        json(res, 500, { error: String(error) });
      }
      return;
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === "string") headers.set(name, value);
      else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    }
    if (req.method === "POST")
      raw.push({ url, headers: Object.fromEntries(headers), body: body.toString("utf8") });
    const request = new Request(`${origin}${url}`, {
      method: req.method ?? "GET",
      headers,
      ...(req.method === "GET" || req.method === "HEAD" ? {} : { body: new Uint8Array(body) }),
    });
    const response = await federation.fetch(request, { contextData: undefined });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  })();
});
server.listen(port, "127.0.0.1", () => {
  process.stdout.write(`listening ${String(port)}\n`);
});
