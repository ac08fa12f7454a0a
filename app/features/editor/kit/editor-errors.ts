/**
 * Translated messages per field of a failed save: the API's stable validation codes
 * (`data.<field>.code`) through `errors:validation.*`, plus the file codes the editor's
 * upload fields meet (`editor:errors.*`).
 */
import type { AppT } from "../../../lib/i18n/i18n.ts";
import { fieldErrors } from "../../../lib/forms/api-errors.ts";

const FILE_CODES = [
  "validation_file_size_limit",
  "validation_too_many_files",
  "validation_invalid_mime_type",
] as const;

type FileCode = (typeof FILE_CODES)[number];

function isFileCode(code: string): code is FileCode {
  return (FILE_CODES as readonly string[]).includes(code);
}

/**
 * Messages by field name for a failed request (empty when the failure names no field).
 * Field names are the record's (`attachments`, not `attachments+`).
 */
export function editorFieldErrors(error: unknown, t: AppT): Record<string, string> {
  const out = fieldErrors(error, t, (code) =>
    isFileCode(code) ? t(`editor:errors.${code}`) : undefined,
  );
  // Errors of modifier keys (`attachments+`) belong to their field.
  const byField: Record<string, string> = {};
  for (const [key, message] of Object.entries(out)) {
    byField[key.replace(/^\+|[+-]$/g, "")] ??= message;
  }
  return byField;
}
