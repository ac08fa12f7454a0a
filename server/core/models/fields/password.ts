/**
 * A bcrypt password hash (PocketBase's `field_password.go`). The plain password comes through
 * the auth body keys (`password`, `passwordConfirm`, `oldPassword`) and is checked against the
 * field's limits by `validatePassword`; the field itself is never written by a body.
 */
import { fieldError, type FieldError } from "../../errors.ts";
import { runeLength, type FieldBase, type FieldType } from "./field-type.ts";
import { scalarValues } from "./scalar-values.ts";

/** A bcrypt password hash; the plain password is only ever accepted, never returned. */
export interface PasswordField extends FieldBase {
  type: "password";
  min: number;
  max: number;
  cost: number;
}

/** The password type. */
export const passwordType: FieldType<PasswordField> = {
  ...scalarValues,
  type: "password",
  serverManaged: true,
};

/** Checks a plain password against the field's limits (`""`: required). */
export function validatePlainPassword(
  field: PasswordField,
  password: string | undefined,
): FieldError | undefined {
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
