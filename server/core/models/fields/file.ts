/**
 * Uploaded files, kept as their generated names, one or a list by `maxSelect` (PocketBase's
 * `field_file.go`). What a body's uploads do to the names (replace, `+field`, `field+`,
 * `field-`) and the checks of the files themselves need the file storage, so they live with
 * it: `core/files/file-input.ts`.
 */
import type { FieldBase, FieldType } from "./field-type.ts";
import { oneOrListValues } from "./list-values.ts";
import { withBlank } from "./scalar-values.ts";

/** Uploaded files, stored under generated names. */
export interface FileField extends FieldBase {
  type: "file";
  maxSelect: number;
  /** Bytes per file. */
  maxSize: number;
  mimeTypes: readonly string[];
  thumbs: readonly string[];
  /** Served only with a file token to those who may view the record. */
  protected: boolean;
}

/** The file type. */
export const fileType: FieldType<FileField> = {
  ...oneOrListValues,
  type: "file",
  samples: (field) =>
    field.maxSelect > 1 ? withBlank(field, [], [["a.txt"]]) : withBlank(field, "", ["a.txt"]),
};
