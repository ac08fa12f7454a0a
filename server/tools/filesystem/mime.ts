/**
 * Content sniffing: the MIME type of a file from its first bytes (magic numbers and a few text
 * heuristics), never from its name or the type a client claimed. Modelled on the detection
 * PocketBase gets from `gabriel-vasile/mimetype`, limited to the formats people upload here.
 */

/** Bytes read from the start of a file to sniff it. */
export const SNIFF_BYTES = 3072;

/** The type of content that could not be recognised. */
export const OCTET_STREAM = "application/octet-stream";

/** One binary signature: bytes at an offset (`null` matches any byte). */
interface Signature {
  mime: string;
  offset?: number;
  bytes: readonly (number | null)[];
}

const ascii = (text: string): number[] => Array.from(Buffer.from(text, "latin1"));

/** Checked in order; the first match wins. */
const SIGNATURES: readonly Signature[] = [
  { mime: "image/png", bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { mime: "image/jpeg", bytes: [0xff, 0xd8, 0xff] },
  { mime: "image/gif", bytes: ascii("GIF87a") },
  { mime: "image/gif", bytes: ascii("GIF89a") },
  { mime: "image/webp", bytes: [...ascii("RIFF"), null, null, null, null, ...ascii("WEBP")] },
  { mime: "audio/wav", bytes: [...ascii("RIFF"), null, null, null, null, ...ascii("WAVE")] },
  { mime: "video/x-msvideo", bytes: [...ascii("RIFF"), null, null, null, null, ...ascii("AVI ")] },
  { mime: "image/x-icon", bytes: [0x00, 0x00, 0x01, 0x00] },
  { mime: "image/tiff", bytes: [0x49, 0x49, 0x2a, 0x00] },
  { mime: "image/tiff", bytes: [0x4d, 0x4d, 0x00, 0x2a] },
  { mime: "application/pdf", bytes: ascii("%PDF-") },
  { mime: "application/zip", bytes: [0x50, 0x4b, 0x03, 0x04] },
  { mime: "application/gzip", bytes: [0x1f, 0x8b] },
  { mime: "application/x-7z-compressed", bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c] },
  { mime: "application/x-rar-compressed", bytes: ascii("Rar!\x1a\x07") },
  { mime: "application/wasm", bytes: [0x00, 0x61, 0x73, 0x6d] },
  { mime: "audio/ogg", bytes: ascii("OggS") },
  { mime: "audio/flac", bytes: ascii("fLaC") },
  { mime: "audio/mpeg", bytes: ascii("ID3") },
  { mime: "font/woff", bytes: ascii("wOFF") },
  { mime: "font/woff2", bytes: ascii("wOF2") },
];

/** ISO base media (`ftyp` box) brands → type. */
const FTYP_BRANDS: Record<string, string> = {
  avif: "image/avif",
  avis: "image/avif",
  heic: "image/heic",
  heix: "image/heic",
  mif1: "image/heif",
  msf1: "image/heif",
  "qt  ": "video/quicktime",
  "M4A ": "audio/x-m4a",
  "3gp4": "video/3gpp",
  "3gp5": "video/3gpp",
  "3g2a": "video/3gpp2",
};

/** Tags that make a text file HTML (the WHATWG sniffing list). */
const HTML_TAGS = [
  "!doctype html",
  "html",
  "head",
  "script",
  "iframe",
  "h1",
  "div",
  "font",
  "table",
  "a",
  "style",
  "title",
  "b",
  "body",
  "br",
  "p",
  "!--",
];

/** Canonical file extension (with the dot) per type, for names uploaded without one. */
const EXTENSIONS: Record<string, string> = {
  "image/png": ".png",
  "image/jpeg": ".jpg",
  "image/gif": ".gif",
  "image/webp": ".webp",
  "image/avif": ".avif",
  "image/heic": ".heic",
  "image/heif": ".heif",
  "image/bmp": ".bmp",
  "image/x-icon": ".ico",
  "image/tiff": ".tiff",
  "image/svg+xml": ".svg",
  "application/pdf": ".pdf",
  "application/zip": ".zip",
  "application/gzip": ".gz",
  "application/x-7z-compressed": ".7z",
  "application/x-rar-compressed": ".rar",
  "application/wasm": ".wasm",
  "application/json": ".json",
  "audio/ogg": ".ogg",
  "audio/flac": ".flac",
  "audio/mpeg": ".mp3",
  "audio/wav": ".wav",
  "audio/x-m4a": ".m4a",
  "video/mp4": ".mp4",
  "video/quicktime": ".mov",
  "video/webm": ".webm",
  "video/x-matroska": ".mkv",
  "video/x-msvideo": ".avi",
  "video/3gpp": ".3gp",
  "video/3gpp2": ".3g2",
  "font/woff": ".woff",
  "font/woff2": ".woff2",
  "text/html": ".html",
  "text/xml": ".xml",
  "text/plain": ".txt",
};

function matches(head: Uint8Array, signature: Signature): boolean {
  const offset = signature.offset ?? 0;
  if (head.length < offset + signature.bytes.length) return false;
  return signature.bytes.every((b, i) => b === null || head[offset + i] === b);
}

function readAscii(head: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...head.subarray(start, start + length));
}

function sniffFtyp(head: Uint8Array): string | undefined {
  if (head.length < 12 || readAscii(head, 4, 4) !== "ftyp") return undefined;
  const major = readAscii(head, 8, 4);
  return FTYP_BRANDS[major] ?? "video/mp4";
}

function sniffMatroska(head: Uint8Array): string | undefined {
  if (!matches(head, { mime: "", bytes: [0x1a, 0x45, 0xdf, 0xa3] })) return undefined;
  return readAscii(head, 0, Math.min(head.length, 64)).includes("webm")
    ? "video/webm"
    : "video/x-matroska";
}

/** `BM` alone is too common in text: a BMP also has a known DIB header size at byte 14. */
function isBmp(head: Uint8Array): boolean {
  if (head.length < 18 || head[0] !== 0x42 || head[1] !== 0x4d) return false;
  const dib = (head[14] ?? 0) | ((head[15] ?? 0) << 8) | ((head[16] ?? 0) << 16);
  return head[17] === 0 && [12, 40, 52, 56, 64, 108, 124].includes(dib);
}

/** An MPEG audio frame header (no ID3 tag): 11 sync bits, a valid layer. */
function isMpegFrame(head: Uint8Array): boolean {
  const [a, b] = [head[0], head[1]];
  return a === 0xff && b !== undefined && (b & 0xe0) === 0xe0 && (b & 0x06) !== 0;
}

/** Text: no bytes that never occur in text (NUL and most C0 controls). */
function isText(head: Uint8Array): boolean {
  for (const b of head) {
    if (b === 0x09 || b === 0x0a || b === 0x0c || b === 0x0d || b === 0x1b) continue;
    if (b < 0x20 || b === 0x7f) return false;
  }
  return true;
}

function sniffText(head: Uint8Array): string {
  let text = new TextDecoder("utf-8", { fatal: false }).decode(head);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const trimmed = text.trimStart();
  const lower = trimmed.toLowerCase();
  // SECURITY: SVG is active content; it is recognised wherever the root element appears
  // after an XML declaration, comments or a doctype, so it is never mistaken for plain text.
  if (/^(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*|<!doctype[^>]*>\s*)*<svg[\s>]/i.test(trimmed)) {
    return "image/svg+xml";
  }
  for (const tag of HTML_TAGS) {
    if (lower.startsWith(`<${tag}`)) {
      const next = lower.charAt(tag.length + 1);
      if (tag === "!--" || next === "" || next === ">" || next === " " || /\s/.test(next)) {
        return "text/html; charset=utf-8";
      }
    }
  }
  if (lower.startsWith("<?xml")) return "text/xml; charset=utf-8";
  if (lower.startsWith("{") || lower.startsWith("[")) {
    try {
      JSON.parse(text);
      return "application/json";
    } catch {
      // Only a prefix of a long file was read, or it is not JSON: plain text either way.
    }
  }
  return "text/plain; charset=utf-8";
}

/**
 * The MIME type of content starting with `head` (pass at least the first `SNIFF_BYTES`).
 * Text types carry `; charset=utf-8`; unknown binary content is `application/octet-stream`.
 *
 * @example sniffMime(await fs.readFile("photo.png")) // "image/png"
 */
export function sniffMime(head: Uint8Array): string {
  if (head.length === 0) return "text/plain; charset=utf-8";
  for (const signature of SIGNATURES) if (matches(head, signature)) return signature.mime;
  const special = sniffFtyp(head) ?? sniffMatroska(head);
  if (special) return special;
  if (isBmp(head)) return "image/bmp";
  if (isMpegFrame(head)) return "audio/mpeg";
  if (isText(head)) return sniffText(head);
  return OCTET_STREAM;
}

/** The type without parameters, lower-cased (`text/plain; charset=utf-8` → `text/plain`). */
export function baseMime(mime: string): string {
  return (mime.split(";")[0] ?? "").trim().toLowerCase();
}

/** Whether a sniffed type is one of `allowed` (parameters ignored; `image/jpg` = `image/jpeg`). */
export function mimeAllowed(mime: string, allowed: readonly string[]): boolean {
  const alias = (m: string) => (m === "image/jpg" ? "image/jpeg" : m);
  const actual = alias(baseMime(mime));
  return allowed.some((a) => alias(baseMime(a)) === actual);
}

/** The usual extension (with the dot) of a type; `""` when there is none. */
export function extensionForMime(mime: string): string {
  return EXTENSIONS[baseMime(mime)] ?? "";
}
