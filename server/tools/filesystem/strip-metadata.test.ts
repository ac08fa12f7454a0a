import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { image } from "#tests/helpers/file-fixtures.ts";
import { cleanUpload, stripImageMetadata } from "./strip-metadata.ts";
import { UploadedFile } from "./uploaded-file.ts";

/** A 40×20 photo in `format` with a GPS position, an author and EXIF orientation 6. */
function locatedPhoto(format: "jpeg" | "webp" | "png"): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 20, channels: 3, background: "#c04020" } })
    .toFormat(format)
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Copyright: "Ada Lovelace" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 24/1" },
    })
    .toBuffer();
}

describe("image metadata on upload", () => {
  for (const format of ["jpeg", "webp", "png"] as const) {
    it(`removes the EXIF of a ${format} photo, GPS included, and applies its orientation`, async () => {
      const photo = await locatedPhoto(format);
      expect((await sharp(photo).metadata()).exif).toBeDefined();
      const clean = await stripImageMetadata(photo, `image/${format}`);
      const meta = await sharp(clean).metadata();
      expect(meta.format).toBe(format);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      // Turned as the orientation said: 20 wide, 40 high, and no orientation left to apply.
      expect([meta.width, meta.height, meta.orientation]).toEqual([20, 40, undefined]);
      expect(clean.includes(Buffer.from("Ada Lovelace"))).toBe(false);
    });
  }

  it("stores an image without metadata byte for byte (no re-encoding)", async () => {
    const plain = await image("jpeg", 30, 20);
    expect(await stripImageMetadata(plain, "image/jpeg")).toBe(plain);
    const upload = new UploadedFile("plain.jpg", plain);
    expect(await cleanUpload(upload)).toBe(upload);
  });

  it("leaves alone what is not an image it reads: other types, bytes that only look like one", async () => {
    const text = Buffer.from("GPS 48.85 N");
    expect(await stripImageMetadata(text, "text/plain")).toBe(text);
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(40, 7)]);
    expect(await stripImageMetadata(fake, "image/jpeg")).toBe(fake);
  });

  it("gives the cleaned upload the same client name and a type sniffed from the new bytes", async () => {
    const upload = new UploadedFile("Holiday.JPG", await locatedPhoto("jpeg"));
    const clean = await cleanUpload(upload);
    expect(clean).not.toBe(upload);
    expect(clean.originalName).toBe("Holiday.JPG");
    expect(clean.mime).toBe("image/jpeg");
    expect(clean.name).toMatch(/^holiday_[a-z0-9]{10}\.JPG$/);
    expect((await sharp(clean.data).metadata()).exif).toBeUndefined();
  });
});
