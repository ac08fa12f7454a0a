/**
 * SDK compatibility of `POST /api/batch`: `pb.createBatch()` with create, update, upsert and
 * delete (JSON and with files, which the SDK sends as multipart), and the `ClientResponseError`
 * of a failed, rolled-back batch.
 */
import { ClientResponseError } from "pocketbase";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "#tests/helpers/test-app.ts";
import { startSdkFixture, titles, type Account, type SdkFixture } from "./sdk-fixture.ts";

describe.each(DIALECTS)("SDK batch (%s)", (dialect) => {
  let sdk: SdkFixture;
  let alice: Account;
  let bob: Account;

  beforeAll(async () => {
    sdk = await startSdkFixture(dialect);
    [alice, bob] = await Promise.all([sdk.account("alice"), sdk.account("bob")]);
  });
  afterAll(() => sdk.close());

  const mine = async (account: Account) =>
    titles(
      await account.pb
        .collection("entries")
        .getFullList({ filter: account.pb.filter("author = {:id}", { id: account.record.id }) }),
    );

  it("sends creates, updates, upserts and deletes as one transaction", async () => {
    const entries = alice.pb.collection("entries");
    const first = await entries.create({ author: alice.record.id, title: "First" });
    const gone = await entries.create({ author: alice.record.id, title: "Gone" });

    const batch = alice.pb.createBatch();
    batch.collection("entries").create({ author: alice.record.id, title: "Created" });
    batch.collection("entries").update(first.id, { title: "First, edited" });
    batch.collection("entries").upsert({ id: first.id, "tags+": ["upserted"] });
    batch.collection("entries").upsert({ author: alice.record.id, title: "Upserted new" });
    batch.collection("entries").delete(gone.id);
    batch.collection("entries").create(
      {
        author: alice.record.id,
        title: "With a file",
        attachments: [new File(["batch file"], "note.txt", { type: "text/plain" })],
      },
      { fields: "title,attachments" },
    );
    const results = await batch.send();

    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 204, 200]);
    expect(results[2]?.body.tags).toEqual(["upserted"]);
    expect(Object.keys(results[5]?.body as object).sort()).toEqual(["attachments", "title"]);
    expect(results[5]?.body.attachments).toHaveLength(1);
    expect(await mine(alice)).toEqual(["Created", "First, edited", "Upserted new", "With a file"]);
  });

  it("rolls back and reports the failing request", async () => {
    const before = await mine(alice);
    const other = await bob.pb
      .collection("entries")
      .create({ author: bob.record.id, title: "Bob" });
    const batch = alice.pb.createBatch();
    batch.collection("entries").create({ author: alice.record.id, title: "Never" });
    batch.collection("entries").delete(other.id);
    const failure = await batch.send().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ClientResponseError);
    const error = failure as ClientResponseError;
    expect(error.status).toBe(400);
    expect(error.response).toMatchObject({
      message: "Batch transaction failed.",
      data: { requests: { "1": { code: "batch_request_failed", response: { status: 404 } } } },
    });
    expect(await mine(alice)).toEqual(before);
    expect(await mine(bob)).toEqual(["Bob"]);
  });
});
