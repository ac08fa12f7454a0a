/**
 * The `FileStorage` contract, run against every implementation: a local folder and an
 * S3-compatible bucket on a real s3rver process.
 */
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { buffer, text } from "node:stream/consumers";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startS3Server, type S3Server } from "#tests/helpers/s3-server.ts";
import { LocalStorage } from "./local-storage.ts";
import { S3Storage } from "./s3-storage.ts";
import { InvalidKeyError, StorageUnavailableError, type FileStorage } from "./storage.ts";

async function keys(storage: FileStorage, prefix: string): Promise<string[]> {
  const out: string[] = [];
  for await (const entry of storage.list(prefix)) {
    expect(entry.modified).toBeInstanceOf(Date);
    out.push(entry.key);
  }
  return out.sort();
}

interface Subject {
  name: string;
  setup(): Promise<FileStorage>;
  teardown(): Promise<void>;
}

let s3: S3Server;
let tempRoot: string;

beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3.cleanup();
});

const subjects: Subject[] = [
  {
    name: "LocalStorage",
    setup: () => {
      tempRoot = fs.mkdtempSync(path.join(os.tmpdir(), "cahier-contract-"));
      return Promise.resolve(new LocalStorage(path.join(tempRoot, "storage")));
    },
    teardown: () => {
      fs.rmSync(tempRoot, { recursive: true, force: true });
      return Promise.resolve();
    },
  },
  {
    name: "S3Storage (s3rver)",
    setup: async () => s3.storage(await s3.createBucket()),
    teardown: () => Promise.resolve(),
  },
];

describe.each(subjects)("FileStorage contract: $name", (subject) => {
  let storage: FileStorage;

  beforeEach(async () => {
    storage = await subject.setup();
  });
  afterEach(async () => {
    await subject.teardown();
  });

  it("writes, opens with size and date, reads ranges and streams", async () => {
    const before = Date.now() - 2_000;
    await storage.write("c1/r1/a.txt", Buffer.from("hello world"));
    const file = await storage.open("c1/r1/a.txt");
    expect(file).not.toBeNull();
    expect(file!.size).toBe(11);
    expect(file!.modified.getTime()).toBeGreaterThanOrEqual(before);
    expect((await file!.read(0, 5)).toString()).toBe("hello");
    expect((await file!.read(6, 100)).toString()).toBe("world");
    expect((await file!.read(11, 10)).length).toBe(0);
    expect(await text(file!.stream({ start: 2, end: 4 }))).toBe("llo");
    const whole = await storage.open("c1/r1/a.txt");
    expect(await text(whole!.stream())).toBe("hello world");
    const unused = await storage.open("c1/r1/a.txt");
    await unused!.close();
  });

  it("keeps binary content and larger files intact", async () => {
    const data = Buffer.alloc(300_000);
    for (let i = 0; i < data.length; i++) data[i] = (i * 31) % 256;
    await storage.write("c1/r1/blob.bin", data);
    const file = await storage.open("c1/r1/blob.bin");
    expect(file!.size).toBe(data.length);
    expect((await buffer(file!.stream())).equals(data)).toBe(true);
    const again = await storage.open("c1/r1/blob.bin");
    const part = await buffer(again!.stream({ start: 100_000, end: 199_999 }));
    expect(part.equals(data.subarray(100_000, 200_000))).toBe(true);
  });

  it("stores a local file's content with writeFile, replacing an older one", async () => {
    const data = Buffer.alloc(2_500_000);
    for (let i = 0; i < data.length; i++) data[i] = (i * 7) % 251;
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "cahier-writefile-"));
    try {
      const source = path.join(folder, "archive.zip");
      fs.writeFileSync(source, data);
      await storage.write("_backups/a.zip", Buffer.from("old"));
      await storage.writeFile("_backups/a.zip", source);
      const file = await storage.open("_backups/a.zip");
      expect(file!.size).toBe(data.length);
      expect((await buffer(file!.stream())).equals(data)).toBe(true);
      // The source is left in place.
      expect(fs.statSync(source).size).toBe(data.length);
      await expect(storage.writeFile("../escape.zip", source)).rejects.toThrow(InvalidKeyError);
      await expect(
        storage.writeFile("_backups/b.zip", path.join(folder, "missing.zip")),
      ).rejects.toThrow(/ENOENT/);
      expect(await storage.exists("_backups/b.zip")).toBe(false);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it("stores and streams an empty file", async () => {
    await storage.write("c1/r1/empty.txt", new Uint8Array());
    const file = await storage.open("c1/r1/empty.txt");
    expect(file!.size).toBe(0);
    expect((await file!.read(0, 10)).length).toBe(0);
    expect(await text(file!.stream())).toBe("");
  });

  it("replaces a file's content", async () => {
    await storage.write("c1/r1/a.txt", Buffer.from("one"));
    await storage.write("c1/r1/a.txt", Buffer.from("second"));
    const file = await storage.open("c1/r1/a.txt");
    expect(file!.size).toBe(6);
    expect((await file!.read(0, 10)).toString()).toBe("second");
    await file!.close();
    expect(await keys(storage, "c1/")).toEqual(["c1/r1/a.txt"]);
  });

  it("answers null / false for missing files and folders", async () => {
    expect(await storage.open("c1/r1/missing.txt")).toBeNull();
    expect(await storage.exists("c1/r1/missing.txt")).toBe(false);
    await storage.write("c1/r1/a.txt", Buffer.from("x"));
    expect(await storage.open("c1/r1")).toBeNull();
    expect(await storage.exists("c1/r1")).toBe(false);
    expect(await storage.exists("c1/r1/a.txt")).toBe(true);
  });

  it("deletes files (missing ones too) and prefixes", async () => {
    await storage.write("c1/r1/a.txt", Buffer.from("a"));
    await storage.write("c1/r1/thumbs_a.txt/10x10_a.txt", Buffer.from("t"));
    await storage.write("c1/r10/c.txt", Buffer.from("c"));
    await storage.write("c1/r2/b.txt", Buffer.from("b"));
    await storage.deletePrefix("c1/r1/thumbs_a.txt/");
    expect(await keys(storage, "c1/r1/")).toEqual(["c1/r1/a.txt"]);
    await storage.delete("c1/r1/a.txt");
    await storage.delete("c1/r1/a.txt");
    await storage.delete("c9/none/none.txt");
    expect(await storage.exists("c1/r1/a.txt")).toBe(false);
    // A prefix is a folder: `c1/r1/` does not reach `c1/r10/`.
    await storage.write("c1/r1/d.txt", Buffer.from("d"));
    await storage.deletePrefix("c1/r1/");
    await storage.deletePrefix("c1/none/");
    expect(await keys(storage, "")).toEqual(["c1/r10/c.txt", "c1/r2/b.txt"]);
    await expect(storage.deletePrefix("c1/r2")).rejects.toThrow();
  });

  it("deletes and lists prefixes holding more than one page of keys", async () => {
    const names = Array.from({ length: 1_005 }, (_, i) => `c1/big/f${String(i).padStart(4, "0")}`);
    for (let i = 0; i < names.length; i += 50) {
      await Promise.all(names.slice(i, i + 50).map((key) => storage.write(key, Buffer.from(key))));
    }
    await storage.write("c1/keep/k.txt", Buffer.from("k"));
    expect(await keys(storage, "c1/big/")).toEqual(names);
    await storage.deletePrefix("c1/big/");
    expect(await keys(storage, "")).toEqual(["c1/keep/k.txt"]);
  });

  it("lists files under a prefix and the whole storage with ''", async () => {
    await storage.write("c1/r1/a.txt", Buffer.from("a"));
    await storage.write("c1/r1/thumbs_a.txt/10x10_a.txt", Buffer.from("t"));
    await storage.write("c2/r3/b.txt", Buffer.from("b"));
    expect(await keys(storage, "c1/")).toEqual(["c1/r1/a.txt", "c1/r1/thumbs_a.txt/10x10_a.txt"]);
    expect(await keys(storage, "")).toEqual([
      "c1/r1/a.txt",
      "c1/r1/thumbs_a.txt/10x10_a.txt",
      "c2/r3/b.txt",
    ]);
    expect(await keys(storage, "c3/")).toEqual([]);
  });

  it("refuses invalid keys everywhere", async () => {
    const bad = ["../x", "a/../../x", "/abs", "a//b", "a/./b", "a\\b", "a\0b", "", "a/"];
    for (const key of bad) {
      await expect(storage.write(key, Buffer.from("x")), key).rejects.toBeInstanceOf(
        InvalidKeyError,
      );
      await expect(storage.open(key), key).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(storage.exists(key), key).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(storage.delete(key), key).rejects.toBeInstanceOf(InvalidKeyError);
    }
    await expect(storage.deletePrefix("../")).rejects.toBeInstanceOf(InvalidKeyError);
    await expect(storage.deletePrefix("")).rejects.toThrow();
    await expect(keys(storage, "../")).rejects.toBeInstanceOf(InvalidKeyError);
  });
});

describe("S3Storage failures", () => {
  it("reports an unreachable service as StorageUnavailableError quickly, without secrets", async () => {
    const secret = "very-secret-value-1234";
    const storage = new S3Storage({
      // A port nothing listens on: the connection is refused.
      endpoint: "http://127.0.0.1:9",
      bucket: "missing-bucket",
      region: "us-east-1",
      accessKey: "access-key-id",
      secret,
      forcePathStyle: true,
      connectionTimeoutMs: 1_000,
      maxAttempts: 2,
    });
    for (const attempt of [
      () => storage.write("c1/r1/a.txt", Buffer.from("x")),
      () => storage.open("c1/r1/a.txt"),
      () => storage.exists("c1/r1/a.txt"),
      () => storage.delete("c1/r1/a.txt"),
      () => storage.deletePrefix("c1/r1/"),
      () => keys(storage, "c1/"),
    ]) {
      const error = await attempt().then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(StorageUnavailableError);
      expect((error as Error).message).not.toContain(secret);
      expect(JSON.stringify(error)).not.toContain(secret);
    }
    await storage.close();
  });

  it("gives up on a service that accepts connections but never answers", async () => {
    const held: net.Socket[] = [];
    const silent = net.createServer((socket) => {
      held.push(socket);
    });
    await new Promise<void>((resolve) => {
      silent.listen(0, "127.0.0.1", resolve);
    });
    const { port } = silent.address() as net.AddressInfo;
    const storage = new S3Storage({
      endpoint: `http://127.0.0.1:${port}`,
      bucket: "silent-bucket",
      region: "us-east-1",
      accessKey: "access-key-id",
      secret: "secret",
      forcePathStyle: true,
      requestTimeoutMs: 300,
      maxAttempts: 2,
    });
    try {
      await expect(storage.open("c1/r1/a.txt")).rejects.toBeInstanceOf(StorageUnavailableError);
      await expect(storage.write("c1/r1/a.txt", Buffer.from("x"))).rejects.toBeInstanceOf(
        StorageUnavailableError,
      );
    } finally {
      await storage.close();
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it("fails on a bucket that does not exist instead of answering 'no file'", async () => {
    const storage = s3.storage("no-such-bucket-here");
    await expect(storage.write("c1/r1/a.txt", Buffer.from("x"))).rejects.toBeInstanceOf(
      StorageUnavailableError,
    );
    await expect(keys(storage, "c1/")).rejects.toBeInstanceOf(StorageUnavailableError);
  });
});
