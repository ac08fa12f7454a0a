/**
 * The formats `POST /api/import` reads (ADR 044), defined once for the server (which reads
 * them, `server/core/data-import/`) and the web app (which offers them): each format's name,
 * the kinds of file its export comes as, and the catalog key of its label. To add a format,
 * add it here, give it a reader in `server/core/data-import/formats/` and list the reader in
 * `import-service.ts`; its label goes in both `data` catalogs (`import.formats.<name>`).
 */

/** A kind of file an export comes as. */
export type ImportFileKind = "zip" | "json";

/** Every format and the files it reads, in the order the API documents and the form offers. */
const FORMAT_FILES = {
  cahier: ["zip"],
  dayone: ["zip"],
  ghost: ["zip", "json"],
  writefreely: ["zip", "json"],
  markdown: ["zip"],
} as const satisfies Record<string, readonly ImportFileKind[]>;

/** A format name. */
export type ImportFormat = keyof typeof FORMAT_FILES;

/** Every format, in the order the API documents them and the form offers them. */
export const IMPORT_FORMATS = Object.keys(FORMAT_FILES) as ImportFormat[];

/** Whether `value` names a format. */
export function isImportFormat(value: unknown): value is ImportFormat {
  return typeof value === "string" && Object.hasOwn(FORMAT_FILES, value);
}

/** The kinds of file a format's export comes as (a zip archive always; some a bare JSON). */
export function importFileKinds(format: ImportFormat): readonly ImportFileKind[] {
  return FORMAT_FILES[format];
}

/** Whether a format's export may be a bare JSON file instead of a zip archive. */
export function importReadsJson(format: ImportFormat): boolean {
  return importFileKinds(format).includes("json");
}

const FILE_TYPES: Record<ImportFileKind, readonly string[]> = {
  zip: [".zip", "application/zip"],
  json: [".json", "application/json"],
};

/**
 * The file input's `accept` list: the extensions, then the media types, of every kind some
 * format reads (`.zip,.json,application/zip,application/json`).
 */
export const IMPORT_ACCEPT = ((): string => {
  const kinds = [...new Set(IMPORT_FORMATS.flatMap((format) => importFileKinds(format)))];
  return [0, 1].flatMap((i) => kinds.map((kind) => FILE_TYPES[kind][i])).join(",");
})();

/** The `data` catalog key of a format's label (`import.formats.ghost`). */
export function importFormatLabelKey(format: ImportFormat): `import.formats.${ImportFormat}` {
  return `import.formats.${format}`;
}
