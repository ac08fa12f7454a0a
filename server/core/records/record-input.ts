/**
 * Applies a submitted body to a record (with PocketBase's `field+`, `+field`, `field-`
 * modifiers) and normalises each value to its field type. Validation is separate
 * (`record-validation.ts`), so rules can see the resolved values first.
 */
import { randomInt } from "node:crypto";
import type { UploadedFile } from "../../tools/filesystem/index.ts";
import { fieldError, type FieldErrors } from "../errors.ts";
import { applyFileField } from "../files/file-input.ts";
import { isMultiValue, type Collection, type Field } from "../models/collection.ts";
import { emptyValue, parseDateInput } from "./values.ts";
import type { RecordData } from "./request-info.ts";

/** Result of applying a body. */
export interface AppliedBody {
  /** Full record values after the body (wire form: strings, numbers, booleans, arrays). */
  values: RecordData;
  /** Resolved values of the fields the body touched (`@request.body.*`). */
  body: RecordData;
  /** Field names whose value the body touched. */
  touched: Set<string>;
  /** Auth extras, when submitted. */
  password?: string;
  passwordConfirm?: string;
  oldPassword?: string;
  /** Type errors found while normalising (before validation proper), and file errors. */
  errors: FieldErrors;
  /** New uploads kept in file fields' values, to store under their generated names. */
  uploads: UploadedFile[];
  /** The same uploads by field name (for the checks that need to read them). */
  fieldUploads: Map<string, UploadedFile[]>;
}

const TRUE_STRINGS = new Set(["true", "1", "t", "yes", "on"]);

function normalise(
  field: Field,
  raw: unknown,
): { value: unknown } | { error: ReturnType<typeof fieldError> } {
  if (isMultiValue(field)) {
    const list =
      raw === null || raw === undefined || raw === "" ? [] : Array.isArray(raw) ? raw : [raw];
    const out: string[] = [];
    for (const item of list) {
      if (typeof item !== "string" && typeof item !== "number") {
        return { error: fieldError("validation_invalid_value", "Invalid value.") };
      }
      const s = field.type === "tags" ? String(item).trim() : String(item);
      if (s !== "" && !out.includes(s)) out.push(s);
    }
    return { value: out };
  }
  switch (field.type) {
    case "number": {
      if (raw === null || raw === undefined || raw === "") return { value: 0 };
      const n =
        typeof raw === "number"
          ? raw
          : typeof raw === "string" && raw.trim() !== ""
            ? Number(raw)
            : NaN;
      if (!Number.isFinite(n))
        return { error: fieldError("validation_not_a_number", "The value must be a number.") };
      return { value: n };
    }
    case "bool":
      if (typeof raw === "boolean") return { value: raw };
      if (typeof raw === "number") return { value: raw !== 0 };
      if (typeof raw === "string") return { value: TRUE_STRINGS.has(raw.trim().toLowerCase()) };
      if (raw === null || raw === undefined) return { value: false };
      return { error: fieldError("validation_invalid_value", "Invalid value.") };
    case "json":
      if (typeof raw === "string") {
        try {
          return { value: JSON.parse(raw) };
        } catch {
          return { value: raw };
        }
      }
      return { value: raw === undefined ? null : raw };
    case "date":
    case "autodate": {
      const d = parseDateInput(raw);
      if (d === undefined)
        return { error: fieldError("validation_invalid_date", "Must be a valid date.") };
      return { value: d };
    }
    default: {
      if (raw === null || raw === undefined) return { value: "" };
      if (Array.isArray(raw)) {
        // Single-value selects, relations and files keep the last submitted value (PocketBase's
        // "last selected"). SECURITY: a list where text is expected is a type mismatch, not a
        // choice between values (parameter pollution, checklist B22).
        if (field.type !== "select" && field.type !== "relation" && field.type !== "file")
          return { error: fieldError("validation_invalid_value", "Invalid value.") };
        return raw.length === 0 ? { value: "" } : normalise(field, raw[raw.length - 1]);
      }
      if (typeof raw === "string" || typeof raw === "number" || typeof raw === "boolean")
        return { value: String(raw) };
      return { error: fieldError("validation_invalid_value", "Invalid value.") };
    }
  }
}

/** Reads a modifier operand (`tags+`, `+tags`, `tags-`): one value or a list of them. */
function toStringList(raw: unknown): string[] {
  const list =
    raw === null || raw === undefined || raw === "" ? [] : Array.isArray(raw) ? raw : [raw];
  return list
    .filter((v): v is string | number => typeof v === "string" || typeof v === "number")
    .map(String);
}

/** Generates a value from a simple pattern such as `[a-z0-9]{15}` or `user[0-9]{6}`. */
export function generateFromPattern(pattern: string): string {
  return pattern.replace(/\[([^\]]+)\]\{(\d+)\}/g, (_, cls: string, count: string) => {
    const chars: string[] = [];
    for (const m of cls.matchAll(/(.)-(.)|(.)/g)) {
      if (m[3] !== undefined) chars.push(m[3]);
      else
        for (let c = (m[1] as string).charCodeAt(0); c <= (m[2] as string).charCodeAt(0); c++)
          chars.push(String.fromCharCode(c));
    }
    let out = "";
    for (let i = 0; i < Number(count); i++) out += chars[randomInt(chars.length)] ?? "";
    return out;
  });
}

/** Fields a body may never set (server-managed). */
function isWritable(field: Field, isCreate: boolean): boolean {
  if (field.type === "autodate" || field.type === "password") return false;
  if (field.name === "tokenKey") return false;
  if (field.name === "id") return isCreate;
  return true;
}

/**
 * Applies a body to the current values. Unknown keys are ignored; hidden fields are ignored
 * unless `canSetHidden` (superusers).
 */
export function applyBody(
  collection: Collection,
  current: RecordData,
  rawBody: RecordData,
  options: { isCreate: boolean; canSetHidden: boolean },
): AppliedBody {
  const values: RecordData = { ...current };
  const body: RecordData = {};
  const touched = new Set<string>();
  const errors: FieldErrors = {};
  const uploads: UploadedFile[] = [];
  const fieldUploads = new Map<string, UploadedFile[]>();

  for (const field of collection.fields) {
    if (!isWritable(field, options.isCreate)) continue;
    if (field.hidden && !options.canSetHidden) continue;
    const name = field.name;
    const has = (key: string) => Object.hasOwn(rawBody, key);
    const keys = [name, `+${name}`, `${name}+`, `${name}-`, `${name}:autogenerate`].filter(has);
    if (keys.length === 0) continue;
    touched.add(name);
    if (field.type === "file") {
      const applied = applyFileField(field, values[name], rawBody);
      if (applied) {
        values[name] = applied.value;
        body[name] = applied.value;
        uploads.push(...applied.uploads);
        if (applied.uploads.length) fieldUploads.set(name, applied.uploads);
        if (applied.error) errors[name] = applied.error;
      }
      continue;
    }
    let value = values[name] ?? emptyValue(field);

    if (has(name)) {
      const r = normalise(field, rawBody[name]);
      if ("error" in r) {
        errors[name] = r.error;
        continue;
      }
      value = r.value;
    }
    if (field.type === "text" && has(`${name}:autogenerate`)) {
      const prefix = rawBody[`${name}:autogenerate`];
      value = `${typeof prefix === "string" ? prefix : ""}${field.autogeneratePattern ? generateFromPattern(field.autogeneratePattern) : ""}`;
    }
    if (field.type === "number") {
      for (const [key, sign] of [
        [`${name}+`, 1],
        [`${name}-`, -1],
      ] as const) {
        if (!has(key)) continue;
        const r = normalise(field, rawBody[key]);
        if ("error" in r) errors[name] = r.error;
        else value = (value as number) + sign * (r.value as number);
      }
    } else if (isMultiValue(field) || field.type === "select" || field.type === "relation") {
      const multi = isMultiValue(field);
      let list: string[] = multi ? [...(value as string[])] : value === "" ? [] : [String(value)];
      const listOf = (key: string) => toStringList(rawBody[key]);
      if (has(`+${name}`)) list = [...listOf(`+${name}`).filter((v) => !list.includes(v)), ...list];
      if (has(`${name}+`)) list = [...list, ...listOf(`${name}+`).filter((v) => !list.includes(v))];
      if (has(`${name}-`)) {
        const remove = new Set(listOf(`${name}-`));
        list = list.filter((v) => !remove.has(v));
      }
      value = multi ? list : (list[list.length - 1] ?? "");
    }
    values[name] = value;
    body[name] = value;
  }

  const applied: AppliedBody = { values, body, touched, errors, uploads, fieldUploads };
  if (collection.type === "auth") {
    for (const key of ["password", "passwordConfirm", "oldPassword"] as const) {
      const v = rawBody[key];
      if (v === undefined || v === null) continue;
      const s = typeof v === "string" ? v : typeof v === "number" ? String(v) : "";
      applied[key] = s;
      if (key === "password") body.password = s;
    }
  }
  return applied;
}
