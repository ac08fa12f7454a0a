/**
 * Per-collection token signing secrets, stored in `_params` and created once. Token keys
 * are `record.tokenKey + secret`, so rotating either invalidates tokens.
 */
import { randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { AnyDB } from "../../data/db.ts";

/** Token types that carry their own secret. */
export type TokenType = "auth" | "file" | "verification" | "passwordReset" | "emailChange";
const TOKEN_TYPES: readonly TokenType[] = [
  "auth",
  "file",
  "verification",
  "passwordReset",
  "emailChange",
];

/** Secrets by collection id, then token type. */
export type Secrets = Record<string, Record<TokenType, string>>;

const SECRETS_PARAM = "secrets";

/** 50 random characters from `[a-zA-Z0-9]`. */
export function randomSecret(length = 50): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  const bytes = randomBytes(length * 2);
  let out = "";
  for (let i = 0; i < bytes.length && out.length < length; i++) {
    const b = bytes[i] as number;
    // 248 = 4 × 62: bytes above it are dropped so every character is equally likely.
    if (b < 248) out += alphabet.charAt(b % 62);
  }
  return out.length === length ? out : randomSecret(length);
}

/** Loads the secrets, creating any that are missing (idempotent across instances). */
export async function loadSecrets(
  db: Kysely<AnyDB>,
  collectionIds: readonly string[],
): Promise<Secrets> {
  return db.transaction().execute(async (trx) => {
    const row = await sql<{
      value: string;
    }>`SELECT "value" FROM "_params" WHERE "id" = ${SECRETS_PARAM}`.execute(trx);
    const secrets: Secrets = row.rows[0] ? (JSON.parse(row.rows[0].value) as Secrets) : {};
    let changed = !row.rows[0];
    for (const id of collectionIds) {
      const existing = secrets[id] ?? ({} as Record<TokenType, string>);
      for (const type of TOKEN_TYPES) {
        if (!existing[type]) {
          existing[type] = randomSecret();
          changed = true;
        }
      }
      secrets[id] = existing;
    }
    if (changed) {
      const value = JSON.stringify(secrets);
      const now = new Date().toISOString();
      // Another instance may have inserted first: keep its secrets (ON CONFLICT DO NOTHING), then re-read.
      if (row.rows[0]) {
        await sql`UPDATE "_params" SET "value" = ${value}, "updated" = ${now} WHERE "id" = ${SECRETS_PARAM}`.execute(
          trx,
        );
      } else {
        await sql`INSERT INTO "_params" ("id", "value", "updated") VALUES (${SECRETS_PARAM}, ${value}, ${now}) ON CONFLICT ("id") DO NOTHING`.execute(
          trx,
        );
        const again = await sql<{
          value: string;
        }>`SELECT "value" FROM "_params" WHERE "id" = ${SECRETS_PARAM}`.execute(trx);
        if (again.rows[0]) return JSON.parse(again.rows[0].value) as Secrets;
      }
    }
    return secrets;
  });
}
