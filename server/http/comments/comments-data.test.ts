/**
 * Comments in an account's export and import (ADR 065): the export holds, per record,
 * `comments/<record id>.json` with the approved comments on the account's records and the
 * account's own comments, never a held comment of someone else nor a guest's address; the
 * import reads them back under the records it makes, only under the importer's own records
 * and never in another account's name.
 */
import { zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportArchive, importArchive } from "#tests/helpers/data-kit.ts";
import { call } from "#tests/helpers/revision-kit.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

const COMMENTS = "/api/collections/comments/records";
const decode = (bytes: Uint8Array | undefined) =>
  JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>[];

describe.each(DIALECTS)("comments in export and import (%s)", (dialect) => {
  let app: TestApp;
  let alice: { token: string; id: string };
  let bob: { token: string; id: string };
  let post = "";
  let bobsPost = "";

  beforeAll(async () => {
    app = await createTestApp(dialect);
    const a = await app.createUser({ username: "alice", role: "writer" });
    const b = await app.createUser({ username: "bob", role: "writer" });
    alice = { token: a.token, id: String(a.record.id) };
    bob = { token: b.token, id: String(b.record.id) };
    const made = async (token: string, author: string, title: string) =>
      String(
        (
          await call(app, "POST", "/api/collections/posts/records", token, {
            author,
            title,
            status: "published",
          })
        ).json.id,
      );
    post = await made(alice.token, alice.id, "Alice's post");
    bobsPost = await made(bob.token, bob.id, "Bob's post");
    const seed = (values: object) =>
      app.seedRecord("comments", { recordCollection: "posts", ...values });
    await seed({ record: post, status: "approved", author: bob.id, content: "BOB-APPROVED" });
    await seed({ record: post, status: "pending", author: bob.id, content: "BOB-HELD" });
    await seed({
      record: post,
      status: "approved",
      authorName: "Gus",
      email: "gus@example.com",
      content: "GUEST-APPROVED",
    });
    await seed({ record: post, status: "approved", author: alice.id, content: "ALICE-OWN" });
    await seed({
      record: bobsPost,
      status: "approved",
      author: alice.id,
      content: "ALICE-ELSEWHERE",
    });
    await seed({ record: bobsPost, status: "approved", author: bob.id, content: "NOT-ALICES" });
  });
  afterAll(async () => {
    await app.close();
  });

  it("exports the approved comments on one's records and one's own, without addresses", async () => {
    const result = await exportArchive(app, alice.token);
    expect(result.status).toBe(200);
    const onPost = decode(result.files[`comments/${post}.json`]);
    expect(onPost.map((c) => c.content)).toEqual(["BOB-APPROVED", "GUEST-APPROVED", "ALICE-OWN"]);
    expect(JSON.stringify(onPost)).not.toContain("gus@example.com");
    expect(onPost.every((c) => !("email" in c))).toBe(true);
    const elsewhere = decode(result.files[`comments/${bobsPost}.json`]);
    expect(elsewhere.map((c) => c.content)).toEqual(["ALICE-ELSEWHERE"]);
    const all = Object.entries(result.files)
      .filter(([name]) => name.startsWith("comments/"))
      .map(([, bytes]) => new TextDecoder().decode(bytes))
      .join("");
    expect(all).not.toContain("BOB-HELD");
    expect(all).not.toContain("NOT-ALICES");
  });

  it("imports them under the records the import makes, in nobody else's name", async () => {
    const archive = await exportArchive(app, alice.token);
    const carol = await app.createUser({ username: "carol", role: "writer" });
    const forged = {
      ...archive.files,
      // A forged comment on Bob's post, and one claiming to be Bob's: neither is written.
      [`comments/${bobsPost}.json`]: new TextEncoder().encode(
        JSON.stringify([
          {
            id: "forgedcomment01",
            record: bobsPost,
            recordCollection: "posts",
            author: bob.id,
            content: "FORGED",
            status: "approved",
          },
        ]),
      ),
    };
    const res = await importArchive(app, carol.token, { format: "cahier", file: zipSync(forged) });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const mine = await call(
      app,
      "GET",
      `${COMMENTS}?perPage=100&sort=created&filter=${encodeURIComponent(`recordAuthor = "${String(carol.record.id)}"`)}`,
      carol.token,
    );
    const items = mine.json.items as Record<string, unknown>[];
    expect(items.map((c) => c.content).sort()).toEqual([
      "ALICE-OWN",
      "BOB-APPROVED",
      "GUEST-APPROVED",
    ]);
    expect(items.every((c) => c.record !== post && c.status === "approved")).toBe(true);
    // Alice's own comment became Carol's; Bob's and the guest's keep their names alone.
    const byContent = new Map(items.map((c) => [c.content, c]));
    expect(byContent.get("ALICE-OWN")?.author).toBe(String(carol.record.id));
    expect(byContent.get("BOB-APPROVED")?.author).toBe("");
    const root = await app.createSuperuser();
    expect((await call(app, "GET", `${COMMENTS}/forgedcomment01`, root.token)).status).toBe(404);
  });
});
