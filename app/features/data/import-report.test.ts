import { beforeAll, describe, expect, it } from "vitest";
import enData from "#shared/i18n/catalogs/en/data.ts";
import frData from "#shared/i18n/catalogs/fr/data.ts";
import { APP_NAMESPACES, getI18n, type AppT } from "../../lib/i18n.ts";
import { readRefusal, readReport } from "./import-report.ts";

describe("import answers", () => {
  let en: AppT;
  let fr: AppT;
  beforeAll(async () => {
    en = (await getI18n("en")).getFixedT("en", APP_NAMESPACES);
    fr = (await getI18n("fr")).getFixedT("fr", APP_NAMESPACES);
  });

  it("reads a report, and nothing that is not one", () => {
    expect(
      readReport({
        imported: { entries: 2, posts: 1, collections: 0, files: 3 },
        skipped: [{ item: 'post "A"', reason: "imported as an entry" }],
      }),
    ).toEqual({
      imported: { entries: 2, posts: 1, collections: 0, files: 3 },
      skipped: [{ item: 'post "A"', reason: "imported as an entry" }],
    });
    expect(readReport({ imported: { entries: -1, posts: "x" }, skipped: [] })?.imported).toEqual({
      entries: 0,
      posts: 0,
      collections: 0,
      files: 0,
    });
    for (const body of [null, "x", {}, { imported: {} }, { skipped: [] }])
      expect(readReport(body)).toBeNull();
  });

  it("words every refusal from the API's codes, in both languages", () => {
    const refused = (code: string, message = "detail") => ({
      status: 400,
      message: "The import file could not be read.",
      data: { file: { code, message } },
    });
    expect(
      readRefusal(400, refused("validation_import_unsafe_archive", "unsafe entry name: ../x"), en),
    ).toEqual({
      message: enData.import.errors.validation_import_unsafe_archive,
      field: "file",
      detail: "unsafe entry name: ../x",
    });
    expect(readRefusal(400, refused("validation_import_wrong_format"), fr).message).toBe(
      frData.import.errors.validation_import_wrong_format,
    );
    expect(readRefusal(400, refused("validation_required"), en)).toMatchObject({
      message: enData.import.missingFile,
      field: "file",
    });
    expect(
      readRefusal(400, { data: { format: { code: "validation_invalid_value" } } }, en).field,
    ).toBe("format");
    expect(readRefusal(413, null, en).message).toBe(enData.import.errors.tooLarge);
    expect(readRefusal(429, {}, fr).message).toBe(frData.import.errors.busy);
    expect(readRefusal(403, {}, en).message).toBe(enData.import.errors.forbidden);
    expect(readRefusal(500, "<html>", en)).toEqual({
      message: enData.import.errors.other,
      field: null,
      detail: null,
    });
  });
});
