import { describe, expect, it } from "vitest";
import { UploadedFile } from "../../tools/filesystem/index.ts";
import type { FileField } from "../models/collection.ts";
import { applyFileField, fileNames } from "./file-input.ts";

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const many: FileField = {
  name: "docs",
  type: "file",
  maxSelect: 3,
  maxSize: 100,
  mimeTypes: [],
  thumbs: [],
  protected: false,
};
const single: FileField = { ...many, name: "avatar", maxSelect: 1, mimeTypes: ["image/png"] };
const upload = (name: string, data: Buffer = PNG, size?: number) =>
  new UploadedFile(name, data, size);

describe("applyFileField", () => {
  it("leaves an untouched field alone", () => {
    expect(applyFileField(many, ["a.txt"], { other: 1 })).toBeUndefined();
  });

  it("replaces with uploads plus the existing names sent alongside", () => {
    const u = upload("new.png");
    const r = applyFileField(many, ["a.txt", "b.txt"], { docs: ["b.txt", u] })!;
    expect(r.value).toEqual(["b.txt", u.name]);
    expect(r.uploads).toEqual([u]);
    expect(r.error).toBeUndefined();
  });

  it("prepends, appends and removes", () => {
    const first = upload("first.png");
    const last = upload("last.png");
    const r = applyFileField(many, ["a.txt", "b.txt"], {
      "+docs": first,
      "docs+": [last],
      "docs-": ["a.txt"],
    })!;
    expect(r.value).toEqual([first.name, "b.txt", last.name]);
  });

  it('clears with "", null and []', () => {
    for (const empty of ["", null, []]) {
      expect(applyFileField(many, ["a.txt"], { docs: empty })!.value).toEqual([]);
      expect(applyFileField(single, "a.png", { avatar: empty })!.value).toBe("");
    }
  });

  it("keeps the last file of a single-file field", () => {
    const a = upload("a.png");
    const b = upload("b.png");
    const r = applyFileField(single, "old.png", { avatar: [a, b] })!;
    expect(r.value).toBe(b.name);
    expect(r.uploads).toEqual([b]);
  });

  it("reads JSON-array strings as lists of names", () => {
    expect(applyFileField(many, ["a.txt", "b.txt"], { docs: '["b.txt"]' })!.value).toEqual([
      "b.txt",
    ]);
  });

  it("refuses names that are not already there", () => {
    const r = applyFileField(many, ["a.txt"], { docs: ["a.txt", "../../etc/passwd", "x.png"] })!;
    expect(r.error).toEqual({
      code: "validation_invalid_file",
      message: "Invalid new files: [../../etc/passwd x.png].",
      params: { invalidFiles: ["../../etc/passwd", "x.png"] },
    });
  });

  it("limits the number of files", () => {
    const r = applyFileField(many, [], {
      docs: [upload("1"), upload("2"), upload("3"), upload("4")],
    })!;
    expect(r.error).toEqual({
      code: "validation_too_many_files",
      message: "The maximum allowed files is 3.",
      params: { maxSelect: 3 },
    });
  });

  it("limits the size of each upload", () => {
    const r = applyFileField(many, [], { docs: [upload("big.png", PNG.subarray(0, 8), 101)] })!;
    expect(r.error).toEqual({
      code: "validation_file_size_limit",
      message: 'Failed to upload "big.png" - the maximum allowed file size is 100 bytes.',
      params: { file: "big.png", maxSize: 100 },
    });
  });

  it("checks the type of the content, not the name", () => {
    const disguised = upload("photo.png", Buffer.from("<html><script>alert(1)</script>"));
    const r = applyFileField(single, "", { avatar: disguised })!;
    expect(r.error?.code).toBe("validation_invalid_mime_type");
    expect(r.error?.message).toBe(`"${disguised.name}" mime type must be one of: image/png.`);
    expect(applyFileField(single, "", { avatar: upload("noext") })!.error).toBeUndefined();
  });
});

describe("fileNames", () => {
  it("reads single and multiple values", () => {
    expect(fileNames("a.png")).toEqual(["a.png"]);
    expect(fileNames("")).toEqual([]);
    expect(fileNames(["a", "", "b"])).toEqual(["a", "b"]);
    expect(fileNames(null)).toEqual([]);
  });
});
