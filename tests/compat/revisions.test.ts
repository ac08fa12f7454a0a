/**
 * SDK compatibility of the revision history (ADR 041): writes made through the official SDK
 * (plain, and marked with `{ query: { revision } }`) are recorded, and the history is listed
 * with `pb.collection("revisions").getList(…)` under its rules: the author sees it, another
 * user sees nothing, only superusers write it.
 */
import { ClientResponseError, type RecordModel } from "pocketbase";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "#tests/helpers/test-app.ts";
import { startSdkFixture, type Account, type SdkFixture } from "./sdk-fixture.ts";

describe.each(DIALECTS)("SDK revisions (%s)", (dialect) => {
  let sdk: SdkFixture;
  let alice: Account;
  let bob: Account;
  let entry: RecordModel;

  const historyOf = (account: Account, id: string) =>
    account.pb.collection("revisions").getList(1, 50, {
      filter: account.pb.filter("record = {:id}", { id }),
      sort: "version",
      expand: "author",
    });

  beforeAll(async () => {
    sdk = await startSdkFixture(dialect);
    [alice, bob] = await Promise.all([
      sdk.account("alice", { role: "writer" }),
      sdk.account("bob"),
    ]);
    const entries = alice.pb.collection("entries");
    entry = await entries.create({ author: alice.record.id, title: "Day one" });
    await entries.update(entry.id, { content: "Typing" }, { query: { revision: "autosave" } });
    await entries.update(entry.id, { content: "Typing more" }, { query: { revision: "autosave" } });
    await entries.update(entry.id, { content: "Done", tags: ["done"] });
    await entries.update(entry.id, { content: "Typing" }, { query: { revision: "restore" } });
  });
  afterAll(() => sdk.close());

  it("lists a record's revisions to its author", async () => {
    const page = await historyOf(alice, entry.id);
    expect(page).toMatchObject({ page: 1, perPage: 50, totalItems: 4, totalPages: 1 });
    expect(page.items.map((r) => [r.version, r.kind, r.content])).toEqual([
      [1, "create", ""],
      [2, "autosave", "Typing more"],
      [3, "save", "Done"],
      [4, "restore", "Typing"],
    ]);
    const [first] = page.items;
    expect(first).toMatchObject({
      collectionName: "revisions",
      record: entry.id,
      recordCollection: "entries",
      author: alice.record.id,
      title: "Day one",
      expand: { author: { id: alice.record.id, username: "alice" } },
    });
    expect(page.items[2]?.data).toMatchObject({ name: "day-one", tags: ["done"] });
    expect(await alice.pb.collection("revisions").getOne(first?.id ?? "")).toMatchObject({
      version: 1,
    });
  });

  it("shows nothing to another user or a guest, and everything to a superuser", async () => {
    expect((await historyOf(bob, entry.id)).totalItems).toBe(0);
    const guest = await sdk.guest.collection("revisions").getList(1, 50);
    expect(guest.totalItems).toBe(0);
    expect((await historyOf(sdk.root, entry.id)).totalItems).toBe(4);
  });

  it("refuses writes by anyone but a superuser", async () => {
    const [first] = (await historyOf(alice, entry.id)).items;
    const id = first?.id ?? "";
    for (const attempt of [
      () => alice.pb.collection("revisions").update(id, { content: "forged" }),
      () => alice.pb.collection("revisions").delete(id),
      () =>
        alice.pb.collection("revisions").create({
          record: entry.id,
          recordCollection: "entries",
          author: alice.record.id,
          kind: "save",
        }),
    ]) {
      const error = await attempt().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ClientResponseError);
      expect((error as ClientResponseError).status).toBe(403);
    }
    await sdk.root.pb.collection("revisions").delete(id);
    expect((await historyOf(alice, entry.id)).totalItems).toBe(3);
  });

  it("deletes the history with the record", async () => {
    await alice.pb.collection("entries").delete(entry.id);
    expect((await historyOf(sdk.root, entry.id)).totalItems).toBe(0);
  });
});
