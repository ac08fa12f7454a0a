import { crc32 } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  canThumb,
  createThumb,
  imageDimensions,
  imageSizeAllowed,
  parseThumbSize,
  THUMB_PLACEHOLDER,
  type ThumbSize,
} from "./thumbs.ts";

/** A raw RGB image made of horizontal bands of the given colours, top to bottom. */
function bands(width: number, height: number, colours: [number, number, number][]) {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    const colour = colours[Math.floor((y * colours.length) / height)]!;
    for (let x = 0; x < width; x++) data.set(colour, (y * width + x) * 3);
  }
  return sharp(data, { raw: { width, height, channels: 3 } });
}

/** A PNG that only declares its size: a decompression bomb's header. */
function declaredPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", Buffer.alloc(16)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function pixel(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
}

const size = (text: string): ThumbSize => parseThumbSize(text)!;
const RED: [number, number, number] = [255, 0, 0];
const GREEN: [number, number, number] = [0, 255, 0];
const BLUE: [number, number, number] = [0, 0, 255];
const close = (actual: number[], expected: number[]) =>
  actual.every((v, i) => Math.abs(v - expected[i]!) < 40);

describe("parseThumbSize", () => {
  it.each([
    ["100x100", { width: 100, height: 100, mode: "center" }],
    ["70x50t", { width: 70, height: 50, mode: "top" }],
    ["70x50b", { width: 70, height: 50, mode: "bottom" }],
    ["70x50f", { width: 70, height: 50, mode: "fit" }],
    ["0x50", { width: 0, height: 50, mode: "center" }],
    ["70x0", { width: 70, height: 0, mode: "center" }],
  ])("%s", (text, expected) => {
    expect(parseThumbSize(text)).toEqual(expected);
  });

  it.each([
    "0x0",
    "0x0f",
    "100",
    "x100",
    "100x",
    "100x100x",
    "100x100z",
    "-1x5",
    "999999x1",
    " 1x1",
  ])("refuses %j", (text) => {
    expect(parseThumbSize(text)).toBeNull();
  });
});

describe("createThumb", () => {
  it("crops to fill from the centre, the top or the bottom (WxH, WxHt, WxHb)", async () => {
    const tall = await bands(100, 300, [RED, GREEN, BLUE]).png().toBuffer();
    for (const [text, colour] of [
      ["100x100", GREEN],
      ["100x100t", RED],
      ["100x100b", BLUE],
    ] as const) {
      const thumb = await createThumb(tall, size(text), "image/png");
      const meta = await sharp(thumb).metadata();
      expect([meta.width, meta.height, meta.format]).toEqual([100, 100, "png"]);
      expect(close(await pixel(thumb, 50, 50), colour), text).toBe(true);
    }
  });

  it("fits inside without cropping or enlarging (WxHf)", async () => {
    const wide = await bands(300, 200, [RED]).png().toBuffer();
    const fitted = await sharp(await createThumb(wide, size("100x100f"), "image/png")).metadata();
    expect([fitted.width, fitted.height]).toEqual([100, 67]);
    const small = await bands(50, 40, [RED]).png().toBuffer();
    const kept = await sharp(await createThumb(small, size("100x100f"), "image/png")).metadata();
    expect([kept.width, kept.height]).toEqual([50, 40]);
  });

  it("resizes keeping the aspect ratio (0xH, Wx0)", async () => {
    const wide = await bands(300, 200, [RED]).png().toBuffer();
    const byHeight = await sharp(await createThumb(wide, size("0x50"), "image/png")).metadata();
    expect([byHeight.width, byHeight.height]).toEqual([75, 50]);
    const byWidth = await sharp(await createThumb(wide, size("600x0"), "image/png")).metadata();
    expect([byWidth.width, byWidth.height]).toEqual([600, 400]);
  });

  it("keeps JPEG and GIF, turns PNG and WebP into PNG", async () => {
    const source = bands(40, 40, [RED, BLUE]);
    for (const [input, mime, format] of [
      [await source.clone().jpeg().toBuffer(), "image/jpeg", "jpeg"],
      [await source.clone().gif().toBuffer(), "image/gif", "gif"],
      [await source.clone().webp().toBuffer(), "image/webp", "png"],
      [await source.clone().png().toBuffer(), "image/png", "png"],
    ] as const) {
      const meta = await sharp(await createThumb(input, size("20x20"), mime)).metadata();
      expect([meta.format, meta.width, meta.height], mime).toEqual([format, 20, 20]);
    }
  });

  it("uses the first frame of an animated GIF", async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 20, height: 20, channels: 3, background } })
        .raw()
        .toBuffer();
    const animated = await sharp(Buffer.concat([await frame("red"), await frame("blue")]), {
      raw: { width: 20, height: 40, channels: 3, pageHeight: 20 },
    })
      .gif({ loop: 0, delay: [100, 100] })
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(2);
    const thumb = await createThumb(animated, size("10x10"), "image/gif");
    const meta = await sharp(thumb).metadata();
    expect([meta.format, meta.width, meta.height, meta.pages ?? 1]).toEqual(["gif", 10, 10, 1]);
    expect(close(await pixel(thumb, 5, 5), RED)).toBe(true);
  });

  it("refuses decompression bombs and garbage instead of decoding them", async () => {
    await expect(
      createThumb(declaredPng(65535, 65535), size("100x100"), "image/png"),
    ).rejects.toThrow();
    const garbage = Buffer.concat([declaredPng(10, 10).subarray(0, 8), Buffer.alloc(100, 7)]);
    await expect(createThumb(garbage, size("100x100"), "image/png")).rejects.toThrow();
  });

  it("knows which types it thumbnails", () => {
    expect(["image/png", "image/jpeg", "image/gif", "image/webp"].every(canThumb)).toBe(true);
    expect(canThumb("image/svg+xml")).toBe(false);
    expect(canThumb("application/pdf")).toBe(false);
  });
});

describe("image size limits", () => {
  it("reads the declared size without decoding", async () => {
    expect(await imageDimensions(declaredPng(20000, 20000))).toEqual({
      width: 20000,
      height: 20000,
    });
    expect(await imageDimensions(await bands(30, 20, [RED]).jpeg().toBuffer())).toEqual({
      width: 30,
      height: 20,
    });
    expect(await imageDimensions(Buffer.from("not an image"))).toBeNull();
  });

  it("allows 16384 pixels on a side and 40 megapixels in total", () => {
    expect(imageSizeAllowed(16384, 2441)).toBe(true);
    expect(imageSizeAllowed(6324, 6324)).toBe(true);
    expect(imageSizeAllowed(16385, 1)).toBe(false);
    expect(imageSizeAllowed(1, 16385)).toBe(false);
    expect(imageSizeAllowed(7000, 7000)).toBe(false);
    expect(imageSizeAllowed(20000, 20000)).toBe(false);
  });

  it("has a tiny neutral placeholder PNG", async () => {
    const meta = await sharp(THUMB_PLACEHOLDER).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 1, 1]);
    expect(THUMB_PLACEHOLDER.length).toBeLessThan(200);
  });
});
