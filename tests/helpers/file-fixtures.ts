/**
 * Test material for the files API: multipart bodies with file parts, and real images made
 * with sharp at run time (no binary fixtures are committed).
 */
import { crc32 } from "node:zlib";
import sharp from "sharp";

/** A multipart part: a text value, or a file with a client-side name. */
export type Part =
  | { name: string; value: string }
  | { name: string; filename: string; data: Uint8Array; type?: string };

/** Builds a `multipart/form-data` body and its content type. */
export function multipartBody(parts: readonly Part[]): {
  body: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----cahier${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ("value" in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
      );
      continue;
    }
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
          `Content-Type: ${part.type ?? "application/octet-stream"}\r\n\r\n`,
      ),
      Buffer.from(part.data),
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(chunks),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

/** A real image of `width` × `height` in `format`, one colour. */
export async function image(
  format: "png" | "jpeg" | "gif" | "webp",
  width: number,
  height: number,
  background = "#c04020",
): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background } });
  switch (format) {
    case "png":
      return base.png().toBuffer();
    case "jpeg":
      return base.jpeg().toBuffer();
    case "gif":
      return base.gif().toBuffer();
    case "webp":
      return base.webp().toBuffer();
  }
}

/** Format and size of an image. */
export async function imageInfo(
  data: Uint8Array,
): Promise<{ format: string | undefined; width: number | undefined; height: number | undefined }> {
  const meta = await sharp(data).metadata();
  return { format: meta.format, width: meta.width, height: meta.height };
}

/**
 * A PNG that only declares its size (a decompression bomb's header: 65535 × 65535 pixels
 * would take gigabytes decoded).
 */
export function declaredPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", Buffer.alloc(16)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
