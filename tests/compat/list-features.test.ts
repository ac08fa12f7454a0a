/**
 * SDK compatibility: list features (paging, filter with `pb.filter` placeholders, sort,
 * `@random`, nested expand, `fields`, `skipTotal`, `getFullList` batching,
 * `getFirstListItem`) and the error shapes the SDK surfaces as `ClientResponseError`.
 */
import PocketBase, { ClientResponseError, type RecordModel } from "pocketbase";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "#tests/helpers/test-app.ts";
import { PASSWORD, startSdkFixture, type SdkFixture } from "./sdk-fixture.ts";

const TRICKY_TITLE = `x'y"z \\ 100% _done_`;
const POST_TITLES = ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", TRICKY_TITLE];

describe.each(DIALECTS)("SDK list features (%s)", (dialect) => {
  let sdk: SdkFixture;
  let alice: PocketBase;
  let aliceId: string;
  let notebookId: string;

  /** The rejection of a promise that must fail with a ClientResponseError. */
  const failure = async (promise: Promise<unknown>): Promise<ClientResponseError> => {
    try {
      await promise;
    } catch (error) {
      if (error instanceof ClientResponseError) return error;
      throw error;
    }
    throw new Error("the request unexpectedly succeeded");
  };

  beforeAll(async () => {
    sdk = await startSdkFixture(dialect);
    const writer = await sdk.account("alice", { role: "writer", name: "Alice" });
    alice = writer.pb;
    aliceId = writer.record.id;
    for (const [i, title] of POST_TITLES.entries()) {
      await alice.collection("posts").create({
        author: aliceId,
        title,
        slug: `post-${i}`,
        status: "published",
        publishedAt: new Date(Date.UTC(2026, 0, 1 + i)),
        tags: i % 2 === 0 ? ["even"] : ["odd"],
      });
    }
    await alice
      .collection("posts")
      .create({ author: aliceId, title: "Secret draft", slug: "draft" });
    const notebook = await alice
      .collection("collections")
      .create({ owner: aliceId, title: "Travels", visibility: "public" });
    notebookId = notebook.id;
    for (const title of ["Paris", "Rome", "Oslo"]) {
      await alice
        .collection("entries")
        .create({ author: aliceId, title, visibility: "public", collection: notebookId });
    }
  });
  afterAll(() => sdk.close());

  it("pages with totals, past the end and with skipTotal", async () => {
    const first = await sdk.guest.collection("posts").getList(1, 3, { sort: "publishedAt" });
    expect(first).toMatchObject({ page: 1, perPage: 3, totalItems: 7, totalPages: 3 });
    expect(first.items.map((p) => p.title)).toEqual(["Alpha", "Bravo", "Charlie"]);
    const last = await sdk.guest.collection("posts").getList(3, 3, { sort: "publishedAt" });
    expect(last.items.map((p) => p.title)).toEqual([TRICKY_TITLE]);
    const past = await sdk.guest.collection("posts").getList(9, 3);
    expect(past).toMatchObject({ page: 9, perPage: 3, totalItems: 7, totalPages: 3, items: [] });
    const skipped = await sdk.guest
      .collection("posts")
      .getList(1, 2, { skipTotal: true, sort: "title" });
    expect(skipped).toMatchObject({ page: 1, perPage: 2, totalItems: -1, totalPages: -1 });
    expect(skipped.items.map((p) => p.title)).toEqual(["Alpha", "Bravo"]);
    // perPage above the limit is clamped, not rejected, and the clamped value is echoed.
    const clamped = await sdk.guest.collection("posts").getList(1, 5000);
    expect(clamped.perPage).toBe(1000);
    expect(clamped.items).toHaveLength(7);
  });

  it("fetches everything with getFullList in small batches and the first match with getFirstListItem", async () => {
    const all = await sdk.guest.collection("posts").getFullList({ batch: 2, sort: "title" });
    expect(all.map((p) => p.title)).toEqual([...POST_TITLES].sort());
    const mine = await alice.collection("posts").getFullList({ batch: 3 });
    expect(mine).toHaveLength(8);
    const filtered = await sdk.guest
      .collection("posts")
      .getFullList({ batch: 2, filter: `tags ?= "even"`, sort: "-publishedAt" });
    expect(filtered.map((p) => p.title)).toEqual([TRICKY_TITLE, "Echo", "Charlie", "Alpha"]);

    const found = await sdk.guest
      .collection("posts")
      .getFirstListItem(sdk.guest.filter("slug = {:slug}", { slug: "post-3" }));
    expect(found.title).toBe("Delta");
    const missing = await failure(
      sdk.guest.collection("posts").getFirstListItem(`title = "No such post"`),
    );
    expect(missing.status).toBe(404);
    expect(missing.message).toBe("The requested resource wasn't found.");
    // A draft is not "found" by someone else either.
    expect(
      (await failure(sdk.guest.collection("posts").getFirstListItem(`slug = "draft"`))).status,
    ).toBe(404);
    expect((await alice.collection("posts").getFirstListItem(`slug = "draft"`)).title).toBe(
      "Secret draft",
    );
  });

  it("binds pb.filter placeholders safely, quotes, backslashes and wildcards included", async () => {
    const exact = await sdk.guest
      .collection("posts")
      .getList(1, 10, { filter: sdk.guest.filter("title = {:t}", { t: TRICKY_TITLE }) });
    expect(exact.items.map((p) => p.title)).toEqual([TRICKY_TITLE]);
    const contains = await sdk.guest
      .collection("posts")
      .getList(1, 10, { filter: sdk.guest.filter("title ~ {:t}", { t: `x'y"z` }) });
    expect(contains.items.map((p) => p.title)).toEqual([TRICKY_TITLE]);
    // A value with its own `%` is a LIKE pattern as given (here a prefix)...
    const prefix = await sdk.guest
      .collection("posts")
      .getList(1, 10, { filter: sdk.guest.filter("title ~ {:t}", { t: "x'y%" }) });
    expect(prefix.items.map((p) => p.title)).toEqual([TRICKY_TITLE]);
    const notPrefix = await sdk.guest
      .collection("posts")
      .getList(1, 10, { filter: sdk.guest.filter("title ~ {:t}", { t: "y%" }) });
    expect(notPrefix.totalItems).toBe(0);
    // ...without one, `_` and `\` are literals and the value is matched anywhere.
    const backslash = await sdk.guest
      .collection("posts")
      .getList(1, 10, { filter: sdk.guest.filter("title ~ {:t}", { t: "z \\ 1" }) });
    expect(backslash.items.map((p) => p.title)).toEqual([TRICKY_TITLE]);
    const underscore = await sdk.guest
      .collection("posts")
      .getList(1, 10, { filter: sdk.guest.filter("title ~ {:t}", { t: "_" }) });
    expect(underscore.items.map((p) => p.title)).toEqual([TRICKY_TITLE]);
    const injection = await sdk.guest
      .collection("posts")
      .getList(1, 10, { filter: sdk.guest.filter("title = {:t}", { t: `" || "1" = "1` }) });
    expect(injection.totalItems).toBe(0);
    const dated = await sdk.guest.collection("posts").getList(1, 10, {
      filter: sdk.guest.filter("publishedAt >= {:from} && publishedAt < {:to}", {
        from: new Date(Date.UTC(2026, 0, 2)),
        to: new Date(Date.UTC(2026, 0, 4)),
      }),
      sort: "publishedAt",
    });
    expect(dated.items.map((p) => p.title)).toEqual(["Bravo", "Charlie"]);
    const numbers = await sdk.guest.collection("posts").getList(1, 10, {
      filter: sdk.guest.filter("tags:length = {:n} && title != {:none}", { n: 1, none: null }),
    });
    expect(numbers.totalItems).toBe(7);
  });

  it("sorts by several keys, descending, through relations and at random", async () => {
    const sorted = await alice.collection("posts").getFullList({ sort: "-created,title" });
    const expected = [...sorted].sort((a, b) =>
      a.created === b.created ? (a.title < b.title ? -1 : 1) : a.created < b.created ? 1 : -1,
    );
    expect(sorted.map((p) => p.id)).toEqual(expected.map((p) => p.id));
    expect(sorted).toHaveLength(8);

    const byStatus = await alice.collection("posts").getFullList({ sort: "status,-title" });
    expect(byStatus[0]?.title).toBe("Secret draft");
    expect(byStatus[1]?.title).toBe(TRICKY_TITLE);

    const viaRelation = await sdk.guest
      .collection("entries")
      .getFullList({ sort: "-collection.title,title" });
    expect(viaRelation.map((e) => e.title)).toEqual(["Oslo", "Paris", "Rome"]);

    const random = await sdk.guest.collection("posts").getFullList({ sort: "@random" });
    expect(random.map((p) => p.title).sort()).toEqual([...POST_TITLES].sort());
    const randomPage = await sdk.guest.collection("posts").getList(1, 3, { sort: "@random,title" });
    expect(randomPage.items).toHaveLength(3);
    expect(randomPage.totalItems).toBe(7);
  });

  it("expands nested relations and picks fields, including inside expand", async () => {
    const entries = await sdk.guest
      .collection("entries")
      .getFullList({ expand: "collection.owner,author", sort: "title" });
    expect(entries).toHaveLength(3);
    for (const entry of entries) {
      expect(entry.expand?.collection?.title).toBe("Travels");
      expect(entry.expand?.collection?.expand?.owner?.username).toBe("alice");
      expect(entry.expand?.collection?.expand?.owner).not.toHaveProperty("email");
      expect(entry.expand?.author?.id).toBe(aliceId);
    }
    const asRoot = await sdk.root.pb
      .collection("entries")
      .getOne(entries[0]?.id as string, { expand: "collection.owner" });
    expect(asRoot.expand?.collection?.expand?.owner?.email).toBe("alice@example.com");

    const picked = await sdk.guest.collection("posts").getList(1, 2, {
      sort: "title",
      expand: "author",
      fields: "id,title,expand.author.username",
    });
    expect(picked).toMatchObject({ page: 1, perPage: 2, totalItems: 7, totalPages: 4 });
    for (const post of picked.items) {
      expect(Object.keys(post).sort()).toEqual(["expand", "id", "title"]);
      expect(post.expand).toEqual({ author: { username: "alice" } });
    }
    const one = await sdk.guest
      .collection("posts")
      .getOne(picked.items[0]?.id as string, { fields: "title,content:excerpt(3,true)" });
    expect(Object.keys(one).sort()).toEqual(["content", "title"]);

    // Back-relations and unknown expand paths are answered without an error.
    const notebook = await sdk.guest
      .collection("collections")
      .getOne(notebookId, { expand: "entries_via_collection,nope" });
    expect(
      (notebook.expand?.entries_via_collection as RecordModel[]).map((e) => e.title).sort(),
    ).toEqual(["Oslo", "Paris", "Rome"]);
    expect(notebook.expand).not.toHaveProperty("nope");
  });

  it("filters through relations under the related collection's rules", async () => {
    const bob = sdk.client();
    await bob.collection("users").create({
      username: "bob",
      email: "bob@example.com",
      password: PASSWORD,
      passwordConfirm: PASSWORD,
    });
    await bob.collection("users").authWithPassword("bob", PASSWORD);
    const secret = await alice
      .collection("collections")
      .create({ owner: aliceId, title: "Hidden notebook", visibility: "private" });
    await alice.collection("entries").create({
      author: aliceId,
      title: "Public page of a hidden notebook",
      visibility: "public",
      collection: secret.id,
    });

    const byAuthor = await sdk.guest
      .collection("entries")
      .getList(1, 10, { filter: `author.username = "alice" && collection.title = "Travels"` });
    expect(byAuthor.totalItems).toBe(3);
    // The entry is public but its notebook is not: filtering by the notebook's title must not reveal it.
    for (const [name, pb] of [
      ["guest", sdk.guest],
      ["other user", bob],
    ] as const) {
      const probe = await pb
        .collection("entries")
        .getList(1, 10, { filter: `collection.title = "Hidden notebook"` });
      expect(probe.totalItems, name).toBe(0);
      const viaId = await pb
        .collection("entries")
        .getList(1, 10, { filter: pb.filter("collection = {:id}", { id: secret.id }) });
      expect(viaId.totalItems, name).toBe(1);
      // A hidden email cannot be probed through a relation either.
      const byEmail = await pb
        .collection("entries")
        .getList(1, 10, { filter: `author.email = "alice@example.com"` });
      expect(byEmail.totalItems, name).toBe(0);
    }
    expect(
      (
        await alice
          .collection("entries")
          .getList(1, 10, { filter: `collection.title = "Hidden notebook"` })
      ).totalItems,
    ).toBe(1);
    expect(
      (
        await alice
          .collection("entries")
          .getList(1, 10, { filter: `author.email = "alice@example.com"` })
      ).totalItems,
    ).toBe(4);
    expect(
      (
        await sdk.root.pb
          .collection("entries")
          .getList(1, 10, { filter: `collection.title = "Hidden notebook"` })
      ).totalItems,
    ).toBe(1);
  });

  it("creates and updates with expand, custom ids and health through the SDK", async () => {
    const created = await alice
      .collection("entries")
      .create(
        { id: "customid0000001", author: aliceId, title: "Custom", collection: notebookId },
        { expand: "collection", fields: "id,title,expand.collection.title" },
      );
    expect(created).toEqual({
      id: "customid0000001",
      title: "Custom",
      expand: { collection: { title: "Travels" } },
    });
    await expect(
      alice
        .collection("entries")
        .create({ id: "customid0000001", author: aliceId, title: "Again" }),
    ).rejects.toMatchObject({
      status: 400,
      response: { data: { id: { code: "validation_pk_invalid" } } },
    });
    await expect(
      alice.collection("entries").create({ id: "short", author: aliceId, title: "Short id" }),
    ).rejects.toMatchObject({
      status: 400,
      response: { data: { id: { code: "validation_min_text_constraint" } } },
    });
    await expect(
      alice
        .collection("entries")
        .create({ id: "UPPERCASE000001", author: aliceId, title: "Upper id" }),
    ).rejects.toMatchObject({
      status: 400,
      response: { data: { id: { code: "validation_invalid_format" } } },
    });
    await expect(
      alice.collection("entries").update("customid0000001", { id: "customid0000002" }),
    ).rejects.toMatchObject({
      status: 400,
      response: { data: { id: { code: "validation_pk_change" } } },
    });
    expect(await alice.collection("entries").delete("customid0000001")).toBe(true);

    // Multipart bodies (what the SDK sends as soon as a body holds a file), with repeated keys and @jsonPayload.
    const form = new FormData();
    form.append("author", aliceId);
    form.append("title", "From a form");
    form.append("tags", "a");
    form.append("tags", "b");
    form.append("@jsonPayload", JSON.stringify({ visibility: "unlisted", content: "**bold**" }));
    const fromForm = await alice.collection("entries").create(form);
    expect(fromForm).toMatchObject({
      title: "From a form",
      tags: ["a", "b"],
      visibility: "unlisted",
      content: "**bold**",
    });
    // An empty update changes no field (only the `updated` date, as PocketBase saves anyway).
    const unchanged = await alice.collection("entries").update(fromForm.id, {});
    expect({ ...unchanged, updated: "" }).toEqual({ ...fromForm, updated: "" });
    expect(await alice.collection("entries").delete(fromForm.id)).toBe(true);

    expect(await sdk.guest.health.check()).toEqual({
      code: 200,
      message: "API is healthy.",
      data: {},
    });
  });

  it("answers bad requests with PocketBase's statuses, messages and error shape", async () => {
    const noId = await failure(sdk.guest.collection("posts").getOne(""));
    expect(noId.status).toBe(404);
    expect(noId.message).toBe("Missing required record id.");

    const unknown = await failure(sdk.guest.collection("nope").getList(1, 10));
    expect(unknown.status).toBe(404);
    expect(unknown.response).toMatchObject({ status: 404, data: {} });
    expect((await failure(sdk.guest.collection("nope").getOne("aaaaaaaaaaaaaaa"))).status).toBe(
      404,
    );
    expect((await failure(sdk.guest.collection("nope").create({ title: "x" }))).status).toBe(404);

    for (const filter of [
      "title ~~ 'x'",
      "(title = 'a'",
      "nope = 1",
      "title = 'a' &&",
      "password = ''",
    ]) {
      const bad = await failure(sdk.guest.collection("posts").getList(1, 10, { filter }));
      expect(bad.status, filter).toBe(400);
      expect(Object.keys(bad.response).sort(), filter).toEqual(["data", "message", "status"]);
      expect(bad.response.status, filter).toBe(400);
      expect(bad.response.data, filter).toEqual({});
      expect(JSON.stringify(bad.response), filter).not.toMatch(/select|sqlite|syntax|postgres/i);
    }
    expect(
      (await failure(sdk.guest.collection("posts").getList(1, 10, { sort: "nope" }))).status,
    ).toBe(400);
    expect(
      (await failure(sdk.guest.collection("users").getList(1, 10, { filter: `tokenKey != ""` })))
        .status,
    ).toBe(400);

    const requestFilter = await failure(
      alice.collection("posts").getList(1, 10, { filter: `@request.auth.id != ""` }),
    );
    expect(requestFilter.status).toBe(403);
    expect(requestFilter.response).toEqual({
      status: 403,
      message: "Only superusers can filter by @request.",
      data: {},
    });
    const collectionFilter = await failure(
      sdk.guest.collection("posts").getList(1, 10, { filter: `@collection.users.id != ""` }),
    );
    expect(collectionFilter.status).toBe(403);
    expect(collectionFilter.message).toBe("Only superusers can filter by @collection.");
    expect(
      (await failure(sdk.guest.collection("posts").getList(1, 10, { sort: "@request.auth.id" })))
        .status,
    ).toBe(403);
    const superFilter = await sdk.root.pb
      .collection("posts")
      .getList(1, 10, { filter: `@request.auth.id != "" && status = "draft"` });
    expect(superFilter.items.map((p) => p.title)).toEqual(["Secret draft"]);

    const error = await failure(
      alice
        .collection("posts")
        .create({ author: aliceId, title: "Broken", status: "weird", slug: "Not a slug" }),
    );
    expect(error).toBeInstanceOf(ClientResponseError);
    expect(error.isAbort).toBe(false);
    expect(error.url).toBe(`${sdk.server.url}/api/collections/posts/records`);
    expect(error.name).toBe("ClientResponseError 400");
    expect(error.response).toEqual({
      status: 400,
      message: "Failed to create record.",
      data: {
        slug: { code: "validation_invalid_format", message: "Invalid value format." },
        status: {
          code: "validation_invalid_value",
          message: "Invalid value weird.",
          params: { value: "weird" },
        },
      },
    });
    expect(error.data).toBe(error.response);
  });
});
