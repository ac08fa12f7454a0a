/**
 * Collection and field models: the shape of the collection registry from which migrations,
 * validation, rule checks, the filter resolver and the PocketBase schema export all derive.
 * Each field type's options and behaviour are its module's, in `fields/` (ADR 058).
 */

import { fieldType, type Field } from "./fields/index.ts";

export type {
  AutodateField,
  BoolField,
  DateField,
  EmailField,
  Field,
  FieldBase,
  FieldTypeName,
  FileField,
  JsonField,
  NumberField,
  PasswordField,
  RelationField,
  SelectField,
  TagsField,
  TextField,
} from "./fields/index.ts";

/**
 * API rules, written in the filter language. `null` = superusers only, `""` = anyone,
 * anything else must match.
 */
export interface CollectionRules {
  listRule: string | null;
  viewRule: string | null;
  createRule: string | null;
  updateRule: string | null;
  deleteRule: string | null;
}

/** A database index declared by a collection. */
export interface IndexSpec {
  name: string;
  /** Column names; a `lower(x)` entry makes the index case-insensitive on x. */
  columns: readonly string[];
  unique?: boolean;
  /** SQL condition for a partial index, written the same for both dialects. */
  where?: string;
  /** Field that reports `validation_not_unique` when the unique index is hit. */
  field?: string;
}

/** Auth-specific options. */
export interface AuthOptions {
  /** Fields accepted as `identity` by auth-with-password, tried in order. */
  identityFields: readonly string[];
  /** Seconds an auth token lives. */
  authTokenDuration: number;
  /** Rule a record must satisfy to authenticate (`""` = any). */
  authRule: string | null;
  /** Rule granting admin-like edits of other records (email, verified, password). */
  manageRule: string | null;
  /** Sign-in with a code sent by email (`request-otp`, `auth-with-otp`); absent = disabled. */
  otp?: {
    /** Seconds a code stays valid. */
    duration: number;
    /** Digits per code. */
    length: number;
  };
  /**
   * Multi-factor sign-in (PocketBase's MFA): an account that enrolled a second factor (TOTP)
   * must add it after its first factor; absent = disabled.
   */
  mfa?: {
    /** Seconds the first factor stays good for the second step (`_mfas` lifetime). */
    duration: number;
  };
}

/** A collection of the registry. */
export interface Collection extends CollectionRules {
  id: string;
  name: string;
  type: "base" | "auth";
  system: boolean;
  fields: readonly Field[];
  indexes: readonly IndexSpec[];
  auth?: AuthOptions;
}

/** Auth collection: a collection whose `auth` options are set. */
export type AuthCollection = Collection & { type: "auth"; auth: AuthOptions };

/** True when the collection holds authenticable records. */
export function isAuthCollection(collection: Collection): collection is AuthCollection {
  return collection.type === "auth" && collection.auth !== undefined;
}

/** Whether the field's value is a list (JSON array) rather than a single value. */
export function isMultiValue(field: Field): boolean {
  return fieldType(field).multiValue(field);
}

/** Finds a field by name. */
export function findField(collection: Collection, name: string): Field | undefined {
  return collection.fields.find((f) => f.name === name);
}
