/**
 * Applies a submitted body to a record (with PocketBase's `field+`, `+field`, `field-`
 * modifiers) and normalises each value to its field type; what each type does with a value
 * and a modifier is its module's (`models/fields/`, ADR 058). Validation is separate
 * (`record-validation.ts`), so rules can see the resolved values first.
 */
import type { UploadedFile } from "../../tools/filesystem/index.ts";
import type { FieldErrors } from "../errors.ts";
import { applyFileField } from "../files/file-input.ts";
import type { Collection, Field } from "../models/collection.ts";
import { fieldType, type BodyModifiers } from "../models/fields/index.ts";
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

export { generateFromPattern } from "../models/fields/text.ts";

/** Fields a body may never set (server-managed). */
function isWritable(field: Field, isCreate: boolean): boolean {
  if (fieldType(field).serverManaged) return false;
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
    const type = fieldType(field);
    let value = values[name] ?? type.empty(field);

    if (has(name)) {
      const r = type.normalise(field, rawBody[name]);
      if ("error" in r) {
        errors[name] = r.error;
        continue;
      }
      value = r.value;
    }
    if (type.modify) {
      const modifiers: BodyModifiers = {};
      if (has(`+${name}`)) modifiers.prepend = rawBody[`+${name}`];
      if (has(`${name}+`)) modifiers.append = rawBody[`${name}+`];
      if (has(`${name}-`)) modifiers.remove = rawBody[`${name}-`];
      if (has(`${name}:autogenerate`)) modifiers.autogenerate = rawBody[`${name}:autogenerate`];
      const modified = type.modify(field, value, modifiers);
      value = modified.value;
      if (modified.error) errors[name] = modified.error;
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
