import { describe, expect, it } from "vitest";
import { ENTRY_ATTACHMENT_MAX_SIZE, POST_COVER_MAX_SIZE } from "#shared/records/file-limits.ts";
import {
  fileBody,
  joinFiles,
  oversized,
  splitFiles,
  tooLargeMessage,
  unsentFiles,
  type OutboxFile,
} from "./outbox-files.ts";
import { coalesce, type OutboxChange } from "./outbox.ts";

const file = (key: string, field = "attachments", size = 3): OutboxFile => ({
  key,
  field,
  name: `${key}.txt`,
  type: "text/plain",
  size,
  blob: new Blob(["abc"], { type: "text/plain" }),
});

describe("outbox files", () => {
  it("splits an explicit save's body into its fields and its files", () => {
    let n = 0;
    const picked = new File(["hello"], "photo.jpg", { type: "image/jpeg" });
    const { fields, files } = splitFiles(
      "entries",
      { title: "T", "attachments+": [picked], "attachments-": ["old_1.txt"] },
      () => `k${String(++n)}`,
    );
    expect(fields).toEqual({ title: "T", "attachments-": ["old_1.txt"] });
    expect(files).toEqual([
      {
        key: "k1",
        field: "attachments",
        name: "photo.jpg",
        type: "image/jpeg",
        size: 5,
        blob: picked,
      },
    ]);
    const cover = splitFiles("posts", { cover: picked, title: "P" }, () => "c");
    expect(cover.files.map((f) => f.field)).toEqual(["cover"]);
    expect(cover.fields).toEqual({ title: "P" });
  });

  it("refuses a file over the server's limit with the server's message", () => {
    expect(oversized("entries", [file("a", "attachments", ENTRY_ATTACHMENT_MAX_SIZE)])).toBeNull();
    expect(oversized("posts", [file("c", "cover", POST_COVER_MAX_SIZE + 1)])).toBe(
      tooLargeMessage("c.txt", POST_COVER_MAX_SIZE),
    );
    expect(tooLargeMessage("a.txt", 10)).toBe(
      'Failed to upload "a.txt" - the maximum allowed file size is 10 bytes.',
    );
  });

  it("joins files of a record's changes: many attachments, the newest cover", () => {
    expect(joinFiles("entries", [file("a")], [file("b")]).map((f) => f.key)).toEqual(["a", "b"]);
    const covers = joinFiles("posts", [file("old", "cover")], [file("new", "cover")]);
    expect(covers.map((f) => f.key)).toEqual(["new"]);
    const first: OutboxChange = {
      seq: 1,
      op: "create",
      collection: "entries",
      id: "r",
      body: { title: "A" },
      files: [file("a")],
      title: "A",
      at: 1,
      attempts: 2,
    };
    const joined = coalesce(first, { ...first, seq: undefined, files: [file("b")], at: 2 });
    expect(joined.files?.map((f) => f.key)).toEqual(["a", "b"]);
    expect(coalesce(first, { ...first, files: undefined }).files).toHaveLength(1);
  });

  it("makes a create's and an edit's multipart fields", async () => {
    const created = fileBody("entries", [file("a"), file("b")], "create");
    expect(Object.keys(created)).toEqual(["attachments"]);
    const appended = fileBody("entries", [file("a")], "update");
    const [sent] = appended["attachments+"] as File[];
    expect(sent?.name).toBe("a.txt");
    expect(await sent?.text()).toBe("abc");
    expect(fileBody("posts", [file("c", "cover")], "update").cover).toBeInstanceOf(File);
  });

  it("leaves out the files an attempt whose answer was lost already stored", () => {
    const files = [file("a"), file("b"), file("late")];
    const attempt = { names: { attachments: ["x_1"] }, keys: ["a", "b"] };
    const landed = { attachments: ["x_1", "a_2", "b_3"] };
    expect(unsentFiles(files, attempt, landed).map((f) => f.key)).toEqual(["late"]);
    const lost = { attachments: ["x_1"] };
    expect(unsentFiles(files, attempt, lost).map((f) => f.key)).toEqual(["a", "b", "late"]);
    expect(unsentFiles(files, undefined, landed)).toHaveLength(3);
  });
});
