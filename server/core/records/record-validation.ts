/**
 * Field validation with PocketBase's codes and messages (no database access here); each
 * type's own constraints are its module's (`models/fields/`, ADR 058).
 */
import { fieldError, type FieldErrors } from "../errors.ts";
import type { Collection, Field } from "../models/collection.ts";
import { fieldType } from "../models/fields/index.ts";
import { validatePlainPassword } from "../models/fields/password.ts";
import type { RecordData } from "./request-info.ts";

function isEmpty(field: Field, value: unknown): boolean {
  return fieldType(field).isEmpty(field, value);
}

/** Validates one field's normalised value; returns the first error or undefined. */
export function validateField(
  field: Field,
  value: unknown,
): ReturnType<typeof fieldError> | undefined {
  if (isEmpty(field, value)) {
    return field.required ? fieldError("validation_required", "Cannot be blank.") : undefined;
  }
  return fieldType(field).validate(field, value);
}

/** Validates every field of a record; `only` limits the check to the fields a body touched. */
export function validateRecord(
  collection: Collection,
  values: RecordData,
  only?: Set<string>,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of collection.fields) {
    if (fieldType(field).serverManaged || field.name === "tokenKey") continue;
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
  return validatePlainPassword(field, password);
}
