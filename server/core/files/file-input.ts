/**
 * Applies a submitted body to one file field, with PocketBase's semantics: `field` replaces
 * (uploads plus the existing names sent alongside), `+field` prepends, `field+` appends,
 * `field-` removes names, `""`/null/[] clears, single-file fields keep the last file. Then
 * validates what changed: unknown names, count, size and content type (sniffed, never the
 * name or the client's claim).
 */
import {
  canThumb,
  imageDimensions,
  imageSizeAllowed,
  MAX_IMAGE_SIDE,
  MAX_THUMB_INPUT_PIXELS,
  mimeAllowed,
  UploadedFile,
} from "../../tools/filesystem/index.ts";
import { fieldError, type FieldError, type FieldErrors } from "../errors.ts";
import { isMultiValue, type FileField } from "../models/collection.ts";
import type { RecordData } from "../records/request-info.ts";

/** A file field after a body was applied. */
export interface AppliedFileField {
  /** Stored names: one string (`""` when empty) for single fields, a list for multiple ones. */
  value: string | string[];
  /** The new uploads that are part of `value` (to be stored under their `name`). */
  uploads: UploadedFile[];
  /** The first validation failure, if any. */
  error?: FieldError;
}

type Entry = string | UploadedFile;

/** Names (or uploads) from a submitted value; JSON-array strings are read as lists. */
function entriesOf(raw: unknown): Entry[] {
  if (raw === null || raw === undefined || raw === "") return [];
  if (raw instanceof UploadedFile) return [raw];
  if (Array.isArray(raw)) return raw.flatMap((item: unknown) => entriesOf(item));
  if (typeof raw === "number" || typeof raw === "boolean") return [String(raw)];
  if (typeof raw !== "string") return [];
  if (raw.includes("[")) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (Array.isArray(parsed)) return entriesOf(parsed);
    } catch {
      // Not JSON: a plain name.
    }
  }
  return [raw];
}

const nameOf = (entry: Entry): string => (typeof entry === "string" ? entry : entry.name);

function unique(entries: Entry[]): Entry[] {
  const seen = new Set<string>();
  return entries.filter((entry) => {
    const name = nameOf(entry);
    if (seen.has(name)) return false;
    seen.add(name);
    return true;
  });
}

/** The stored names of a field value (wire form: a string or a list). */
export function fileNames(value: unknown): string[] {
  if (Array.isArray(value))
    return value.filter((v): v is string => typeof v === "string" && v !== "");
  return typeof value === "string" && value !== "" ? [value] : [];
}

function validate(field: FileField, entries: Entry[], oldNames: string[]): FieldError | undefined {
  const invalid = entries
    .filter((e): e is string => typeof e === "string" && !oldNames.includes(e))
    .map((name) => name.slice(0, 250));
  if (invalid.length) {
    return fieldError("validation_invalid_file", `Invalid new files: [${invalid.join(" ")}].`, {
      invalidFiles: invalid,
    });
  }
  const maxSelect = Math.max(1, field.maxSelect);
  if (entries.length > maxSelect) {
    return fieldError("validation_too_many_files", "The maximum allowed files is {maxSelect}.", {
      maxSelect,
    });
  }
  for (const upload of entries) {
    if (typeof upload === "string") continue;
    if (upload.size > field.maxSize) {
      return fieldError(
        "validation_file_size_limit",
        `Failed to upload ${JSON.stringify(upload.originalName)} - the maximum allowed file size is ${field.maxSize} bytes.`,
        { file: upload.originalName, maxSize: field.maxSize },
      );
    }
    // SECURITY: the type is sniffed from the bytes; a `.png` name on HTML content is refused.
    if (field.mimeTypes.length && !mimeAllowed(upload.mime, field.mimeTypes)) {
      return fieldError(
        "validation_invalid_mime_type",
        `${JSON.stringify(upload.name)} mime type must be one of: ${field.mimeTypes.join(", ")}.`,
      );
    }
  }
  return undefined;
}

/**
 * Applies `field`, `+field`, `field+` and `field-` from `rawBody` onto the current value.
 * Returns undefined when the body does not touch the field.
 */
export function applyFileField(
  field: FileField,
  current: unknown,
  rawBody: RecordData,
): AppliedFileField | undefined {
  const name = field.name;
  const has = (key: string) => Object.hasOwn(rawBody, key);
  if (![name, `+${name}`, `${name}+`, `${name}-`].some(has)) return undefined;
  const oldNames = fileNames(current);
  let entries: Entry[] = oldNames;
  if (has(name)) entries = entriesOf(rawBody[name]);
  if (has(`+${name}`)) entries = [...entriesOf(rawBody[`+${name}`]), ...entries];
  if (has(`${name}+`)) entries = [...entries, ...entriesOf(rawBody[`${name}+`])];
  if (has(`${name}-`)) {
    const remove = new Set(entriesOf(rawBody[`${name}-`]).filter((e) => typeof e === "string"));
    entries = entries.filter((e) => !remove.has(nameOf(e)));
  }
  entries = unique(entries);
  const multi = isMultiValue(field);
  if (!multi) entries = entries.slice(-1);
  const names = entries.map(nameOf);
  const error = validate(field, entries, oldNames);
  return {
    value: multi ? names : (names[0] ?? ""),
    uploads: entries.filter((e): e is UploadedFile => typeof e !== "string"),
    ...(error ? { error } : {}),
  };
}

/**
 * SECURITY: the first upload among `uploads` whose image header declares more pixels than may
 * be thumbnailed (a side over `MAX_IMAGE_SIDE` or more than `MAX_THUMB_INPUT_PIXELS` in all),
 * as a field error; read from the header only, never decoded. Such an image could never be
 * thumbnailed, so every page showing it would have to send it whole.
 */
export async function oversizedImageError(
  uploads: readonly UploadedFile[],
): Promise<FieldError | undefined> {
  for (const upload of uploads) {
    if (!canThumb(upload.mime)) continue;
    const size = await imageDimensions(upload.data);
    if (!size || imageSizeAllowed(size.width, size.height)) continue;
    return fieldError(
      "validation_image_too_large",
      `Failed to upload ${JSON.stringify(upload.originalName)} - the image is ${size.width}x${size.height} pixels; the maximum allowed is ${MAX_IMAGE_SIDE} pixels on a side and ${MAX_THUMB_INPUT_PIXELS} pixels in total.`,
      {
        file: upload.originalName,
        width: size.width,
        height: size.height,
        maxSide: MAX_IMAGE_SIDE,
        maxPixels: MAX_THUMB_INPUT_PIXELS,
      },
    );
  }
  return undefined;
}

/** `oversizedImageError` for each field of `fieldUploads` that has no error yet. */
export async function oversizedImageErrors(
  fieldUploads: ReadonlyMap<string, readonly UploadedFile[]>,
  errors: FieldErrors,
): Promise<FieldErrors> {
  const found: FieldErrors = {};
  for (const [name, uploads] of fieldUploads) {
    if (errors[name]) continue;
    const error = await oversizedImageError(uploads);
    if (error) found[name] = error;
  }
  return found;
}
