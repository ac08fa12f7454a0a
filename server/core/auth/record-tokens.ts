/**
 * The single-purpose tokens of the account flows, as PocketBase issues them: `verification`
 * (`{email}`, 24 h), `passwordReset` (`{email}`, 30 min) and `emailChange` (`{email, newEmail}`,
 * 30 min), HS256-signed with `record.tokenKey + collection secret of that type`.
 *
 * SECURITY: each type has its own secret, so none of them verifies as an auth token (or as
 * another type), and any change of the record's password or email rotates `tokenKey`, which
 * kills every token issued before it.
 */
import { decodeJwt } from "jose";
import type { Row } from "../../data/repositories/record-repository.ts";
import { findCollection } from "../collections/collection-lookup.ts";
import { isAuthCollection, type AuthCollection } from "../models/collection.ts";
import type { RecordService } from "../records/record-service.ts";
import type { Secrets, TokenType } from "./secrets.ts";
import { readUnverifiedClaims, signToken, verifyToken, type TokenClaims } from "./tokens.ts";

/** Token types sent by mail. */
export type EmailTokenType = Extract<TokenType, "verification" | "passwordReset" | "emailChange">;

/** Seconds each mailed token lives (PocketBase's defaults). */
export const EMAIL_TOKEN_DURATIONS: Record<EmailTokenType, number> = {
  verification: 86400,
  passwordReset: 1800,
  emailChange: 1800,
};

/** A verified token and the record it belongs to. */
export interface TokenRecord {
  collection: AuthCollection;
  row: Row;
  claims: TokenClaims;
}

/** The payload of a JWT without checking it (empty for garbage). */
export function unverifiedPayload(token: string): Record<string, unknown> {
  try {
    return decodeJwt(token);
  } catch {
    return {};
  }
}

/** Signs and verifies the mailed tokens of auth records. */
export class RecordTokens {
  private readonly records: RecordService;
  private readonly secrets: Secrets;

  constructor(records: RecordService, secrets: Secrets) {
    this.records = records;
    this.secrets = secrets;
  }

  private key(collectionId: string, tokenKey: unknown, type: TokenType): string {
    const secret = this.secrets[collectionId]?.[type];
    if (!secret) throw new Error(`Missing ${type} secret for collection ${collectionId}`);
    return `${String(tokenKey)}${secret}`;
  }

  /** Signs a token of `type` for a record, with the type's claims and lifetime. */
  sign(
    collection: AuthCollection,
    row: Row,
    type: EmailTokenType,
    claims: { email: string; newEmail?: string },
  ): Promise<string> {
    return signToken(
      { id: String(row.id), type, collectionId: collection.id, ...claims },
      this.key(collection.id, row.tokenKey, type),
      EMAIL_TOKEN_DURATIONS[type],
    );
  }

  /**
   * The record a token of `type` belongs to, once its signature and expiry check out (any
   * collection: callers compare it with theirs); null for anything else.
   */
  async find(token: string, type: EmailTokenType): Promise<TokenRecord | null> {
    const claims = readUnverifiedClaims(token);
    if (!claims || claims.type !== type) return null;
    const collection = findCollection(claims.collectionId);
    if (!collection || collection.id !== claims.collectionId || !isAuthCollection(collection))
      return null;
    const row = await this.records.findById(collection, claims.id);
    if (!row) return null;
    const verified = await verifyToken(token, this.key(collection.id, row.tokenKey, type));
    if (!verified || verified.type !== type) return null;
    return { collection, row, claims: verified };
  }
}
