import { describe, expect, it } from "vitest";
import { analyzeDocument } from "./document.ts";

describe("analyzeDocument", () => {
  it("keeps each field's words in order with their stems in the detected languages", () => {
    const doc = analyzeDocument({
      head: ["Les jardins", "potager"],
      body: ["Nous avons planté des tomates dans le jardin et les fleurs."],
    });
    expect(doc.languages).toEqual(["f"]);
    expect(doc.head.map((f) => f.map((w) => w.word))).toEqual([["les", "jardins"], ["potager"]]);
    expect(doc.head[0]?.[1]?.stems).toEqual(["fjardin"]);
    expect(doc.body).toHaveLength(1);
  });

  it("indexes a related record's text without letting it decide the language", () => {
    const doc = analyzeDocument({
      head: ["Garden"],
      body: [""],
      related: ["le jardin et la maison de la mer"],
    });
    expect(doc.languages).toEqual(["e", "f"]);
    expect(doc.head).toHaveLength(2);
  });

  it("stems in the declared language alone, whatever the words suggest", () => {
    const text = { head: ["Jardins"], body: ["The gardens and the flowers of the house."] };
    expect(analyzeDocument(text).languages).toEqual(["e"]);
    const declared = analyzeDocument({ ...text, language: "f" });
    expect(declared.languages).toEqual(["f"]);
    expect(declared.head[0]?.[0]?.stems).toEqual(["fjardin"]);
  });
});
