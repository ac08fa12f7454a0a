import { describe, expect, it } from "vitest";
import { rewriteFileLinks } from "../data-export/file-links.ts";
import { readFrontMatter } from "./front-matter.ts";
import { replaceRelativeLinks, resolveRelative } from "./formats/relative-links.ts";
import { htmlToMarkdown } from "./formats/html-to-markdown.ts";
import {
  clamp,
  cleanTags,
  cleanTitle,
  pbDate,
  runeLength,
  splitTitle,
  visibilityOf,
} from "./import-values.ts";

describe("import values", () => {
  it("reads dates of every common shape, and refuses the rest", () => {
    expect(pbDate("2024-05-06")).toBe("2024-05-06 00:00:00.000Z");
    expect(pbDate("2024-05-06T07:08:09+02:00")).toBe("2024-05-06 05:08:09.000Z");
    expect(pbDate("2024-05-06 07:08:09.123Z")).toBe("2024-05-06 07:08:09.123Z");
    expect(pbDate(1700000000)).toBe("2023-11-14 22:13:20.000Z");
    expect(pbDate(1700000000000)).toBe("2023-11-14 22:13:20.000Z");
    for (const bad of ["", "soon", null, {}, "99999-01-01", Number.NaN])
      expect(pbDate(bad)).toBe("");
  });

  it("cleans titles, tags and visibilities within the registry's limits", () => {
    expect(cleanTitle("  A\n title\t", "x")).toBe("A title");
    expect(cleanTitle("", "from-file")).toBe("from-file");
    expect(runeLength(cleanTitle("é".repeat(300), ""))).toBe(200);
    expect(clamp("abcdef", 4)).toBe("abc…");
    const dropped: string[] = [];
    const tags = cleanTags(
      [
        "#One",
        "one",
        " two ",
        "",
        ...Array.from({ length: 25 }, (_, i) => `t${i}`),
        "x".repeat(50),
      ],
      (tag) => dropped.push(tag),
    );
    expect(tags.slice(0, 2)).toEqual(["One", "two"]);
    expect(tags).toHaveLength(20);
    expect(dropped).toHaveLength(8);
    expect(visibilityOf("PUBLIC")).toBe("public");
    expect(visibilityOf("whatever")).toBe("private");
    expect(splitTitle("# Title\n\nBody\nmore")).toEqual({ title: "Title", body: "Body\nmore" });
  });

  it("reads front matter as data only, and leaves other YAML as text", () => {
    const file = readFrontMatter(
      "---\nTitle: 'Soup: hot'\ndate: 2023-11-20\ntags: [a, b]\n---\nBody\n",
    );
    expect(file).toEqual({
      data: { title: "Soup: hot", date: "2023-11-20", tags: ["a", "b"] },
      hasFrontMatter: true,
      body: "Body\n",
    });
    expect(readFrontMatter("No front matter").hasFrontMatter).toBe(false);
    expect(readFrontMatter("---\n- a list\n---\nx").hasFrontMatter).toBe(false);
    expect(readFrontMatter("---\n__proto__: {polluted: true}\n---\n").data).not.toHaveProperty(
      "polluted",
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // "Billion laughs": aliases past the cap make it plain text, not gigabytes.
    const laughs = ["a: &a [x, x, x, x, x, x, x, x, x]"];
    for (let i = 1; i < 12; i++)
      laughs.push(
        `a${i}: &a${i} [*a${i === 1 ? "" : i - 1}, *a${i === 1 ? "" : i - 1}, *a${i === 1 ? "" : i - 1}]`,
      );
    expect(readFrontMatter(`---\n${laughs.join("\n")}\n---\nbody`).hasFrontMatter).toBe(false);
  });

  it("resolves relative links inside the archive only", () => {
    expect(resolveRelative("notes", "../images/a%20b.png?x=1#y")).toBe("images/a b.png");
    expect(resolveRelative("", "<my file.pdf>")).toBe("my file.pdf");
    for (const outside of [
      "../../etc/passwd",
      "/etc/passwd",
      "https://x.y/a.png",
      "#top",
      "mailto:a@b.c",
      "a\\b",
    ])
      expect(resolveRelative("notes", outside), outside).toBeNull();
    const text = "![a](pic.png) [b](https://x.y/) [c](../../x.png)\n[ref]: pic.png\n";
    expect(replaceRelativeLinks(text, "", (name) => (name === "pic.png" ? "NEW" : null))).toBe(
      "![a](NEW) [b](https://x.y/) [c](../../x.png)\n[ref]: NEW\n",
    );
    // The target as written comes along (a file left out keeps its link as it was).
    const written: string[] = [];
    replaceRelativeLinks("![a](../img/a%20b.png) [b](<../doc x.pdf>)", "notes/day", (name, as) => {
      written.push(`${name} <- ${as}`);
      return null;
    });
    expect(written).toEqual([
      "notes/img/a b.png <- ../img/a%20b.png",
      "notes/doc x.pdf <- <../doc x.pdf>",
    ]);
  });

  it("finds stored file addresses with any origin, query and fragment", () => {
    const text =
      "![x](/api/files/entries/abc123/a_b.png?thumb=400x0) [y](https://site.example/api/files/pbc_1/abc123/doc%20x.pdf#p2) /api/files/entries/ABC/z.png";
    const seen: string[] = [];
    const out = rewriteFileLinks(text, (link) => {
      seen.push(`${link.collection}/${link.recordId}/${link.filename}`);
      return "L";
    });
    expect(seen).toEqual(["entries/abc123/a_b.png", "pbc_1/abc123/doc x.pdf"]);
    expect(out).toBe("![x](L) [y](L) /api/files/entries/ABC/z.png");
  });

  it("turns HTML into clean Markdown and drops active content", () => {
    expect(
      htmlToMarkdown(
        '<h1>T</h1><ol start="3"><li>a</li><li>b</li></ol><script>alert(1)</script><iframe src="x"></iframe><p><em>e</em></p>',
      ),
    ).toBe("# T\n\n3. a\n4. b\n\n*e*");
  });
});
