import { describe, expect, it } from "vitest";
import { baseMime, extensionForMime, mimeAllowed, sniffMime } from "./mime.ts";

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(
    parts.map((p) => (typeof p === "string" ? Buffer.from(p, "latin1") : Buffer.from(p))),
  );

describe("sniffMime", () => {
  it.each([
    ["png", bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], "rest"), "image/png"],
    ["jpeg", bytes([0xff, 0xd8, 0xff, 0xe0], "JFIF"), "image/jpeg"],
    ["gif87", bytes("GIF87a..."), "image/gif"],
    ["gif89", bytes("GIF89a..."), "image/gif"],
    ["webp", bytes("RIFF", [1, 2, 3, 4], "WEBPVP8 "), "image/webp"],
    ["wav", bytes("RIFF", [1, 2, 3, 4], "WAVEfmt "), "audio/wav"],
    ["pdf", bytes("%PDF-1.7\n"), "application/pdf"],
    ["zip", bytes([0x50, 0x4b, 0x03, 0x04], "xx"), "application/zip"],
    ["gzip", bytes([0x1f, 0x8b, 0x08]), "application/gzip"],
    ["mp4", bytes([0, 0, 0, 0x18], "ftypisom", [0, 0, 0, 0]), "video/mp4"],
    ["quicktime", bytes([0, 0, 0, 0x14], "ftypqt  ", [0, 0, 0, 0]), "video/quicktime"],
    ["avif", bytes([0, 0, 0, 0x1c], "ftypavif", [0, 0, 0, 0]), "image/avif"],
    ["webm", bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84], "webm"), "video/webm"],
    ["mp3 with ID3", bytes("ID3", [3, 0, 0]), "audio/mpeg"],
    ["mp3 frame", bytes([0xff, 0xfb, 0x90, 0x00]), "audio/mpeg"],
    ["ogg", bytes("OggS", [0]), "audio/ogg"],
    ["bmp", bytes("BM", [0x46, 0, 0, 0, 0, 0, 0, 0, 0x36, 0, 0, 0, 40, 0, 0, 0]), "image/bmp"],
    ["text starting with BM", bytes("BMW makes cars\n"), "text/plain; charset=utf-8"],
    [
      "svg",
      bytes("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>"),
      "image/svg+xml",
    ],
    [
      "svg after an xml declaration, a comment and a doctype",
      Buffer.from('\ufeff  <?xml version="1.0"?>\n<!-- x -->\n<!DOCTYPE svg>\n<svg>', "utf8"),
      "image/svg+xml",
    ],
    ["html", bytes("<!DOCTYPE html><html><script>alert(1)</script>"), "text/html; charset=utf-8"],
    ["html fragment", bytes("  <script>alert(1)</script>"), "text/html; charset=utf-8"],
    ["html comment", bytes("<!-- hi -->"), "text/html; charset=utf-8"],
    ["xml", bytes('<?xml version="1.0"?><root/>'), "text/xml; charset=utf-8"],
    ["json", bytes('{"a":[1,2]}'), "application/json"],
    ["javascript is text", bytes("alert(document.cookie)"), "text/plain; charset=utf-8"],
    ["utf-8 text", Buffer.from("Journal — été\n"), "text/plain; charset=utf-8"],
    ["empty", bytes(""), "text/plain; charset=utf-8"],
    ["binary", bytes([0x00, 0x01, 0x02, 0x03, 0xfe]), "application/octet-stream"],
  ])("%s", (_name, head, expected) => {
    expect(sniffMime(head)).toBe(expected);
  });

  it("reads a JPEG/HTML polyglot by its first bytes", () => {
    expect(sniffMime(bytes([0xff, 0xd8, 0xff, 0xe0], "<html><script>alert(1)</script>"))).toBe(
      "image/jpeg",
    );
  });
});

describe("type helpers", () => {
  it("strips parameters", () => {
    expect(baseMime("Text/Plain; charset=utf-8")).toBe("text/plain");
  });

  it("matches allowed types without parameters and with the jpg alias", () => {
    expect(mimeAllowed("image/jpeg", ["image/jpg"])).toBe(true);
    expect(mimeAllowed("text/plain; charset=utf-8", ["text/plain"])).toBe(true);
    expect(mimeAllowed("image/svg+xml", ["image/png", "image/jpeg"])).toBe(false);
  });

  it("knows the usual extensions", () => {
    expect(extensionForMime("image/jpeg")).toBe(".jpg");
    expect(extensionForMime("text/plain; charset=utf-8")).toBe(".txt");
    expect(extensionForMime("application/octet-stream")).toBe("");
  });
});
