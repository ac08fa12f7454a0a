/**
 * Why an import was refused, as PocketBase-shaped 400s: `data.file` (or `data.format`)
 * carries a stable code the web app translates, and a message that says what was wrong.
 */
import { badRequest, CoreError, fieldError } from "../errors.ts";

/** The codes of a refused import (`data.file.code` or `data.format.code`). */
export type ImportErrorCode =
  /** The upload is neither a zip archive nor, where the format allows one, a JSON file. */
  | "validation_import_not_archive"
  /** An entry leaves the archive (`../`, absolute path) or is a symbolic link. */
  | "validation_import_unsafe_archive"
  /** Too many entries, too many bytes once unpacked, or a JSON file over the limit. */
  | "validation_import_too_large"
  /** The archive is not what the chosen format exports (no `Journal.json`, no `cahier.json`…). */
  | "validation_import_wrong_format"
  /** A file the format needs is broken (corrupt archive, invalid JSON or manifest). */
  | "validation_import_invalid";

const MESSAGE = "The import file could not be read.";

/** A 400 about the uploaded file. */
export function importFileError(code: ImportErrorCode, detail: string): CoreError {
  return badRequest(MESSAGE, { file: fieldError(code, detail) });
}

/** Whether an error is a refusal of the uploaded file (as opposed to a failure of ours). */
export function isImportRefusal(error: unknown): error is CoreError {
  return error instanceof CoreError && error.status === 400;
}
