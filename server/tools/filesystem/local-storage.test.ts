import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LocalStorage } from "./local-storage.ts";
import { InvalidKeyError } from "./storage.ts";

describe("LocalStorage", () => {
  let root: string;
  let storage: LocalStorage;

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "cahier-storage-"));
    storage = new LocalStorage(path.join(root, "storage"));
  });
  afterEach(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("writes, opens, reads ranges and streams", async () => {
    await storage.write("c1/r1/a.txt", Buffer.from("hello world"));
    expect(fs.readFileSync(path.join(root, "storage", "c1", "r1", "a.txt"), "utf8")).toBe(
      "hello world",
    );
    const file = await storage.open("c1/r1/a.txt");
    expect(file).not.toBeNull();
    expect(file!.size).toBe(11);
    expect(file!.modified).toBeInstanceOf(Date);
    expect((await file!.read(6, 100)).toString()).toBe("world");
    expect(await text(file!.stream({ start: 0, end: 4 }))).toBe("hello");
    const whole = await storage.open("c1/r1/a.txt");
    expect(await text(whole!.stream())).toBe("hello world");
  });

  it("replaces a file atomically and leaves no temporary file behind", async () => {
    await storage.write("c1/r1/a.txt", Buffer.from("one"));
    await storage.write("c1/r1/a.txt", Buffer.from("two"));
    expect(fs.readdirSync(path.join(root, "storage", "c1", "r1"))).toEqual(["a.txt"]);
    const file = await storage.open("c1/r1/a.txt");
    expect((await file!.read(0, 10)).toString()).toBe("two");
    await file!.close();
  });

  it("deletes files and prefixes, pruning empty folders", async () => {
    await storage.write("c1/r1/a.txt", Buffer.from("a"));
    await storage.write("c1/r1/thumbs_a.txt/10x10_a.txt", Buffer.from("t"));
    await storage.write("c1/r2/b.txt", Buffer.from("b"));
    await storage.deletePrefix("c1/r1/thumbs_a.txt/");
    expect(fs.readdirSync(path.join(root, "storage", "c1", "r1"))).toEqual(["a.txt"]);
    await storage.delete("c1/r1/a.txt");
    await storage.delete("c1/r1/a.txt");
    expect(fs.existsSync(path.join(root, "storage", "c1", "r1"))).toBe(false);
    expect(fs.existsSync(path.join(root, "storage", "c1", "r2", "b.txt"))).toBe(true);
    await storage.deletePrefix("c1/r2/");
    expect(fs.existsSync(path.join(root, "storage", "c1"))).toBe(false);
    await expect(storage.deletePrefix("")).rejects.toThrow();
  });

  it("lists files under a prefix", async () => {
    await storage.write("c1/r1/a.txt", Buffer.from("a"));
    await storage.write("c1/r1/thumbs_a.txt/10x10_a.txt", Buffer.from("t"));
    await storage.write("c2/r9/z.txt", Buffer.from("z"));
    const keys: string[] = [];
    for await (const { key } of storage.list("c1/")) keys.push(key);
    expect(keys.sort()).toEqual(["c1/r1/a.txt", "c1/r1/thumbs_a.txt/10x10_a.txt"]);
  });

  it.each(["../x", "c1/../../x", "/etc/passwd", "c1//x", "c1/./x", "c1\\..\\x", "c1/x\0", ""])(
    "refuses the key %j",
    async (key) => {
      await expect(storage.write(key, Buffer.from("x"))).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(storage.open(key)).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidKeyError);
    },
  );
});
