import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { removeTree } from "./remove-tree.ts";

describe("removeTree", () => {
  it("deletes a tree of folders and files, and a missing folder quietly", async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "cahier-tree-"));
    const dir = path.join(root, "work");
    for (let n = 0; n < 30; n++) {
      const folder = path.join(dir, `f${String(n % 3)}`, "deep");
      fs.mkdirSync(folder, { recursive: true });
      fs.writeFileSync(path.join(folder, `${String(n)}.md`), "x");
      fs.writeFileSync(path.join(dir, `${String(n)}.txt`), "y");
    }
    fs.symlinkSync(path.join(root, "elsewhere"), path.join(dir, "link"));
    await removeTree(dir);
    expect(fs.existsSync(dir)).toBe(false);
    await removeTree(dir);
    await removeTree(path.join(root, "never"));
    expect(fs.readdirSync(root)).toEqual([]);
    fs.rmSync(root, { recursive: true });
  });
});
