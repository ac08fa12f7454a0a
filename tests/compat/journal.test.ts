/**
 * SDK compatibility: the rules of `entries` and `collections` (design §5, registry):
 * private / unlisted / public visibility, only the author writes, and entries only join
 * collections of their own author.
 */
import type { RecordModel } from "pocketbase";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "#tests/helpers/test-app.ts";
import {
  CREATE_DENIED,
  NOT_FOUND,
  startSdkFixture,
  titles,
  type Account,
  type SdkFixture,
} from "./sdk-fixture.ts";

describe.each(DIALECTS)("SDK entries and collections rules (%s)", (dialect) => {
  let sdk: SdkFixture;
  let alice: Account;
  let bob: Account;
  let admin: Account;
  /** Alice's collections by visibility, and Bob's public one. */
  const notebooks: Record<"public" | "unlisted" | "private" | "bobs", RecordModel> = {} as never;
  /** Alice's entries by visibility. */
  const entries: Record<"public" | "unlisted" | "private", RecordModel> = {} as never;

  beforeAll(async () => {
    sdk = await startSdkFixture(dialect);
    [alice, bob, admin] = await Promise.all([
      sdk.account("alice"),
      sdk.account("bob"),
      sdk.account("admin", { role: "admin" }),
    ]);

    for (const visibility of ["public", "unlisted", "private"] as const) {
      notebooks[visibility] = await alice.pb.collection("collections").create({
        owner: alice.record.id,
        title: `Alice ${visibility} notebook`,
        visibility,
      });
      entries[visibility] = await alice.pb.collection("entries").create({
        author: alice.record.id,
        title: `Alice ${visibility} entry`,
        content: "Dear diary",
        visibility,
        collection: notebooks[visibility].id,
        tags: ["life"],
      });
    }
    notebooks.bobs = await bob.pb
      .collection("collections")
      .create({ owner: bob.record.id, title: "Bob public notebook", visibility: "public" });
  });
  afterAll(() => sdk.close());

  it("creates collections and entries with defaults and generated names", async () => {
    expect(notebooks.public).toMatchObject({
      collectionName: "collections",
      name: "alice-public-notebook",
      owner: alice.record.id,
    });
    expect(entries.private).toMatchObject({
      collectionName: "entries",
      name: "alice-private-entry",
      visibility: "private",
      tags: ["life"],
      collection: notebooks.private.id,
    });
    expect(entries.private.date).toMatch(/^\d{4}-\d{2}-\d{2} 00:00:00\.000Z$/);
    const plain = await alice.pb
      .collection("entries")
      .create({ author: alice.record.id, title: "Alice private entry" });
    // Private by default; the name gets a suffix when the author already uses it.
    expect(plain).toMatchObject({
      visibility: "private",
      name: "alice-private-entry-2",
      collection: "",
    });
    await alice.pb.collection("entries").delete(plain.id);
  });

  it("lists public collections to everyone and unlisted ones only to their owner", async () => {
    expect(titles(await sdk.guest.collection("collections").getFullList())).toEqual([
      "Alice public notebook",
      "Bob public notebook",
    ]);
    expect(titles(await bob.pb.collection("collections").getFullList())).toEqual([
      "Alice public notebook",
      "Bob public notebook",
    ]);
    expect(titles(await alice.pb.collection("collections").getFullList())).toEqual([
      "Alice private notebook",
      "Alice public notebook",
      "Alice unlisted notebook",
      "Bob public notebook",
    ]);
    expect(titles(await admin.pb.collection("collections").getFullList())).toEqual([
      "Alice public notebook",
      "Bob public notebook",
    ]);
    expect(await sdk.root.pb.collection("collections").getFullList()).toHaveLength(4);
    // Even a filter naming it cannot list an unlisted collection.
    const filtered = await bob.pb
      .collection("collections")
      .getList(1, 10, { filter: `visibility = "unlisted"` });
    expect(filtered.totalItems).toBe(0);

    for (const [name, pb] of [
      ["guest", sdk.guest],
      ["other user", bob.pb],
    ] as const) {
      // ADR 062: an unlisted collection opens by its link (owner and name), not by its id.
      await expect(
        pb.collection("collections").getOne(notebooks.unlisted.id),
        name,
      ).rejects.toMatchObject(NOT_FOUND);
      const byLink = await pb.collection("collections").getOne(notebooks.unlisted.id, {
        query: { owner: "alice", name: notebooks.unlisted.name },
      });
      expect(byLink.title, name).toBe("Alice unlisted notebook");
      expect((await pb.collection("collections").getOne(notebooks.public.id)).title, name).toBe(
        "Alice public notebook",
      );
      await expect(
        pb.collection("collections").getOne(notebooks.private.id),
        name,
      ).rejects.toMatchObject(NOT_FOUND);
    }
    expect((await alice.pb.collection("collections").getOne(notebooks.private.id)).title).toBe(
      "Alice private notebook",
    );
    expect((await sdk.root.pb.collection("collections").getOne(notebooks.private.id)).title).toBe(
      "Alice private notebook",
    );
  });

  it("lists public entries to everyone, shows unlisted ones by id and private ones only to the author", async () => {
    expect(titles(await sdk.guest.collection("entries").getFullList())).toEqual([
      "Alice public entry",
    ]);
    expect(titles(await bob.pb.collection("entries").getFullList())).toEqual([
      "Alice public entry",
    ]);
    expect(titles(await admin.pb.collection("entries").getFullList())).toEqual([
      "Alice public entry",
    ]);
    expect(titles(await alice.pb.collection("entries").getFullList())).toEqual([
      "Alice private entry",
      "Alice public entry",
      "Alice unlisted entry",
    ]);
    expect(titles(await sdk.root.pb.collection("entries").getFullList())).toHaveLength(3);
    const byId = await bob.pb
      .collection("entries")
      .getList(1, 10, { filter: bob.pb.filter("id = {:id}", { id: entries.unlisted.id }) });
    expect(byId.items).toEqual([]);

    for (const [name, pb] of [
      ["guest", sdk.guest],
      ["other user", bob.pb],
    ] as const) {
      expect((await pb.collection("entries").getOne(entries.unlisted.id)).content, name).toBe(
        "Dear diary",
      );
      await expect(pb.collection("entries").getOne(entries.private.id), name).rejects.toMatchObject(
        NOT_FOUND,
      );
      await expect(pb.collection("entries").getOne("aaaaaaaaaaaaaaa"), name).rejects.toMatchObject(
        NOT_FOUND,
      );
    }
    expect((await alice.pb.collection("entries").getOne(entries.private.id)).title).toBe(
      "Alice private entry",
    );
  });

  it("expands an entry's collection only where the collection itself is viewable", async () => {
    const asGuest = await sdk.guest
      .collection("entries")
      .getOne(entries.unlisted.id, { expand: "collection,author" });
    // ADR 062: the entry is readable by id, its unlisted collection stays out of the expand.
    expect(asGuest.collection).toBe(notebooks.unlisted.id);
    expect(asGuest.expand?.collection).toBeUndefined();
    expect(asGuest.expand?.author?.username).toBe("alice");
    const asOwner = await alice.pb
      .collection("entries")
      .getOne(entries.unlisted.id, { expand: "collection" });
    expect(asOwner.expand?.collection?.title).toBe("Alice unlisted notebook");
    expect(asGuest.expand?.author).not.toHaveProperty("email");

    // A public entry in a private notebook: the notebook stays hidden from others.
    const moved = await alice.pb
      .collection("entries")
      .update(entries.public.id, { collection: notebooks.private.id }, { expand: "collection" });
    expect(moved.expand?.collection?.id).toBe(notebooks.private.id);
    const hidden = await bob.pb
      .collection("entries")
      .getOne(entries.public.id, { expand: "collection" });
    expect(hidden.collection).toBe(notebooks.private.id);
    expect(hidden.expand).toEqual({});
    await alice.pb
      .collection("entries")
      .update(entries.public.id, { collection: notebooks.public.id });
  });

  it("lets only the owner create, update and delete collections", async () => {
    await expect(
      sdk.guest
        .collection("collections")
        .create({ owner: alice.record.id, title: "Guest notebook" }),
    ).rejects.toMatchObject(CREATE_DENIED);
    await expect(
      bob.pb.collection("collections").create({ owner: alice.record.id, title: "Forged notebook" }),
    ).rejects.toMatchObject(CREATE_DENIED);
    await expect(
      sdk.root.pb
        .collection("collections")
        .create({ owner: alice.record.id, title: "Root notebook", name: "alice-public-notebook" }),
    ).rejects.toMatchObject({
      status: 400,
      response: {
        message: "Failed to create record.",
        data: { name: { code: "validation_not_unique" } },
      },
    });
    // Names are unique per owner only.
    const bobs = await bob.pb
      .collection("collections")
      .create({ owner: bob.record.id, title: "Copy", name: "alice-public-notebook" });
    expect(bobs.name).toBe("alice-public-notebook");
    await expect(
      bob.pb
        .collection("collections")
        .create({ owner: bob.record.id, title: "Bad", name: "Not A Slug" }),
    ).rejects.toMatchObject({
      status: 400,
      response: { data: { name: { code: "validation_invalid_format" } } },
    });
    await expect(
      bob.pb.collection("collections").create({ owner: bob.record.id, visibility: "secret" }),
    ).rejects.toMatchObject({
      status: 400,
      response: {
        data: {
          title: { code: "validation_required" },
          visibility: { code: "validation_invalid_value" },
        },
      },
    });

    for (const [name, pb] of [
      ["guest", sdk.guest],
      ["other user", bob.pb],
      ["admin", admin.pb],
    ] as const) {
      await expect(
        pb.collection("collections").update(notebooks.public.id, { title: "Hacked" }),
        name,
      ).rejects.toMatchObject(NOT_FOUND);
      await expect(
        pb.collection("collections").delete(notebooks.public.id),
        name,
      ).rejects.toMatchObject(NOT_FOUND);
    }
    // The owner cannot give a collection away.
    await expect(
      alice.pb.collection("collections").update(notebooks.public.id, { owner: bob.record.id }),
    ).rejects.toMatchObject(NOT_FOUND);
    const renamed = await alice.pb
      .collection("collections")
      .update(notebooks.public.id, { title: "Alice public notebook", description: "Open to all" });
    expect(renamed).toMatchObject({ description: "Open to all", owner: alice.record.id });
    expect(
      (await sdk.root.pb.collection("collections").update(bobs.id, { title: "Root edit" })).title,
    ).toBe("Root edit");
    expect(await bob.pb.collection("collections").delete(bobs.id)).toBe(true);
    await expect(bob.pb.collection("collections").getOne(bobs.id)).rejects.toMatchObject(NOT_FOUND);
  });

  it("lets only the author write entries, and only into the author's own collections", async () => {
    await expect(
      sdk.guest.collection("entries").create({ author: alice.record.id, title: "Guest entry" }),
    ).rejects.toMatchObject(CREATE_DENIED);
    await expect(
      bob.pb.collection("entries").create({ author: alice.record.id, title: "Forged entry" }),
    ).rejects.toMatchObject(CREATE_DENIED);
    await expect(
      alice.pb
        .collection("entries")
        .create({ author: alice.record.id, title: "Into Bob's", collection: notebooks.bobs.id }),
    ).rejects.toMatchObject(CREATE_DENIED);
    await expect(
      bob.pb
        .collection("entries")
        .create({ author: bob.record.id, title: "Into Alice's", collection: notebooks.public.id }),
    ).rejects.toMatchObject(CREATE_DENIED);
    const own = await bob.pb.collection("entries").create({
      author: bob.record.id,
      title: "Bob's day",
      collection: notebooks.bobs.id,
      visibility: "public",
    });
    expect(own.collection).toBe(notebooks.bobs.id);

    // Updates: never into someone else's collection, never to another author.
    await expect(
      alice.pb.collection("entries").update(entries.private.id, { collection: notebooks.bobs.id }),
    ).rejects.toMatchObject(NOT_FOUND);
    await expect(
      alice.pb.collection("entries").update(entries.private.id, { author: bob.record.id }),
    ).rejects.toMatchObject(NOT_FOUND);
    const cleared = await alice.pb
      .collection("entries")
      .update(entries.private.id, { collection: "" });
    expect(cleared.collection).toBe("");
    const back = await alice.pb
      .collection("entries")
      .update(entries.private.id, { collection: notebooks.private.id, "tags+": ["work"] });
    expect(back).toMatchObject({ collection: notebooks.private.id, tags: ["life", "work"] });

    for (const [name, pb] of [
      ["guest", sdk.guest],
      ["other user", bob.pb],
      ["admin", admin.pb],
    ] as const) {
      await expect(
        pb.collection("entries").update(entries.public.id, { title: "Hacked" }),
        name,
      ).rejects.toMatchObject(NOT_FOUND);
      await expect(
        pb.collection("entries").update(entries.unlisted.id, { title: "Hacked" }),
        name,
      ).rejects.toMatchObject(NOT_FOUND);
      await expect(
        pb.collection("entries").delete(entries.unlisted.id),
        name,
      ).rejects.toMatchObject(NOT_FOUND);
    }
    expect((await sdk.guest.collection("entries").getOne(entries.unlisted.id)).title).toBe(
      "Alice unlisted entry",
    );

    await expect(
      alice.pb.collection("entries").create({
        author: alice.record.id,
        title: "Too many tags",
        tags: Array.from({ length: 21 }, (_, i) => `t${i}`),
      }),
    ).rejects.toMatchObject({
      status: 400,
      response: { data: { tags: { code: "validation_too_many_values" } } },
    });
    await expect(
      alice.pb
        .collection("entries")
        .create({ author: alice.record.id, title: "Twin", name: entries.public.name }),
    ).rejects.toMatchObject({
      status: 400,
      response: { data: { name: { code: "validation_not_unique" } } },
    });
    await expect(
      alice.pb
        .collection("entries")
        .create({ author: alice.record.id, title: "Lost", collection: "zzzzzzzzzzzzzzz" }),
    ).rejects.toMatchObject({ status: 400 });

    // Superusers bypass the rules.
    const forced = await sdk.root.pb
      .collection("entries")
      .create({ author: bob.record.id, title: "Filed by root", collection: notebooks.bobs.id });
    expect(forced.author).toBe(bob.record.id);
    expect(await bob.pb.collection("entries").delete(forced.id)).toBe(true);
    expect(await bob.pb.collection("entries").delete(own.id)).toBe(true);
  });

  it("detaches entries from a deleted collection and deletes a user's writing with the user", async () => {
    const temp = await alice.pb
      .collection("collections")
      .create({ owner: alice.record.id, title: "Temporary", visibility: "public" });
    const inside = await alice.pb
      .collection("entries")
      .create({ author: alice.record.id, title: "Inside", collection: temp.id });
    expect(await alice.pb.collection("collections").delete(temp.id)).toBe(true);
    expect((await alice.pb.collection("entries").getOne(inside.id)).collection).toBe("");

    const carol = await sdk.account("carol");
    const notebook = await carol.pb
      .collection("collections")
      .create({ owner: carol.record.id, title: "Carol's", visibility: "public" });
    const entry = await carol.pb
      .collection("entries")
      .create({ author: carol.record.id, title: "Carol's day", visibility: "public" });
    expect(await carol.pb.collection("users").delete(carol.record.id)).toBe(true);
    await expect(sdk.root.pb.collection("collections").getOne(notebook.id)).rejects.toMatchObject(
      NOT_FOUND,
    );
    await expect(sdk.root.pb.collection("entries").getOne(entry.id)).rejects.toMatchObject(
      NOT_FOUND,
    );
  });
});
