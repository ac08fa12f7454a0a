/**
 * Issue 23 finding 5: originals of avatars, covers and entry attachments were served to
 * guests with their EXIF data, GPS included. Every file field stores images without it.
 */
import { strToU8, zipSync } from "fflate";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RecordData } from "#server/core/records/request-info.ts";
import { downloadFile, importArchive, listAll } from "#tests/helpers/data-kit.ts";
import { multipartBody, type Part } from "#tests/helpers/file-fixtures.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";

/** A 40×20 JPEG with a GPS position and orientation 6 (shown 20 wide, 40 high). */
function locatedPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 20, channels: 3, background: "#2060c0" } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 24/1" } })
    .toBuffer();
}

describe.each(DIALECTS)("uploaded images keep no metadata (%s)", (dialect) => {
  let app: TestApp;
  let writer: { record: RecordData; token: string };
  let photo: Buffer;

  beforeAll(async () => {
    app = await createTestApp(dialect);
    writer = await app.createUser({ role: "writer" });
    photo = await locatedPhoto();
  });
  afterAll(() => app.close());

  async function send(method: "POST" | "PATCH", url: string, parts: Part[]): Promise<RecordData> {
    const { body, headers } = multipartBody(parts);
    const res = await app.http.inject({
      method,
      url,
      payload: body,
      headers: { ...headers, authorization: writer.token },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<RecordData>();
  }

  /** The original a guest downloads, checked clean and turned upright. */
  async function expectCleanOriginal(collection: string, id: string, name: string) {
    const res = await app.http.inject({
      method: "GET",
      url: `/api/files/${collection}/${id}/${name}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height, meta.orientation]).toEqual([20, 40, undefined]);
  }

  it("strips an entry attachment, an avatar and a post cover, served to guests", async () => {
    const file = (name: string): Part => ({ name, filename: "IMG_0001.jpg", data: photo });
    const entry = await send("POST", "/api/collections/entries/records", [
      { name: "title", value: "Morning walk" },
      { name: "content", value: "By the river." },
      { name: "visibility", value: "public" },
      { name: "author", value: String(writer.record.id) },
      file("attachments"),
    ]);
    const [attachment] = entry.attachments as string[];
    await expectCleanOriginal("entries", String(entry.id), String(attachment));

    const user = await send("PATCH", `/api/collections/users/records/${String(writer.record.id)}`, [
      file("avatar"),
    ]);
    await expectCleanOriginal("users", String(user.id), String(user.avatar));

    const post = await send("POST", "/api/collections/posts/records", [
      { name: "title", value: "A walk" },
      { name: "slug", value: "a-walk" },
      { name: "content", value: "By the river." },
      { name: "status", value: "published" },
      { name: "author", value: String(writer.record.id) },
      file("cover"),
    ]);
    await expectCleanOriginal("posts", String(post.id), String(post.cover));
  });

  it("strips an image uploaded through a batch", async () => {
    const { body, headers } = multipartBody([
      {
        name: "@jsonPayload",
        value: JSON.stringify({
          requests: [
            {
              method: "POST",
              url: "/api/collections/entries/records",
              body: {
                title: "Batch walk",
                content: "x",
                visibility: "public",
                author: writer.record.id,
              },
            },
          ],
        }),
      },
      { name: "requests.0.attachments", filename: "IMG_0002.jpg", data: photo },
    ]);
    const res = await app.http.inject({
      method: "POST",
      url: "/api/batch",
      payload: body,
      headers: { ...headers, authorization: writer.token },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [created] = res.json<{ status: number; body: RecordData }[]>();
    const [attachment] = created?.body.attachments as string[];
    await expectCleanOriginal("entries", String(created?.body.id), String(attachment));
  });

  it("strips a photo an import brings in", async () => {
    const zip = zipSync({
      "Walks/river.md": strToU8("# River walk\n\n![The river](photo.jpg)\n"),
      "Walks/photo.jpg": photo,
    });
    const result = await importArchive(app, writer.token, { format: "markdown", file: zip });
    expect(result.status, JSON.stringify(result.json)).toBe(200);
    const [entry] = await listAll(app, writer.token, "entries", 'title = "River walk"');
    const [name] = (entry?.attachments ?? []) as string[];
    const bytes = await downloadFile(app, writer.token, "entries", String(entry?.id), String(name));
    const meta = await sharp(bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([20, 40]);
  });
});
