/**
 * The format of an upload sent without one (`format` missing or `auto`), recognised from its
 * files the way each reader looks for its own: Cahier's manifest `cahier.json`; a JSON file
 * (bare, or at most one folder deep in the zip) whose opening names Ghost's `db` or `data`,
 * WriteFreely's `collections` or `posts`, or Day One's `entries`; else Markdown (or text)
 * files. Only the first 64 KiB of each JSON file are read: the keys that tell these exports
 * apart come first. An upload none of them fits is refused with a 400 that asks for `format`
 * (`validation_required`, as before formats were recognised).
 */
import type { ImportFormat } from "#shared/records/import-formats.ts";
import { badRequest, fieldError } from "../errors.ts";
import type { ImportSource } from "./import-source.ts";

const HEAD_BYTES = 64 * 1024;
const MANIFEST = /(^|\/)cahier\.json$/i;
const NOTES = /\.(md|markdown|mdown|txt)$/i;

/** The format a JSON file's opening names, if any. */
function jsonFormat(head: string): ImportFormat | null {
  const text = head.replace(/^\uFEFF/, "").trimStart();
  if (!text.startsWith("{")) return null;
  const key = (name: string) => new RegExp(`"${name}"\\s*:\\s*[[{]`).test(text);
  if (key("db") || (key("data") && /"posts"\s*:\s*\[/.test(text))) return "ghost";
  if (key("entries")) return "dayone";
  if (key("collections") || key("posts")) return "writefreely";
  return null;
}

/** Recognises the format of `source`; a 400 naming `format` when it cannot. */
export async function detectImportFormat(source: ImportSource): Promise<ImportFormat> {
  const shallow = source.names().filter((name) => name.split("/").length <= 2);
  if (source.isArchive && shallow.some((name) => MANIFEST.test(name))) return "cahier";
  for (const name of shallow.filter((n) => /\.json$/i.test(n)).sort()) {
    const format = jsonFormat(await source.readHead(name, HEAD_BYTES));
    // Day One's export is a zip; a bare JSON file with entries is none of the formats.
    if (format && (format !== "dayone" || source.isArchive)) return format;
  }
  if (source.isArchive && source.names().some((name) => NOTES.test(name))) return "markdown";
  // What a request without `format` answered before formats were recognised, with the reason.
  throw badRequest("An error occurred while validating the submitted data.", {
    format: fieldError("validation_required", "Not recognised from the file: name the format."),
  });
}
