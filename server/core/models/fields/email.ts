/** An email address (PocketBase's `field_email.go`). */
import { fieldError } from "../../errors.ts";
import type { FieldBase, FieldType } from "./field-type.ts";
import { scalarValues, withBlank } from "./scalar-values.ts";

/** An email address. */
export interface EmailField extends FieldBase {
  type: "email";
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The email type. */
export const emailType: FieldType<EmailField> = {
  ...scalarValues,
  type: "email",
  validate: (_field, value) =>
    EMAIL_RE.test(value as string) && (value as string).length <= 255
      ? undefined
      : fieldError("validation_is_email", "Must be a valid email address."),
  samples: (field) => withBlank(field, "", ["a@example.com"]),
};
