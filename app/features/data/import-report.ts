/**
 * The answers of `POST /api/import`, read for the page: the report of an import (what was
 * imported, what was left out and why, each reason worded from its `code`), and a refusal's
 * message in the interface language (the API's stable codes, `data.file.code` and
 * `data.format.code`, are translated).
 */
import {
  isImportSkipCode,
  type ImportSkipCode,
  type ImportSkipParams,
} from "#shared/records/import-skips.ts";
import type { AppT } from "../../lib/i18n/i18n.ts";

// The formats the import reads, in the order the form offers them, and the files they take:
// defined once with the server's (`shared/records/import-formats.ts`).
export {
  IMPORT_ACCEPT,
  IMPORT_FORMATS,
  importFormatLabelKey,
  type ImportFormat,
} from "#shared/records/import-formats.ts";

/** An item left out or changed: the API's English `reason`, and its `code` when known. */
export interface SkippedLine {
  item: string;
  reason: string;
  code: ImportSkipCode | null;
  params: ImportSkipParams;
}

/** What an import did (or, for a dry run, would do). */
export interface ImportReport {
  imported: { entries: number; posts: number; collections: number; files: number };
  skipped: SkippedLine[];
}

/** The string and number values of a reason's `params`. */
function readParams(value: unknown): ImportSkipParams {
  const params: ImportSkipParams = {};
  if (!value || typeof value !== "object" || Array.isArray(value)) return params;
  for (const [name, param] of Object.entries(value as Record<string, unknown>))
    if (typeof param === "string" || typeof param === "number") params[name] = param;
  return params;
}

/**
 * Why an item was left out or changed, in the interface language: worded from its code, or,
 * for a code this page does not know (a newer server), the API's English reason.
 */
export function reasonText(line: SkippedLine, t: AppT): string {
  const { code, params } = line;
  if (code === null) return line.reason;
  if (code === "refused" && params.fields !== undefined)
    return t("data:import.reasons.refusedFields", { fields: fieldsText(params.fields, t) });
  // Every wording's variables, so any code's message can take them (a missing one is empty).
  const values = { max: "", types: "", tag: "", ...params };
  const size = sizeText(params.size ?? "", t);
  const visibility = wordOf(VISIBILITIES, params.visibility, (key) =>
    t(`data:import.visibility.${key}`),
  );
  return t(`data:import.reasons.${code}`, { ...values, size, visibility });
}

// The API's params carry English words (`10 MB`, Ghost's `paid`, field names): the ones this
// page knows are worded in the reader's language, any other is shown as the API wrote it.
const UNITS = ["KB", "MB", "GB"] as const;
const VISIBILITIES = ["members", "paid", "tiers"] as const;
const FIELDS = [
  "title",
  "content",
  "excerpt",
  "slug",
  "tags",
  "cover",
  "attachments",
  "description",
  "collection",
] as const;

/** `value` worded by `word` when it is one of `known`, else as it is. */
function wordOf<K extends string>(
  known: readonly K[],
  value: string | number | undefined,
  word: (key: K) => string,
): string {
  const text = String(value ?? "");
  const key = known.find((k) => k === text);
  return key ? word(key) : text;
}

/** A size (`5 MB`) with its unit in the reader's language (`5 Mo`). */
function sizeText(size: string | number, t: AppT): string {
  return String(size).replace(/\b[KMG]B\b/g, (unit) =>
    wordOf(UNITS, unit, (key) => t(`data:import.units.${key}`)),
  );
}

/** A list of field names (`cover, title`), each in the reader's language. */
function fieldsText(fields: string | number, t: AppT): string {
  return String(fields)
    .split(", ")
    .map((name) => wordOf(FIELDS, name, (key) => t(`data:import.fields.${key}`)))
    .join(", ");
}

const count = (value: unknown): number =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : 0;

/** The report in a successful answer's body; null when the body is not one. */
export function readReport(body: unknown): ImportReport | null {
  if (!body || typeof body !== "object") return null;
  const { imported, skipped } = body as { imported?: unknown; skipped?: unknown };
  if (!imported || typeof imported !== "object" || !Array.isArray(skipped)) return null;
  const numbers = imported as Record<string, unknown>;
  return {
    imported: {
      entries: count(numbers.entries),
      posts: count(numbers.posts),
      collections: count(numbers.collections),
      files: count(numbers.files),
    },
    skipped: skipped
      .filter(
        (s): s is { item: unknown; reason: unknown; code?: unknown; params?: unknown } =>
          !!s && typeof s === "object",
      )
      .map((s) => ({
        item: String(s.item),
        reason: String(s.reason),
        code: isImportSkipCode(s.code) ? s.code : null,
        params: readParams(s.params),
      })),
  };
}

const FILE_CODES = [
  "validation_import_not_archive",
  "validation_import_unsafe_archive",
  "validation_import_too_large",
  "validation_import_wrong_format",
  "validation_import_invalid",
] as const;

/** A refused import, worded for the form: the message, the field it concerns, the API's detail. */
export interface ImportRefusal {
  message: string;
  field: "file" | "format" | null;
  /** The API's own explanation (`unsafe entry name: ../x`), shown under the message. */
  detail: string | null;
}

/** The message of a refused import (`status` ≥ 400). */
export function readRefusal(status: number, body: unknown, t: AppT): ImportRefusal {
  const data =
    body && typeof body === "object"
      ? (body as { data?: Record<string, unknown> }).data
      : undefined;
  const fileError = data?.file as { code?: unknown; message?: unknown } | undefined;
  const formatError = data?.format as { code?: unknown } | undefined;
  if (status === 413)
    return { message: t("data:import.errors.tooLarge"), field: "file", detail: null };
  if (status === 429) return { message: t("data:import.errors.busy"), field: null, detail: null };
  if (status === 403)
    return { message: t("data:import.errors.forbidden"), field: null, detail: null };
  if (status === 400 && fileError) {
    const code = FILE_CODES.find((c) => c === fileError.code);
    if (code)
      return {
        message: t(`data:import.errors.${code}`),
        field: "file",
        detail: typeof fileError.message === "string" ? fileError.message : null,
      };
    if (fileError.code === "validation_required")
      return { message: t("data:import.missingFile"), field: "file", detail: null };
  }
  if (status === 400 && formatError)
    return {
      message: t("errors:validation.validation_invalid_value"),
      field: "format",
      detail: null,
    };
  return { message: t("data:import.errors.other"), field: null, detail: null };
}
