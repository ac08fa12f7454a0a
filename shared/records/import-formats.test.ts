import { describe, expect, it } from "vitest";
import en from "../i18n/catalogs/en/data.ts";
import fr from "../i18n/catalogs/fr/data.ts";
import {
  IMPORT_ACCEPT,
  IMPORT_FORMATS,
  importFormatLabelKey,
  importReadsJson,
  isImportFormat,
} from "./import-formats.ts";

describe("import formats", () => {
  it("lists each format once, in the documented order", () => {
    expect(IMPORT_FORMATS).toEqual(["cahier", "dayone", "ghost", "writefreely", "markdown"]);
    expect(isImportFormat("ghost")).toBe(true);
    expect(isImportFormat("toString")).toBe(false);
  });

  it("says which exports may come as a bare JSON file", () => {
    expect(IMPORT_FORMATS.filter(importReadsJson)).toEqual(["ghost", "writefreely"]);
  });

  it("accepts every kind of file some format reads", () => {
    expect(IMPORT_ACCEPT).toBe(".zip,.json,application/zip,application/json");
  });

  it("has a label for every format in both catalogs", () => {
    for (const format of IMPORT_FORMATS) {
      expect(importFormatLabelKey(format)).toBe(`import.formats.${format}`);
      expect(en.import.formats[format]).toBeTruthy();
      expect(fr.import.formats[format]).toBeTruthy();
    }
  });
});
