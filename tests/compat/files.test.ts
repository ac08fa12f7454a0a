/**
 * SDK compatibility of the files API: uploads through `FormData` and plain objects with
 * `File`s, `pb.files.getURL()` with thumbs, and protected files through `pb.files.getToken()`.
 */
import type { RecordModel } from "pocketbase";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { image, imageInfo } from "#tests/helpers/file-fixtures.ts";
import { DIALECTS } from "#tests/helpers/test-app.ts";
import { startSdkFixture, type Account, type SdkFixture } from "./sdk-fixture.ts";

describe.each(DIALECTS)("SDK files (%s)", (dialect) => {
  let sdk: SdkFixture;
  let alice: Account;
  let bob: Account;

  beforeAll(async () => {
    sdk = await startSdkFixture(dialect);
    [alice, bob] = await Promise.all([sdk.account("alice"), sdk.account("bob")]);
  });
  afterAll(() => sdk.close());

  const fetchBytes = async (url: string) => {
    const res = await fetch(url);
    return {
      status: res.status,
      headers: res.headers,
      bytes: Buffer.from(await res.arrayBuffer()),
    };
  };

  it("uploads an avatar with FormData and serves its 200x200 thumbnail", async () => {
    const formData = new FormData();
    formData.append("name", "Alice");
    formData.append("avatar", new Blob([await image("png", 640, 480)]), "portrait.png");
    const record = await alice.pb.collection("users").update(alice.record.id, formData);
    expect(record.name).toBe("Alice");
    expect(record.avatar).toMatch(/^portrait_[a-z0-9]{10}\.png$/);
    // `update()` of the signed-in record refreshes the SDK's auth store.
    expect(alice.pb.authStore.record?.avatar).toBe(record.avatar);

    const url = sdk.guest.files.getURL(record, record.avatar as string, { thumb: "200x200" });
    expect(url).toBe(
      `${sdk.server.url}/api/files/_pb_users_auth_/${record.id}/${record.avatar as string}?thumb=200x200`,
    );
    const thumb = await fetchBytes(url);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get("content-type")).toBe("image/png");
    expect(await imageInfo(thumb.bytes)).toEqual({ format: "png", width: 200, height: 200 });

    const original = await fetchBytes(sdk.guest.files.getURL(record, record.avatar as string));
    expect(await imageInfo(original.bytes)).toEqual({ format: "png", width: 640, height: 480 });
  });

  it("uploads a JPEG avatar from a plain object and thumbs it as JPEG", async () => {
    const record = await bob.pb.collection("users").update(bob.record.id, {
      avatar: new File([await image("jpeg", 300, 500)], "me.jpg"),
    });
    const thumb = await fetchBytes(
      sdk.guest.files.getURL(record, record.avatar as string, { thumb: "200x200" }),
    );
    expect(thumb.headers.get("content-type")).toBe("image/jpeg");
    expect(await imageInfo(thumb.bytes)).toEqual({ format: "jpeg", width: 200, height: 200 });
  });

  it("refuses a file that is not an image, whatever its name", async () => {
    await expect(
      bob.pb.collection("users").update(bob.record.id, {
        avatar: new File(["<svg onload=alert(1)>"], "innocent.png"),
      }),
    ).rejects.toMatchObject({
      status: 400,
      response: { data: { avatar: { code: "validation_invalid_mime_type" } } },
    });
  });

  describe("protected attachments", () => {
    let entry: RecordModel;
    const content = "my private attachment\n";

    beforeAll(async () => {
      entry = await alice.pb.collection("entries").create({
        author: alice.record.id,
        title: "Private with attachment",
        attachments: [new File([content], "diary.txt"), new File(["second"], "more.txt")],
      });
    });

    it("creates the entry with both attachments", () => {
      expect(entry.visibility).toBe("private");
      expect(entry.attachments).toHaveLength(2);
      expect((entry.attachments as string[])[0]).toMatch(/^diary_[a-z0-9]{10}\.txt$/);
    });

    it("opens the file for its author with a file token only", async () => {
      const name = (entry.attachments as string[])[0]!;
      expect((await fetchBytes(sdk.guest.files.getURL(entry, name))).status).toBe(404);

      const token = await alice.pb.files.getToken();
      const url = alice.pb.files.getURL(entry, name, { token });
      expect(url).toContain(`?token=${token}`);
      const res = await fetchBytes(url);
      expect(res.status).toBe(200);
      expect(res.bytes.toString()).toBe(content);
      expect(res.headers.get("content-disposition")).toBe(`attachment; filename=${name}`);

      const bobToken = await bob.pb.files.getToken();
      expect((await fetchBytes(bob.pb.files.getURL(entry, name, { token: bobToken }))).status).toBe(
        404,
      );
      const rootToken = await sdk.root.pb.files.getToken();
      expect(
        (await fetchBytes(sdk.root.pb.files.getURL(entry, name, { token: rootToken }))).status,
      ).toBe(200);
    });

    it("refuses a file token to guests", async () => {
      await expect(sdk.guest.files.getToken()).rejects.toMatchObject({ status: 401 });
    });

    it("removes an attachment with `attachments-` and appends with `attachments+`", async () => {
      const [first, second] = entry.attachments as string[];
      const updated = await alice.pb.collection("entries").update(entry.id, {
        "attachments-": [first],
        "attachments+": new File(["third"], "third.txt"),
      });
      expect((updated.attachments as string[])[0]).toBe(second);
      expect((updated.attachments as string[])[1]).toMatch(/^third_[a-z0-9]{10}\.txt$/);
      const token = await alice.pb.files.getToken();
      expect((await fetchBytes(alice.pb.files.getURL(entry, first!, { token }))).status).toBe(404);
    });
  });
});
