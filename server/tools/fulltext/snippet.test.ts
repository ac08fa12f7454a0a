import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Language } from "./languages.ts";
import { parseQuery } from "./query.ts";
import { documentSnippet, escapeHtml, snippet } from "./snippet.ts";

/** Text outside `<mark>` and `</mark>` must hold no markup at all. */
function onlyMarks(html: string): boolean {
  return !/[<>]/.test(html.replace(/<\/?mark>/g, ""));
}

describe("snippets", () => {
  it("escapes the text, then marks the matches", () => {
    const out = snippet(
      `<script>alert("x")</script> & l'été <b>jardin</b>`,
      parseQuery("ete jardins"),
      ["f"],
    );
    expect(out).toBe(
      "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; l&#39;<mark>été</mark> &lt;b&gt;<mark>jardin</mark>&lt;/b&gt;",
    );
    expect(onlyMarks(out)).toBe(true);
  });

  it("never lets markup through but its own marks, for any text and query", () => {
    // Text made of words, markup and the characters HTML escapes, so matches happen often.
    const piece = fc.oneof(
      fc.constantFrom("jardin", "été", "garden", "run", "<b>", "</mark>", "<mark>", "&", '"', "'"),
      fc.string({ maxLength: 8 }),
    );
    const text = fc.array(piece, { maxLength: 40 }).map((parts) => parts.join(" "));
    const query = fc.array(piece, { minLength: 1, maxLength: 4 }).map((parts) => parts.join(" "));
    fc.assert(
      fc.property(
        text,
        query,
        fc.constantFrom<Language[]>(["e"], ["f"], ["e", "f"]),
        (t, q, languages) => {
          const out = snippet(t, parseQuery(q), languages);
          expect(onlyMarks(out)).toBe(true);
          // Marks are balanced and never nested.
          expect(out.replace(/<mark>[^<]*<\/mark>/g, "")).not.toMatch(/<\/?mark>/);
        },
      ),
      { seed: 14, numRuns: 500 },
    );
  });

  it("marks stems, prefixes and whole phrases", () => {
    expect(snippet("I was running in the garden", parseQuery("run gard"), ["e"])).toBe(
      "I was <mark>running</mark> in the <mark>garden</mark>",
    );
    expect(snippet("in the garden, the end", parseQuery('"the garden"'), ["e"])).toBe(
      "in <mark>the garden</mark>, the end",
    );
  });

  it("marks as the index matches: in the text's language only", () => {
    // "ete" is French: in a French text, the English stem "et" of the query must not mark "et".
    expect(snippet("du pain et du vin en été", parseQuery("ete "), ["f"])).toBe(
      "du pain et du vin en <mark>été</mark>",
    );
  });

  it("shows the window with the most distinct matches, with ellipses", () => {
    const text = `${"filler ".repeat(40)}apple ${"filler ".repeat(40)}apple banana ${"filler ".repeat(40)}`;
    const out = snippet(text, parseQuery("apple banana "), ["e"], 100);
    expect(out.startsWith("…")).toBe(true);
    expect(out.endsWith("…")).toBe(true);
    expect(out).toContain("<mark>apple</mark> <mark>banana</mark>");
    expect(out.replace(/<\/?mark>|…/g, "").length).toBeLessThanOrEqual(100);
  });

  it("starts at the beginning without a match", () => {
    expect(snippet("Nothing to see here", parseQuery("zzz"), ["e"])).toBe("Nothing to see here");
  });

  it("takes a document's matching body text, else its first body text, else its head", () => {
    const query = parseQuery("potager ");
    expect(
      documentSnippet({ head: ["Potager"], body: ["Nothing", "Le potager en mai"] }, query),
    ).toBe("Le <mark>potager</mark> en mai");
    expect(documentSnippet({ head: ["Potager"], body: ["", "Rien ici"] }, query)).toBe("Rien ici");
    expect(documentSnippet({ head: ["Mon potager", "légumes"], body: [""] }, query)).toBe(
      "Mon <mark>potager</mark> · légumes",
    );
  });

  it("escapes every HTML special character", () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;",
    );
  });
});
