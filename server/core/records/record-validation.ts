/** Field validation with PocketBase's codes and messages (no database access here). */
import { fieldError, type FieldErrors } from "../errors.ts";
import { isMultiValue, type Collection, type Field } from "../models/collection.ts";
import type { RecordData } from "./request-info.ts";

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function runeLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

function isEmpty(field: Field, value: unknown): boolean {
  if (isMultiValue(field)) return !Array.isArray(value) || value.length === 0;
  if (field.type === "bool") return value !== true;
  if (field.type === "number") return value === 0 || value === undefined || value === null;
  if (field.type === "json")
    return (
      value === null ||
      value === undefined ||
      value === "" ||
      (Array.isArray(value) && value.length === 0) ||
      (typeof value === "object" && Object.keys(value).length === 0)
    );
  return value === "" || value === undefined || value === null;
}

/** Validates one field's normalised value; returns the first error or undefined. */
export function validateField(
  field: Field,
  value: unknown,
): ReturnType<typeof fieldError> | undefined {
  if (isEmpty(field, value)) {
    return field.required ? fieldError("validation_required", "Cannot be blank.") : undefined;
  }
  switch (field.type) {
    case "text": {
      const s = value as string;
      const len = runeLength(s);
      if (field.min !== undefined && len < field.min) {
        return fieldError(
          "validation_min_text_constraint",
          "Must be at least {min} character(s).",
          { min: field.min },
        );
      }
      if (field.max !== undefined && len > field.max) {
        return fieldError(
          "validation_max_text_constraint",
          "Must be no more than {max} character(s).",
          { max: field.max },
        );
      }
      if (field.pattern && !new RegExp(field.pattern).test(s)) {
        return fieldError("validation_invalid_format", "Invalid value format.");
      }
      return undefined;
    }
    case "email":
      return EMAIL_RE.test(value as string) && (value as string).length <= 255
        ? undefined
        : fieldError("validation_is_email", "Must be a valid email address.");
    case "number": {
      const n = value as number;
      if (field.onlyInt && !Number.isInteger(n))
        return fieldError("validation_only_int_constraint", "Decimal numbers are not allowed.");
      if (field.min !== undefined && n < field.min) {
        return fieldError("validation_min_number_constraint", "Must be larger than {min}.", {
          min: field.min,
        });
      }
      if (field.max !== undefined && n > field.max) {
        return fieldError("validation_max_number_constraint", "Must be less than {max}.", {
          max: field.max,
        });
      }
      return undefined;
    }
    case "select": {
      const list = isMultiValue(field) ? (value as string[]) : [value as string];
      for (const v of list) {
        if (!field.values.includes(v))
          return fieldError("validation_invalid_value", "Invalid value {value}.", { value: v });
      }
      if (list.length > field.maxSelect) {
        return fieldError("validation_too_many_values", "Select no more than {maxSelect}.", {
          maxSelect: field.maxSelect,
        });
      }
      return undefined;
    }
    case "tags": {
      const list = value as string[];
      if (list.length > field.maxSelect) {
        return fieldError("validation_too_many_values", "Select no more than {maxSelect}.", {
          maxSelect: field.maxSelect,
        });
      }
      for (const tag of list) {
        if (runeLength(tag) > field.maxLength) {
          return fieldError(
            "validation_max_text_constraint",
            "Must be no more than {max} character(s).",
            { max: field.maxLength },
          );
        }
      }
      return undefined;
    }
    case "relation": {
      const list = isMultiValue(field) ? (value as string[]) : [value as string];
      if (list.length > field.maxSelect) {
        return fieldError("validation_too_many_values", "Select no more than {maxSelect}.", {
          maxSelect: field.maxSelect,
        });
      }
      return undefined;
    }
    case "json": {
      const size = Buffer.byteLength(JSON.stringify(value));
      return size > field.maxSize
        ? fieldError(
            "validation_json_size_limit",
            "The maximum allowed JSON size is {maxSize} bytes.",
            { maxSize: field.maxSize },
          )
        : undefined;
    }
    default:
      return undefined;
  }
}

/** Validates every field of a record; `only` limits the check to the fields a body touched. */
export function validateRecord(
  collection: Collection,
  values: RecordData,
  only?: Set<string>,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of collection.fields) {
    if (field.type === "password" || field.type === "autodate" || field.name === "tokenKey")
      continue;
    if (only && !only.has(field.name) && !(field.required && isEmpty(field, values[field.name])))
      continue;
    const error = validateField(field, values[field.name]);
    if (error) errors[field.name] = error;
  }
  return errors;
}

/** Validates a plain password against the auth collection's password field. */
export function validatePassword(
  collection: Collection,
  password: string | undefined,
): ReturnType<typeof fieldError> | undefined {
  const field = collection.fields.find((f) => f.type === "password");
  if (!field) return undefined;
  if (!password) return fieldError("validation_required", "Cannot be blank.");
  const len = runeLength(password);
  if (len < field.min)
    return fieldError("validation_min_text_constraint", "Must be at least {min} character(s).", {
      min: field.min,
    });
  if (len > field.max)
    return fieldError(
      "validation_max_text_constraint",
      "Must be no more than {max} character(s).",
      { max: field.max },
    );
  return undefined;
}
