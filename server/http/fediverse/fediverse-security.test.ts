/**
 * The fediverse's security (ADR 071), against code that is not Cahier's: an inbox post
 * unsigned, or signed with a key its actor does not own, is refused with 401 (Fedify's
 * check, before any listener); an actor of a blocked domain is refused with 403; Cahier's
 * own deliveries carry a draft-cavage signature and digest that
 * `@misskey-dev/node-http-message-signatures` verifies against the actor's published key;
 * stored jobs never hold a private key; an ActivityPub request of a post's page gets the
 * `Article`, a browser the page, both varying on `Accept`.
 */
import { generateKeyPairSync } from "node:crypto";
import http from "node:http";
import {
  parseRequestSignature,
  signAsDraftToRequest,
  verifyDigestHeader,
  verifyDraftSignature,
} from "@misskey-dev/node-http-message-signatures";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "#tests/helpers/child-process.ts";
import {
  eventually,
  startFederatingApp,
  startPeer,
  type Peer,
} from "#tests/helpers/fediverse-peers.ts";
import { call } from "#tests/helpers/revision-kit.ts";
import { DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

/** An inbox that answers RFC 9421 with 401 (so the sender knocks again with draft-cavage). */
async function captureInbox(publicKeyPem: () => string) {
  const verified: boolean[] = [];
  const port = await freePort();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      void (async () => {
        const body = Buffer.concat(chunks);
        if (req.headers["signature-input"]) {
          res.writeHead(401).end();
          return;
        }
        const digest = await verifyDigestHeader(req, body, true);
        const parsed = parseRequestSignature(req);
        const ok =
          digest &&
          parsed.version === "draft" &&
          (await verifyDraftSignature(parsed.value, publicKeyPem()));
        verified.push(ok);
        res.writeHead(ok ? 202 : 401).end();
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    inbox: `http://127.0.0.1:${String(port)}/inbox`,
    verified,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}

describe.each(DIALECTS)("fediverse security (%s)", (dialect) => {
  let app: TestApp;
  let peer: Peer;
  let url = "";
  let token = "";
  let alice = "";
  let pem = "";
  let capture: Awaited<ReturnType<typeof captureInbox>>;

  beforeAll(async () => {
    ({ app, url } = await startFederatingApp(dialect));
    peer = await startPeer();
    const writer = await app.createUser({ username: "alice", role: "writer" });
    token = writer.token;
    alice = String(writer.record.id);
    capture = await captureInbox(() => pem);
  }, 120_000);

  afterAll(async () => {
    await capture.close();
    await peer.stop();
    await app.close();
  });

  const follow = (actor: string) =>
    JSON.stringify({
      "@context": "https://www.w3.org/ns/activitystreams",
      id: `${actor}#follow-${String(Date.now())}`,
      type: "Follow",
      actor,
      object: `${url}/ap/actors/${alice}`,
    });

  it("refuses an unsigned inbox post with 401", async () => {
    for (const path of [`/ap/actors/${alice}/inbox`, "/inbox"]) {
      const res = await fetch(`${url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/activity+json" },
        body: follow(`${peer.url}/users/reader`),
      });
      expect(res.status, path).toBe(401);
    }
  });

  it("refuses a post signed with a key the actor does not own with 401", async () => {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const body = follow(`${peer.url}/users/reader`);
    const target = new URL(`${url}/ap/actors/${alice}/inbox`);
    const request = {
      method: "POST",
      url: target.href,
      headers: {
        host: target.host,
        date: new Date().toUTCString(),
        "content-type": "application/activity+json",
      } as Record<string, string>,
      body,
    };
    const { createHash } = await import("node:crypto");
    request.headers.digest = `SHA-256=${createHash("sha256").update(body).digest("base64")}`;
    await signAsDraftToRequest(
      request,
      {
        keyId: `${peer.url}/users/reader#main-key`,
        privateKeyPem: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
      },
      ["(request-target)", "host", "date", "digest"],
    );
    const res = await fetch(target, { method: "POST", headers: request.headers, body });
    expect(res.status).toBe(401);
  });

  it("refuses the activities of a blocked domain with 403", async () => {
    const peerHost = new URL(peer.url).host;
    const blocked = await call(app, "POST", "/api/fediverse/blocks", token, {
      kind: "domain",
      value: peerHost,
    });
    expect(blocked.status).toBe(200);
    const res = await fetch(`${url}/ap/actors/${alice}/inbox`, {
      method: "POST",
      headers: { "content-type": "application/activity+json" },
      body: follow(`${peer.url}/users/reader`),
    });
    expect(res.status).toBe(403);
    const lifted = await app.http.inject({
      method: "DELETE",
      url: `/api/fediverse/blocks?kind=domain&value=${encodeURIComponent(peerHost)}`,
      headers: { authorization: token },
    });
    expect(lifted.statusCode).toBe(204);
  });

  it("signs deliveries so that another implementation verifies them, and stores no private key", async () => {
    const actor = await fetch(`${url}/ap/actors/${alice}`, {
      headers: { accept: "application/activity+json" },
    });
    pem = ((await actor.json()) as { publicKey: { publicKeyPem: string } }).publicKey.publicKeyPem;
    // A follower whose inbox is the capture (as a Follow from it would store it).
    await sql`INSERT INTO "_fediverse_followers" ("actor", "follower", "followId", "inbox", "status", "created")
      VALUES (${alice}, 'http://127.0.0.1:1/users/capture', 'http://127.0.0.1:1/users/capture#follow',
        ${capture.inbox}, 'accepted', '2026-01-01 00:00:00.000Z')`.execute(app.db.kysely);
    const post = await call(app, "POST", "/api/collections/posts/records", token, {
      author: alice,
      title: "Signed",
      content: "Checked elsewhere.",
      status: "published",
    });
    expect(post.status).toBe(200);
    await eventually(
      () => Promise.resolve(capture.verified.length ? true : undefined),
      "a delivery",
    );
    expect(capture.verified).toEqual([true]);
    const jobs = await sql<{
      payload: string;
    }>`SELECT "payload" FROM "_jobs" WHERE "kind" = 'fediverse.message'`.execute(app.db.kysely);
    expect(jobs.rows.length).toBeGreaterThan(0);
    for (const row of jobs.rows) expect(row.payload).not.toContain("privateKey");

    // Content negotiation of the post's page.
    const slug = String(post.json.slug);
    const asObject = await app.http.inject({
      url: `/post/alice/${slug}`,
      headers: { accept: "application/activity+json" },
    });
    expect(asObject.statusCode).toBe(200);
    expect(asObject.json()).toMatchObject({
      type: "Article",
      id: `${url}/ap/posts/${String(post.json.id)}`,
    });
    expect(String(asObject.headers.vary)).toContain("Accept");
    const asPage = await app.http.inject({
      url: `/post/alice/${slug}`,
      headers: { accept: "text/html" },
    });
    expect(asPage.statusCode).toBe(200);
    expect(asPage.body).toContain("<html");
    expect(String(asPage.headers.vary)).toContain("Accept");
    const profile = await app.http.inject({
      url: "/profile/alice",
      headers: { accept: 'application/ld+json; profile="https://www.w3.org/ns/activitystreams"' },
    });
    expect(profile.json()).toMatchObject({ type: "Person", preferredUsername: "alice" });
  }, 60_000);
});
