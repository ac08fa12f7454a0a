/**
 * Secrets at rest: AES-256-GCM with a random nonce, bound to a context (the additional
 * authenticated data), so a sealed value opens only with its key and in its own context: a
 * row's secret copied to another row does not open there. Sealed values are text:
 * `v1.<nonce>.<ciphertext>.<tag>`, each part base64url.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const VERSION = "v1";
const NONCE_BYTES = 12;

/** A 32-byte key for one purpose, derived from a master key (HKDF-SHA256). */
export function deriveKey(master: Uint8Array, purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", master, new Uint8Array(0), `cahier:${purpose}`, 32));
}

/** Encrypts `plain` under `key` for `context`. */
export function seal(key: Uint8Array, plain: string, context: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, nonce);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, nonce, body, tag]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** Decrypts a value of {@link seal}; null when the key, the context or the value is wrong. */
export function open(key: Uint8Array, sealed: string, context: string): string | null {
  const [version, nonce, body, tag, ...rest] = sealed.split(".");
  if (version !== VERSION || !nonce || body === undefined || !tag || rest.length) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(nonce, "base64url"));
    decipher.setAAD(Buffer.from(context, "utf8"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([
      decipher.update(Buffer.from(body, "base64url")),
      decipher.final(),
    ]).toString("utf8");
  } catch {
    return null;
  }
}
