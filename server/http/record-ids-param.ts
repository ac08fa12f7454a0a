/**
 * The `?records=id1,id2` list of the count endpoints (`/api/comments/counts`,
 * `/api/fediverse/reactions`): record ids, at most `max` of them, or a 400 at `records`.
 */
import { badRequest, fieldError } from "../core/errors.ts";

const RECORD_ID = /^[a-z0-9]{15}$/;

/** The ids of `?records=`, or a 400 for a missing list, a malformed id or more than `max`. */
export function recordIdsParam(value: string | undefined, max: number): string[] {
  const ids = (value ?? "")
    .split(",")
    .map((id) => id.trim())
    .filter(Boolean);
  const invalid = (message: string) =>
    badRequest("Invalid records list.", {
      records: fieldError("validation_invalid_value", message),
    });
  if (ids.length === 0) throw invalid("Cannot be blank.");
  if (ids.length > max) throw invalid(`At most ${String(max)} records at once.`);
  if (!ids.every((id) => RECORD_ID.test(id)))
    throw invalid("Each record id has 15 letters or digits.");
  return ids;
}
