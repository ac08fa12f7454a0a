import { beforeAll, describe, expect, it } from "vitest";
import enData from "#shared/i18n/catalogs/en/data.ts";
import frData from "#shared/i18n/catalogs/fr/data.ts";
import { IMPORT_SKIP_CODES } from "#shared/records/import-skips.ts";
import { APP_NAMESPACES, getI18n, type AppT } from "../../lib/i18n/i18n.ts";
import { readRefusal, readReport, reasonText, type SkippedLine } from "./import-report.ts";

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
        skipped: [
          { item: 'post "A"', reason: "imported as an entry", code: "post_as_entry" },
          {
            item: "a.png (entry)",
            reason: "more than 10 files",
            code: "too_many_files",
            params: { max: 10, bad: { x: 1 } },
          },
          { item: "b", reason: "a reason of a newer server", code: "something_new" },
        ],
      }),
    ).toEqual({
      imported: { entries: 2, posts: 1, collections: 0, files: 3 },
      skipped: [
        { item: 'post "A"', reason: "imported as an entry", code: "post_as_entry", params: {} },
        {
          item: "a.png (entry)",
          reason: "more than 10 files",
          code: "too_many_files",
          params: { max: 10 },
        },
        { item: "b", reason: "a reason of a newer server", code: null, params: {} },
      ],
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

  it("words every reason from its code and params, in both languages", () => {
    const line = (code: SkippedLine["code"], params: SkippedLine["params"] = {}): SkippedLine => ({
      item: "x",
      reason: "the English reason",
      code,
      params,
    });
    const params = { max: 10, size: "5 MB", types: "image/png", visibility: "paid", tag: "notes" };
    for (const code of IMPORT_SKIP_CODES) {
      for (const t of [en, fr]) {
        const text = reasonText(line(code, params), t);
        expect(text, code).not.toMatch(/data:|\{\{|English/);
        expect(text.length, code).toBeGreaterThan(5);
      }
    }
    expect(reasonText(line("too_many_files", { max: 10 }), fr)).toBe(
      frData.import.reasons.too_many_files.replace("{{max}}", "10"),
    );
    expect(reasonText(line("already_imported"), fr)).toBe(frData.import.reasons.already_imported);
    expect(reasonText(line("collection_as_tag", { tag: "field-notes" }), en)).toBe(
      enData.import.reasons.collection_as_tag.replace("{{tag}}", "field-notes"),
    );
    expect(reasonText(line("refused"), en)).toBe(enData.import.reasons.refused);
    expect(reasonText(line("refused", { fields: "attachments" }), fr)).toBe(
      frData.import.reasons.refusedFields.replace("{{fields}}", "pièces jointes"),
    );
    // A code this page does not know: the API's own words.
    expect(reasonText(line(null), fr)).toBe("the English reason");
  });

  it("words the API's English params in French: sizes, Ghost's visibility, field names", () => {
    const line = (code: SkippedLine["code"], params: SkippedLine["params"]): SkippedLine => ({
      item: "x",
      reason: "the English reason",
      code,
      params,
    });
    expect(reasonText(line("file_too_large", { size: "5 MB" }), fr)).toBe("Plus lourd que 5 Mo");
    expect(reasonText(line("file_too_large", { size: "5 MB" }), en)).toBe("Larger than 5 MB");
    expect(reasonText(line("members_only_draft", { visibility: "paid" }), fr)).toBe(
      "Importé comme brouillon\u00a0: réservé à «\u00a0membres payants\u00a0» sur Ghost",
    );
    expect(reasonText(line("refused", { fields: "cover, title, mood" }), fr)).toBe(
      "Refusé par les vérifications du serveur (champs\u00a0: couverture, titre, mood)",
    );
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
