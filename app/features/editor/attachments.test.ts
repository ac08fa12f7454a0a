import { describe, expect, it } from "vitest";
import { displayFileName, storedFileUrl, withFileToken } from "../../lib/record-files.ts";
import {
  addedNames,
  hasPendingLinks,
  newPendingKey,
  pendingFileUrl,
  resolvePendingLinks,
} from "./attachments.ts";

describe("attachments", () => {
  it("shows stored names as they were uploaded", () => {
    expect(displayFileName("photo_a1b2c3d4e5.jpg")).toBe("photo.jpg");
    expect(displayFileName("archive_a1b2c3d4e5.tar.gz")).toBe("archive.tar.gz");
    expect(displayFileName("readme_a1b2c3d4e5")).toBe("readme");
    expect(displayFileName("plain.txt")).toBe("plain.txt");
  });

  it("finds the names a save added, in order", () => {
    expect(addedNames(["a.jpg"], ["a.jpg", "b.png", "c.pdf"])).toEqual(["b.png", "c.pdf"]);
    expect(addedNames([], [])).toEqual([]);
  });

  it("swaps placeholders for the stored files' addresses", () => {
    const first = { key: "k1", file: new File(["x"], "a.png") };
    const second = { key: "k2", file: new File(["y"], "b.pdf") };
    const text = `![a](${pendingFileUrl("k1")})\n[b](${pendingFileUrl("k2")}) and ![a again](${pendingFileUrl("k1")})`;
    expect(hasPendingLinks(text)).toBe(true);
    const url = (name: string) => storedFileUrl("entries", "rec123", name);
    const resolved = resolvePendingLinks(text, [first, second], ["a_x.png", "b_y.pdf"], url);
    expect(resolved).toBe(
      "![a](/api/files/entries/rec123/a_x.png)\n[b](/api/files/entries/rec123/b_y.pdf) and ![a again](/api/files/entries/rec123/a_x.png)",
    );
    expect(hasPendingLinks(resolved)).toBe(false);
    // A file that did not get a name keeps its placeholder.
    expect(resolvePendingLinks(text, [first, second], ["a_x.png"], url)).toContain(
      pendingFileUrl("k2"),
    );
  });

  it("makes distinct keys and encoded addresses", () => {
    expect(newPendingKey()).toMatch(/^[0-9a-f]{12}$/);
    expect(newPendingKey()).not.toBe(newPendingKey());
    expect(storedFileUrl("entries", "r1", "a b.png")).toBe("/api/files/entries/r1/a%20b.png");
  });

  it("adds a file token to the rendered links and images of the record's own files only", () => {
    const html =
      '<p><img src="/api/files/entries/r1/a.png" alt="a"> <a href="/api/files/entries/r1/b.pdf?download=1">b</a> ' +
      '<img src="/api/files/entries/r2/c.png" alt="c"> <a href="https://example.com/api/files/entries/r1/x">x</a></p>';
    expect(withFileToken(html, "/api/files/entries/r1/", "tok.en-1_2")).toBe(
      '<p><img src="/api/files/entries/r1/a.png?token=tok.en-1_2" alt="a"> <a href="/api/files/entries/r1/b.pdf?download=1&amp;token=tok.en-1_2">b</a> ' +
        '<img src="/api/files/entries/r2/c.png" alt="c"> <a href="https://example.com/api/files/entries/r1/x">x</a></p>',
    );
    expect(withFileToken(html, "/api/files/entries/r1/", "")).toBe(html);
    expect(withFileToken(html, "/api/files/entries/r1/", 'bad"token')).toBe(html);
  });
});
