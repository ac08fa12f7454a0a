/**
 * SDK compatibility: the rules of `posts` (drafts and scheduled posts stay with their
 * author; only writers and admins create) and `items` (admins and superusers only).
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

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(DIALECTS)("SDK posts and items rules (%s)", (dialect) => {
  let sdk: SdkFixture;
  let writer: Account;
  let otherWriter: Account;
  let admin: Account;
  let user: Account;
  const posts: Record<"draft" | "published" | "past" | "scheduled", RecordModel> = {} as never;

  beforeAll(async () => {
    sdk = await startSdkFixture(dialect);
    [writer, otherWriter, admin, user] = await Promise.all([
      sdk.account("writer", { role: "writer" }),
      sdk.account("otherwriter", { role: "writer" }),
      sdk.account("admin", { role: "admin" }),
      sdk.account("reader"),
    ]);
    const create = (data: Record<string, unknown>) =>
      writer.pb.collection("posts").create({ author: writer.record.id, ...data });
    posts.draft = await create({ title: "Draft post" });
    posts.published = await create({ title: "Published post", status: "published" });
    posts.past = await create({
      title: "Past post",
      status: "published",
      publishedAt: new Date(Date.now() - 30 * DAY_MS),
    });
    posts.scheduled = await create({
      title: "Scheduled post",
      status: "published",
      publishedAt: new Date(Date.now() + 30 * DAY_MS),
    });
  });
  afterAll(() => sdk.close());

  describe("posts", () => {
    it("creates drafts by default and dates published posts", () => {
      expect(posts.draft).toMatchObject({
        collectionName: "posts",
        status: "draft",
        publishedAt: "",
        slug: "draft-post",
        author: writer.record.id,
      });
      expect(posts.published.publishedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(posts.scheduled.publishedAt > posts.published.publishedAt).toBe(true);
    });

    it("shows drafts and scheduled posts only to their author", async () => {
      const publicTitles = ["Past post", "Published post"];
      for (const [name, pb] of [
        ["guest", sdk.guest],
        ["reader", user.pb],
        ["other writer", otherWriter.pb],
        ["admin", admin.pb],
      ] as const) {
        expect(titles(await pb.collection("posts").getFullList()), name).toEqual(publicTitles);
        await expect(pb.collection("posts").getOne(posts.draft.id), name).rejects.toMatchObject(
          NOT_FOUND,
        );
        await expect(pb.collection("posts").getOne(posts.scheduled.id), name).rejects.toMatchObject(
          NOT_FOUND,
        );
        expect((await pb.collection("posts").getOne(posts.past.id)).title, name).toBe("Past post");
        // Filters cannot widen what the list rule allows.
        const drafts = await pb
          .collection("posts")
          .getList(1, 10, { filter: `status = "draft" || publishedAt > @now` });
        expect(drafts.totalItems, name).toBe(0);
      }
      expect(titles(await writer.pb.collection("posts").getFullList())).toEqual([
        "Draft post",
        "Past post",
        "Published post",
        "Scheduled post",
      ]);
      expect((await writer.pb.collection("posts").getOne(posts.scheduled.id)).title).toBe(
        "Scheduled post",
      );
      expect(await sdk.root.pb.collection("posts").getFullList()).toHaveLength(4);
      expect((await sdk.root.pb.collection("posts").getOne(posts.draft.id)).status).toBe("draft");
    });

    it("publishes a scheduled post for everyone once its date is moved to the past", async () => {
      const temp = await writer.pb.collection("posts").create({
        author: writer.record.id,
        title: "Soon",
        status: "published",
        publishedAt: new Date(Date.now() + DAY_MS),
      });
      await expect(sdk.guest.collection("posts").getOne(temp.id)).rejects.toMatchObject(NOT_FOUND);
      await writer.pb
        .collection("posts")
        .update(temp.id, { publishedAt: new Date(Date.now() - 1000) });
      expect((await sdk.guest.collection("posts").getOne(temp.id)).title).toBe("Soon");
      await writer.pb.collection("posts").update(temp.id, { status: "draft" });
      await expect(sdk.guest.collection("posts").getOne(temp.id)).rejects.toMatchObject(NOT_FOUND);
      expect(await writer.pb.collection("posts").delete(temp.id)).toBe(true);
    });

    it("lets only writers and admins create posts, as themselves", async () => {
      await expect(
        sdk.guest.collection("posts").create({ author: writer.record.id, title: "Guest post" }),
      ).rejects.toMatchObject(CREATE_DENIED);
      await expect(
        user.pb.collection("posts").create({ author: user.record.id, title: "Reader post" }),
      ).rejects.toMatchObject(CREATE_DENIED);
      await expect(
        otherWriter.pb
          .collection("posts")
          .create({ author: writer.record.id, title: "Ghost post" }),
      ).rejects.toMatchObject(CREATE_DENIED);
      const byAdmin = await admin.pb
        .collection("posts")
        .create({ author: admin.record.id, title: "Admin post", status: "published", lang: "fr" });
      expect(byAdmin).toMatchObject({ author: admin.record.id, lang: "fr", status: "published" });
      const byRoot = await sdk.root.pb
        .collection("posts")
        .create({ author: user.record.id, title: "Root post for a reader" });
      expect(byRoot.author).toBe(user.record.id);

      await expect(
        writer.pb
          .collection("posts")
          .create({ author: writer.record.id, title: "Again", slug: "draft-post" }),
      ).rejects.toMatchObject({
        status: 400,
        response: {
          message: "Failed to create record.",
          data: { slug: { code: "validation_not_unique" } },
        },
      });
      await expect(
        writer.pb
          .collection("posts")
          .create({ author: writer.record.id, status: "live", excerpt: "x".repeat(501) }),
      ).rejects.toMatchObject({
        status: 400,
        response: {
          data: {
            title: { code: "validation_required" },
            status: { code: "validation_invalid_value" },
            excerpt: { code: "validation_max_text_constraint" },
          },
        },
      });
      // Another author may reuse a slug.
      const same = await otherWriter.pb
        .collection("posts")
        .create({ author: otherWriter.record.id, title: "Draft post" });
      expect(same.slug).toBe("draft-post");

      for (const record of [byAdmin, byRoot, same])
        await sdk.root.pb.collection("posts").delete(record.id);
    });

    it("F1: a writer whose role is taken back can no longer change or publish their posts", async () => {
      const former = await sdk.account("formerwriter", { role: "writer" });
      const draft = await former.pb
        .collection("posts")
        .create({ author: former.record.id, title: "Before the demotion" });
      await sdk.root.pb.collection("users").update(former.record.id, { role: "" });
      await expect(
        former.pb.collection("posts").update(draft.id, { status: "published" }),
      ).rejects.toMatchObject(NOT_FOUND);
      await expect(
        former.pb.collection("posts").update(draft.id, { title: "After" }),
      ).rejects.toMatchObject(NOT_FOUND);
      await expect(
        former.pb.collection("posts").create({ author: former.record.id, title: "New" }),
      ).rejects.toMatchObject(CREATE_DENIED);
      const kept = await former.pb.collection("posts").getOne(draft.id);
      expect(kept).toMatchObject({ title: "Before the demotion", status: "draft" });
      expect(await former.pb.collection("posts").delete(draft.id)).toBe(true);
    });

    it("lets only the author edit and delete a post", async () => {
      for (const [name, pb] of [
        ["guest", sdk.guest],
        ["reader", user.pb],
        ["other writer", otherWriter.pb],
        ["admin", admin.pb],
      ] as const) {
        await expect(
          pb.collection("posts").update(posts.published.id, { title: "Hacked" }),
          name,
        ).rejects.toMatchObject(NOT_FOUND);
        await expect(
          pb.collection("posts").update(posts.draft.id, { title: "Hacked" }),
          name,
        ).rejects.toMatchObject(NOT_FOUND);
        await expect(pb.collection("posts").delete(posts.published.id), name).rejects.toMatchObject(
          NOT_FOUND,
        );
      }
      await expect(
        writer.pb.collection("posts").update(posts.published.id, { author: otherWriter.record.id }),
      ).rejects.toMatchObject(NOT_FOUND);
      const edited = await writer.pb
        .collection("posts")
        .update(posts.published.id, { excerpt: "Short", "tags+": ["news"] });
      expect(edited).toMatchObject({ excerpt: "Short", tags: ["news"], title: "Published post" });
      expect(
        (await sdk.root.pb.collection("posts").update(posts.published.id, { "tags-": "news" }))
          .tags,
      ).toEqual([]);

      const temp = await writer.pb
        .collection("posts")
        .create({ author: writer.record.id, title: "Short-lived" });
      expect(await writer.pb.collection("posts").delete(temp.id)).toBe(true);
      await expect(writer.pb.collection("posts").getOne(temp.id)).rejects.toMatchObject(NOT_FOUND);
    });
  });

  describe("items", () => {
    let item: RecordModel;

    beforeAll(async () => {
      item = await admin.pb
        .collection("items")
        .create({ code: "alpha", name: "Alpha", data: { region: "eu", size: 3 }, tags: ["core"] });
    });

    it("keeps items invisible to everyone but admins and superusers", async () => {
      expect(item).toMatchObject({
        collectionName: "items",
        code: "alpha",
        status: "active",
        data: { region: "eu", size: 3 },
        owner: "",
      });
      for (const [name, pb] of [
        ["guest", sdk.guest],
        ["reader", user.pb],
        ["writer", writer.pb],
      ] as const) {
        const list = await pb.collection("items").getList(1, 30);
        expect(list, name).toMatchObject({
          page: 1,
          perPage: 30,
          totalItems: 0,
          totalPages: 0,
          items: [],
        });
        expect(await pb.collection("items").getFullList(), name).toEqual([]);
        await expect(pb.collection("items").getOne(item.id), name).rejects.toMatchObject(NOT_FOUND);
        await expect(
          pb.collection("items").create({ code: `by-${name.replace(/\W/g, "")}`, name: "Nope" }),
          name,
        ).rejects.toMatchObject(CREATE_DENIED);
        await expect(
          pb.collection("items").update(item.id, { name: "Hacked" }),
          name,
        ).rejects.toMatchObject(NOT_FOUND);
        await expect(pb.collection("items").delete(item.id), name).rejects.toMatchObject(NOT_FOUND);
      }
      expect((await admin.pb.collection("items").getList(1, 30)).totalItems).toBe(1);
      expect((await admin.pb.collection("items").getOne(item.id)).name).toBe("Alpha");
      expect((await sdk.root.pb.collection("items").getFullList()).map((i) => i.code)).toEqual([
        "alpha",
      ]);
    });

    it("lets admins and superusers create, edit and delete items", async () => {
      const beta = await sdk.root.pb
        .collection("items")
        .create({ code: "beta_2", name: "Beta", owner: admin.record.id, status: "archived" });
      expect(beta).toMatchObject({ owner: admin.record.id, status: "archived" });
      const edited = await admin.pb
        .collection("items")
        .update(beta.id, { description: "Second", status: "active", data: [1, 2] });
      expect(edited).toMatchObject({ description: "Second", status: "active", data: [1, 2] });

      await expect(
        admin.pb.collection("items").create({ code: "alpha", name: "Duplicate" }),
      ).rejects.toMatchObject({
        status: 400,
        response: { data: { code: { code: "validation_not_unique" } } },
      });
      await expect(
        admin.pb.collection("items").create({ code: "no spaces!", name: "" }),
      ).rejects.toMatchObject({
        status: 400,
        response: {
          data: {
            code: { code: "validation_invalid_format" },
            name: { code: "validation_required" },
          },
        },
      });
      await expect(
        admin.pb
          .collection("items")
          .create({ code: "big", name: "Big", data: { blob: "x".repeat(70 * 1024) } }),
      ).rejects.toMatchObject({
        status: 400,
        response: { data: { data: { code: "validation_json_size_limit" } } },
      });

      expect(await admin.pb.collection("items").delete(beta.id)).toBe(true);
      await expect(sdk.root.pb.collection("items").getOne(beta.id)).rejects.toMatchObject(
        NOT_FOUND,
      );
    });

    it("follows a user's role: a demoted admin loses the items", async () => {
      const temp = await sdk.account("tempadmin", { role: "admin" });
      expect((await temp.pb.collection("items").getList(1, 10)).totalItems).toBe(1);
      await sdk.root.pb.collection("users").update(temp.record.id, { role: "" });
      expect((await temp.pb.collection("items").getList(1, 10)).totalItems).toBe(0);
      await expect(temp.pb.collection("items").getOne(item.id)).rejects.toMatchObject(NOT_FOUND);

      // Deleting an item's owner keeps the item and clears its optional owner.
      const owned = await sdk.root.pb
        .collection("items")
        .create({ code: "owned", name: "Owned", owner: temp.record.id });
      await sdk.root.pb
        .collection("posts")
        .create({ author: temp.record.id, title: "Left behind", status: "published" });
      expect(await sdk.root.pb.collection("users").delete(temp.record.id)).toBe(true);
      expect((await sdk.root.pb.collection("items").getOne(owned.id)).owner).toBe("");
      expect(
        (await sdk.root.pb.collection("posts").getFullList({ filter: `title = "Left behind"` }))
          .length,
      ).toBe(0);
      expect(await sdk.root.pb.collection("items").delete(owned.id)).toBe(true);
    });
  });
});
