import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { zipSync } from "fflate";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ArchiveError, extractZip } from "./zip.ts";

/** Bytes written under `folder`, in all. */
function bytesUnder(folder: string): number {
  let total = 0;
  for (const name of fs.readdirSync(folder, { recursive: true }) as string[]) {
    const stat = fs.statSync(path.join(folder, name));
    if (stat.isFile()) total += stat.size;
  }
  return total;
}

/**
 * A zip whose one entry (`big.txt`, `size` zero bytes, deflated) declares `declared` bytes in
 * its local header and the central directory: an archive that lies about its size.
 */
function lyingZip(size: number, declared: number): Uint8Array {
  const zip = zipSync({ "big.txt": new Uint8Array(size) }, { level: 9 });
  const view = Buffer.from(zip);
  // Local file header: signature 0x04034b50, uncompressed size at +22.
  view.writeUInt32LE(declared, 22);
  // Central directory header: signature 0x02014b50, uncompressed size at +24.
  const central = view.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  view.writeUInt32LE(declared, central + 24);
  return view;
}

describe("extracting a zip", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "cahier-zip-"));
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("extracts an honest archive", async () => {
    const file = path.join(dir, "ok.zip");
    fs.writeFileSync(file, zipSync({ "notes/a.md": new TextEncoder().encode("# A\n") }));
    const entries = await extractZip(file, path.join(dir, "out"), {
      maxEntries: 10,
      maxUnpackedBytes: 1024,
      allowName: () => true,
    });
    expect(entries.map((e) => e.name)).toEqual(["notes/a.md"]);
    expect(fs.readFileSync(path.join(dir, "out", "notes", "a.md"), "utf8")).toBe("# A\n");
  });

  it("reads each entry's modification time: the Unix time field, else the DOS date", async () => {
    const file = path.join(dir, "dated.zip");
    const unix = Buffer.alloc(5);
    unix.writeUInt8(1, 0);
    unix.writeUInt32LE(Date.UTC(2021, 4, 6, 7, 8, 9) / 1000, 1);
    const local = new Date(2022, 2, 1, 12, 30, 40);
    const text = new TextEncoder().encode("x");
    fs.writeFileSync(
      file,
      zipSync({
        "dos.md": [text, { mtime: local }],
        "unix.md": [text, { mtime: local, extra: { 0x5455: unix } }],
      }),
    );
    const entries = await extractZip(file, path.join(dir, "out"), {
      maxEntries: 10,
      maxUnpackedBytes: 1024,
      allowName: () => true,
    });
    const modified = Object.fromEntries(entries.map((e) => [e.name, e.modified?.toISOString()]));
    expect(modified).toEqual({
      // The zipping machine's clock, without its zone.
      "dos.md": new Date(Date.UTC(2022, 2, 1, 12, 30, 40)).toISOString(),
      "unix.md": "2021-05-06T07:08:09.000Z",
    });
  });

  it("refuses an entry that inflates past its declared size before it costs the disk", async () => {
    // 64 MiB of zeros declared as 1,000 bytes, within a 2 GiB limit on the total.
    const file = path.join(dir, "bomb.zip");
    fs.writeFileSync(file, lyingZip(64 * 1024 * 1024, 1_000));
    const out = path.join(dir, "out");
    const error = await extractZip(file, out, {
      maxEntries: 10,
      maxUnpackedBytes: 2 * 1024 * 1024 * 1024,
      allowName: () => true,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ArchiveError);
    expect((error as Error).message).toBe("archive too large once extracted");
    // Nothing past what the entry declared reached the disk.
    expect(bytesUnder(out)).toBeLessThanOrEqual(1_000);
  });

  it("extracts an archive of thousands of small notes (it overflowed the stack as corrupt)", async () => {
    const notes: Record<string, Uint8Array> = {};
    for (let n = 0; n < 6_000; n++)
      notes[`journal/${String(n).padStart(5, "0")}.md`] = new Uint8Array([120]);
    const file = path.join(dir, "notes.zip");
    fs.writeFileSync(file, zipSync(notes, { level: 6 }));
    const entries = await extractZip(file, path.join(dir, "out"), {
      maxEntries: 10_000,
      maxUnpackedBytes: 1024 * 1024,
      allowName: () => true,
    });
    expect(entries.filter((e) => !e.isDirectory)).toHaveLength(6_000);
    expect(fs.readFileSync(path.join(dir, "out", "journal", "05999.md"), "utf8")).toBe("x");
  });
  it("writes large entries as they inflate and small ones between chunks, answering the sizes written", async () => {
    const large = new Uint8Array(300 * 1024);
    for (let i = 0; i < large.length; i++) large[i] = (i * 7919) % 251;
    const file = path.join(dir, "mixed.zip");
    fs.writeFileSync(
      file,
      zipSync({
        "files/large.bin": large,
        "notes/a.md": new Uint8Array([65]),
        "empty.txt": new Uint8Array(0),
      }),
    );
    const out = path.join(dir, "out");
    const entries = await extractZip(file, out, {
      maxEntries: 10,
      maxUnpackedBytes: 1024 * 1024,
      allowName: () => true,
    });
    expect(Object.fromEntries(entries.map((e) => [e.name, e.size]))).toEqual({
      "files/large.bin": large.length,
      "notes/a.md": 1,
      "empty.txt": 0,
    });
    expect(fs.readFileSync(path.join(out, "files", "large.bin")).equals(Buffer.from(large))).toBe(
      true,
    );
    expect(fs.readFileSync(path.join(out, "empty.txt")).length).toBe(0);
  });

  it("refuses an archive that stores one name twice", async () => {
    const zip = Buffer.from(
      zipSync({ "a.md": new Uint8Array([65]), "b.md": new Uint8Array([66]) }, { level: 0 }),
    );
    // Every "b.md" (local header and central directory) becomes "a.md".
    for (let at = zip.indexOf("b.md"); at >= 0; at = zip.indexOf("b.md", at + 1))
      zip.write("a.md", at);
    const file = path.join(dir, "twice.zip");
    fs.writeFileSync(file, zip);
    const error = await extractZip(file, path.join(dir, "out"), {
      maxEntries: 10,
      maxUnpackedBytes: 1024,
      allowName: () => true,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ArchiveError);
    expect((error as Error).message).toBe("entry stored twice: a.md");
  });
});
