import { describe, expect, it } from "vitest";
import { detectLanguages, isStopword, markedStems } from "./languages.ts";
import { textWords } from "./text.ts";

const stems = (word: string, languages: readonly ("e" | "f")[] = ["e", "f"]) =>
  markedStems(textWords(word)[0] as never, languages);

describe("languages", () => {
  it("stems in English and in French, marked by language, folded", () => {
    expect(stems("jardins")).toEqual(["ejardin", "fjardin"]);
    expect(stems("running")).toEqual(["erun", "frunning"]);
    expect(stems("étés")).toEqual(["eete", "eet", "fete"]);
    expect(stems("ete")).toEqual(["eet", "fete"]);
    // With and without accents: either spelling finds the other, as does the verb.
    expect(stems("cuisinées", ["f"])).toEqual(["fcuisin", "fcuisine"]);
    expect(stems("cuisinees", ["f"])).toEqual(["fcuisine"]);
    expect(stems("cuisiner", ["f"])).toEqual(["fcuisin"]);
    expect(stems("2024")).toEqual(["e2024", "f2024"]);
  });

  it("tells English from French by their common words, and says both when unsure", () => {
    const detect = (text: string) => detectLanguages(textWords(text));
    expect(detect("I walked to the river and it was cold in the morning")).toEqual(["e"]);
    expect(
      detect("Nous sommes allés dans le jardin et la pluie est tombée sur les fleurs"),
    ).toEqual(["f"]);
    expect(detect("Jardin")).toEqual(["e", "f"]);
    expect(detect("the garden le jardin the end la fin")).toEqual(["e", "f"]);
  });

  it("knows the common words of both languages", () => {
    expect(isStopword("the")).toBe(true);
    expect(isStopword("les")).toBe(true);
    expect(isStopword("jardin")).toBe(false);
    // "été" (summer) is searched for.
    expect(isStopword("ete")).toBe(false);
  });
});
