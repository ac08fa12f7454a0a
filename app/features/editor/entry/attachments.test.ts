import { describe, expect, it } from "vitest";
import { storedFileUrl } from "../../../api/files/file-urls.ts";
import { displayFileName, withFileToken } from "../../../lib/records/record-files.ts";
import {
  addedNames,
  hasPendingLinks,
  newPendingFile,
  newPendingKey,
  pendingPreviewUrl,
  pendingReference,
  previewPendingLinks,
  resolvePendingLinks,
} from "./attachments.ts";
import { fileMarkdown } from "../markdown/format-commands.ts";

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

  it("gives picked files a reference in the text made of their name, unique among them", () => {
    expect(pendingReference("photo.jpg", new Set())).toBe("photo.jpg");
    expect(pendingReference("photo.jpg", new Set(["photo.jpg", "photo-2.jpg"]))).toBe(
      "photo-3.jpg",
    );
    expect(pendingReference("README", new Set(["README"]))).toBe("README-2");
    expect(pendingReference(".env", new Set())).toBe(".env");
    // Nothing in a name turns the reference into a scheme, a query, a fragment or an address.
    expect(pendingReference("javascript:alert(1)#x?.png", new Set())).toBe(
      "javascript%3Aalert(1)%23x%3F.png",
    );
    expect(pendingReference("a<b>\\c%.txt", new Set())).toBe("a%3Cb%3E%5Cc%25.txt");
    const first = newPendingFile(new File(["x"], "a b.png"), []);
    const second = newPendingFile(new File(["y"], "a b.png"), [first]);
    expect([first.ref, second.ref]).toEqual(["a b.png", "a b-2.png"]);
    expect(first.key).not.toBe(second.key);
    // The text never holds an internal address: the link is the name.
    expect(fileMarkdown(first.file.name, first.ref, true)).toBe("![a b.png](<a b.png>)");
  });

  it("swaps the links of picked files for the stored files' addresses, and only the links", () => {
    const first = { key: "k1", file: new File(["x"], "a.png"), ref: "a.png" };
    const second = { key: "k2", file: new File(["y"], "b c.pdf"), ref: "b c.pdf" };
    const text = [
      "![a.png](a.png) and [b c.pdf](<b c.pdf>)",
      '![again](a.png "A title") but not a.png itself, nor [x](a.png.bak) or [y](da.png)',
      "[ref]: a.png",
    ].join("\n");
    expect(hasPendingLinks(text, [first, second])).toBe(true);
    expect(hasPendingLinks("plain a.png", [first])).toBe(false);
    const url = (name: string) => storedFileUrl("entries", "rec123", name);
    const resolved = resolvePendingLinks(text, [first, second], ["a_x.png", "b_c_y.pdf"], url);
    expect(resolved).toBe(
      [
        "![a.png](/api/files/entries/rec123/a_x.png) and [b c.pdf](/api/files/entries/rec123/b_c_y.pdf)",
        '![again](/api/files/entries/rec123/a_x.png "A title") but not a.png itself, nor [x](a.png.bak) or [y](da.png)',
        "[ref]: /api/files/entries/rec123/a_x.png",
      ].join("\n"),
    );
    expect(hasPendingLinks(resolved, [first, second])).toBe(false);
    // A file that did not get a name keeps its link.
    expect(resolvePendingLinks(text, [first, second], ["a_x.png"], url)).toContain(
      "[b c.pdf](<b c.pdf>)",
    );
  });

  it("points the preview's copy of the text at the picked files' preview addresses", () => {
    const file = { key: "k1", file: new File(["x"], "a.png"), ref: "a.png" };
    expect(previewPendingLinks("![a.png](a.png)", [file])).toBe(
      `![a.png](${pendingPreviewUrl("k1")})`,
    );
    expect(previewPendingLinks("![a.png](a.png)", [])).toBe("![a.png](a.png)");
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
