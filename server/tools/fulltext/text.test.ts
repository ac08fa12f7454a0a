import { describe, expect, it } from "vitest";
import { foldWord, MAX_WORD_LENGTH, textWords } from "./text.ts";

const words = (text: string) => textWords(text).map((w) => w.word);

describe("textWords", () => {
  it("folds case, accents, ligatures and compatibility forms", () => {
    expect(words("Été ÉTÉ été Noël Œuvre Æsir straße ﬁn Øresund Łódź İstanbul")).toEqual([
      "ete",
      "ete",
      "ete",
      "noel",
      "oeuvre",
      "aesir",
      "strasse",
      "fin",
      "oresund",
      "lodz",
      "istanbul",
    ]);
  });

  it("drops French elisions and the English possessive, splits other apostrophes", () => {
    expect(words("l'été d’Anna qu'il jusqu'ici Anna's aujourd'hui don't")).toEqual([
      "ete",
      "anna",
      "il",
      "ici",
      "anna",
      "aujourd",
      "hui",
      "don",
      "t",
    ]);
  });

  it("makes each Chinese and Japanese character a word, keeps other scripts whole", () => {
    expect(words("日本語 ひらがな abc한국어 Ελληνικά Москва")).toEqual([
      "日",
      "本",
      "語",
      "ひ",
      "ら",
      "が",
      "な",
      "abc한국어",
      "ελληνικα",
      "москва",
    ]);
  });

  it("splits on punctuation, keeps digits, drops words too long to be words", () => {
    const long = "a".repeat(MAX_WORD_LENGTH + 1);
    expect(words(`e-mail, 2024/12/01 <b>bold</b> ${long} ok_go`)).toEqual([
      "e",
      "mail",
      "2024",
      "12",
      "01",
      "b",
      "bold",
      "b",
      "ok",
      "go",
    ]);
  });

  it("reports each word's place in the text and its written form", () => {
    const text = "Un Été à l'École";
    expect(textWords(text).map((w) => [text.slice(w.start, w.end), w.written])).toEqual([
      ["Un", "un"],
      ["Été", "été"],
      ["à", "à"],
      ["École", "école"],
    ]);
  });

  it("folds one word", () => {
    expect(foldWord("crème")).toBe("creme");
    expect(foldWord("plain123")).toBe("plain123");
  });
});
