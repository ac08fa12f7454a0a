import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { dataFolderId } from "./instance-id.ts";

describe("dataFolderId", () => {
  const made: string[] = [];
  const folder = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cahier-id-"));
    made.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("makes an id on first use and keeps it, leaving no draft behind", () => {
    const dir = folder();
    const id = dataFolderId(dir);
    expect(id).toMatch(/^[a-z0-9]{16}$/);
    expect(dataFolderId(dir)).toBe(id);
    expect(fs.readdirSync(dir)).toEqual(["instance-id"]);
    expect(dataFolderId(folder())).not.toBe(id);
  });

  it("makes the data folder when it is missing", () => {
    const dir = path.join(folder(), "nested", "data");
    expect(dataFolderId(dir)).toMatch(/^[a-z0-9]{16}$/);
  });

  it("refuses a file that does not hold an id, naming it", () => {
    const dir = folder();
    fs.writeFileSync(path.join(dir, "instance-id"), "not an id\n");
    expect(() => dataFolderId(dir)).toThrow(/instance-id does not hold a data folder id/);
  });
});
