/**
 * Collection and field models: the shape of the collection registry from which migrations,
 * validation, rule checks, the filter resolver and the PocketBase schema export all derive.
 */

/** Options every field shares. */
interface FieldBase {
  /** Column and JSON key. */
  name: string;
  /** A missing or empty value fails validation with `validation_required`. */
  required?: boolean;
  /** Never returned to non-superusers and not filterable by them. */
  hidden?: boolean;
  /** Part of the collection's built-in structure (id, auth fields, autodates). */
  system?: boolean;
}

/** Plain text; also used for Markdown bodies. */
export interface TextField extends FieldBase {
  type: "text";
  min?: number;
  max?: number;
  /** Anchored regular expression the value must match when not empty. */
  pattern?: string;
  /** Pattern used to generate a value when none is given (only `[a-z0-9]{n}`-style classes). */
  autogeneratePattern?: string;
  primaryKey?: boolean;
  /** Value set on create when the body leaves the field out. */
  default?: string;
}

/** An email address. */
export interface EmailField extends FieldBase {
  type: "email";
}

/** True or false, stored as 0/1. */
export interface BoolField extends FieldBase {
  type: "bool";
}

/** A floating-point number. */
export interface NumberField extends FieldBase {
  type: "number";
  min?: number;
  max?: number;
  onlyInt?: boolean;
}

/** A bcrypt password hash; the plain password is only ever accepted, never returned. */
export interface PasswordField extends FieldBase {
  type: "password";
  min: number;
  max: number;
  cost: number;
}

/** One (`maxSelect` 1) or several values from a fixed list. */
export interface SelectField extends FieldBase {
  type: "select";
  values: readonly string[];
  maxSelect: number;
  default?: string;
}

/** Free-form list of short strings (tags); serialised like a multiple select. */
export interface TagsField extends FieldBase {
  type: "tags";
  maxSelect: number;
  /** Max length of one tag. */
  maxLength: number;
}

/** Reference to records of another collection. */
export interface RelationField extends FieldBase {
  type: "relation";
  collectionId: string;
  maxSelect: number;
  /** Delete this record when the referenced record is deleted (else the reference is cleared). */
  cascadeDelete: boolean;
}

/** Uploaded files, stored under generated names. */
export interface FileField extends FieldBase {
  type: "file";
  maxSelect: number;
  /** Bytes per file. */
  maxSize: number;
  mimeTypes: readonly string[];
  thumbs: readonly string[];
  /** Served only with a file token to those who may view the record. */
  protected: boolean;
}

/** Arbitrary JSON. */
export interface JsonField extends FieldBase {
  type: "json";
  /** Bytes of the serialised value. */
  maxSize: number;
}

/** A date-time in PocketBase's `YYYY-MM-DD HH:MM:SS.sssZ` format. */
export interface DateField extends FieldBase {
  type: "date";
}

/** A date-time set by the server on create and/or update. */
export interface AutodateField extends FieldBase {
  type: "autodate";
  onCreate: boolean;
  onUpdate: boolean;
}

/** Any field of the registry. */
export type Field =
  | TextField
  | EmailField
  | BoolField
  | NumberField
  | PasswordField
  | SelectField
  | TagsField
  | RelationField
  | FileField
  | JsonField
  | DateField
  | AutodateField;

/** Field type names. */
export type FieldType = Field["type"];

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
  switch (field.type) {
    case "select":
    case "relation":
    case "file":
      return field.maxSelect > 1;
    case "tags":
      return true;
    default:
      return false;
  }
}

/** Finds a field by name. */
export function findField(collection: Collection, name: string): Field | undefined {
  return collection.fields.find((f) => f.name === name);
}
