/**
 * Input checks shared by the account flows, with PocketBase's (ozzo-validation) codes and
 * messages, and the collection guards its auth handlers start with.
 */
import { badRequest, CoreError, fieldError, type FieldError, type FieldErrors } from "../errors.ts";
import { isAuthCollection, type AuthCollection, type Collection } from "../models/collection.ts";
import { validateField } from "../records/record-validation.ts";

/**
 * A request's input, read when the flow asks for it: PocketBase reads the body only after its
 * guards (collection, auth), so a bad body never hides a 401, 403 or 404.
 */
export type ReadInput<T> = () => Promise<T>;

/** Message of a 400 whose fields failed validation. */
export const VALIDATION_FAILED = "An error occurred while validating the submitted data.";

/** `validation_required` "Cannot be blank." */
export const BLANK: FieldError = fieldError("validation_required", "Cannot be blank.");

/** The collection as an auth collection; 404 `Missing or invalid auth collection context.` otherwise. */
export function requireAuthCollection(collection: Collection): AuthCollection {
  if (!isAuthCollection(collection))
    throw new CoreError(404, "Missing or invalid auth collection context.");
  return collection;
}

function runeLength(value: string): number {
  let n = 0;
  for (const _ of value) n++;
  return n;
}

/** ozzo's `Length(min, max)` on a non-empty value. */
export function lengthError(value: string, min: number, max: number): FieldError | undefined {
  const length = runeLength(value);
  if (length >= min && length <= max) return undefined;
  return fieldError(
    "validation_length_out_of_range",
    "The length must be between {min} and {max}.",
    // Keys in Go's map order (sorted), as PocketBase serialises them.
    { max, min },
  );
}

/** `Required, Length(1, 255), EmailFormat`: the checks of every `email`/`newEmail` input. */
export function emailError(value: string): FieldError | undefined {
  if (value === "") return BLANK;
  return (
    lengthError(value, 1, 255) ??
    validateField({ name: "email", type: "email" }, value) ??
    undefined
  );
}

/** `Required, Length(min, max)`. */
export function requiredLengthError(
  value: string,
  min: number,
  max: number,
): FieldError | undefined {
  return value === "" ? BLANK : lengthError(value, min, max);
}

/**
 * Reads the input of a flow that starts from an address (`{email}`) and checks the address
 * (400 with PocketBase's field error otherwise).
 */
export async function readEmail(read: ReadInput<{ email: string }>): Promise<string> {
  const { email } = await read();
  throwIfInvalid({ email: emailError(email) });
  return email;
}

/**
 * Throws the 400 `An error occurred while validating the submitted data.` when any field
 * failed, with the failed fields' errors in `data`.
 */
export function throwIfInvalid(errors: Record<string, FieldError | undefined>): void {
  const data: FieldErrors = {};
  // Sorted, as Go serialises PocketBase's error map.
  for (const name of Object.keys(errors).sort()) {
    const error = errors[name];
    if (error) data[name] = error;
  }
  if (Object.keys(data).length) throw badRequest(VALIDATION_FAILED, data);
}
