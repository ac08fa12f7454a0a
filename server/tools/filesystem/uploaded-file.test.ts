import { describe, expect, it } from "vitest";
import { extractExtension, snakecase, storedFileName, UploadedFile } from "./uploaded-file.ts";

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

describe("snakecase", () => {
  it.each([
    ["My Photo", "my_photo"],
    ["myPhoto", "my_photo"],
    ["HTTPServer", "httpserver"],
    ["already_snake__case", "already_snake_case"],
    ["  été à Paris ", "t_paris"],
    ["../../etc/passwd", "etc_passwd"],
    ["", ""],
  ])("%j → %j", (input, expected) => {
    expect(snakecase(input)).toBe(expected);
  });
});

describe("extractExtension", () => {
  it.each([
    ["a.txt", ".txt"],
    ["a.tar.gz", ".tar.gz"],
    ["a.b.tar.gz", ".tar.gz"],
    ["noext", ""],
    [".env", ".env"],
    ["..x", "..x"],
  ])("%j → %j", (input, expected) => {
    expect(extractExtension(input)).toBe(expected);
  });
});

describe("storedFileName", () => {
  const RANDOM = "[a-z0-9]{10}";

  it("snake-cases the base, appends 10 random characters and keeps the extension's case", () => {
    expect(storedFileName("My Photo.PNG", "image/png")).toMatch(
      new RegExp(`^my_photo_${RANDOM}\\.PNG$`),
    );
  });

  it("keeps double extensions", () => {
    expect(storedFileName("backup.tar.gz", "application/gzip")).toMatch(
      new RegExp(`^backup_${RANDOM}\\.tar\\.gz$`),
    );
  });

  it("takes the extension from the content when the name has none", () => {
    expect(storedFileName("photo", "image/png")).toMatch(new RegExp(`^photo_${RANDOM}\\.png$`));
    expect(storedFileName("blob", "application/octet-stream")).toMatch(
      new RegExp(`^blob_${RANDOM}$`),
    );
  });

  it("pads short names with random characters", () => {
    expect(storedFileName("a.txt", "text/plain")).toMatch(
      new RegExp(`^a${RANDOM}_${RANDOM}\\.txt$`),
    );
  });

  it("cuts long bases and long extensions", () => {
    const name = storedFileName(`${"x".repeat(300)}.${"e".repeat(30)}`, "text/plain");
    const [base] = name.split("_");
    expect(base).toHaveLength(100);
    expect(name.slice(name.lastIndexOf("."))).toBe(`.${"e".repeat(20)}`);
  });

  it.each([
    "../../x.png",
    "..\\..\\x.png",
    ".env",
    "%2e%2e%2fx.png",
    "a\0b.png",
    "x".repeat(10_000),
    "evil\u202egnp.exe",
    "CON",
    "a.php.jpg",
    "<script>alert(1)</script>.png",
    'quote".png',
  ])("never yields a path, markup or a reserved name from %j", (original) => {
    const name = storedFileName(original, "image/png");
    expect(name).toMatch(/^[a-z0-9_]+(\.[\w.*\-+=#]*)?$/);
    expect(name.length).toBeLessThanOrEqual(132);
    expect(name).not.toMatch(/^con(\.|$)/);
  });

  it("draws a fresh random part every time", () => {
    expect(storedFileName("a.png", "image/png")).not.toBe(storedFileName("a.png", "image/png"));
  });
});

describe("UploadedFile", () => {
  it("sniffs the content and names the file", () => {
    const file = new UploadedFile("avatar", PNG);
    expect(file.mime).toBe("image/png");
    expect(file.name).toMatch(/^avatar_[a-z0-9]{10}\.png$/);
    expect(file.complete).toBe(true);
    expect(file.size).toBe(PNG.length);
  });

  it("remembers the full size of a file it kept only the head of", () => {
    const file = new UploadedFile("big.png", PNG, 10_000_000);
    expect(file.complete).toBe(false);
    expect(file.size).toBe(10_000_000);
    expect(file.mime).toBe("image/png");
  });
});
