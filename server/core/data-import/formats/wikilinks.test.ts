import { describe, expect, it } from "vitest";
import { Placeholders } from "../import-plan.ts";
import { Wikilinks } from "./wikilinks.ts";

describe("Wikilinks", () => {
  it("plans links to notes by path, file name or title; others go back as written", () => {
    const links = new Wikilinks(new Placeholders());
    const text = [
      "See [[Garden]], [[trips/2024-03-01-Rome|our trip]] and [[Soup recipe#Broth]].",
      "Not [[Nowhere]], not ![[photo.png]], not `[[code]]`:",
      "```",
      "[[fenced]]",
      "```",
    ].join("\n");
    const taken = links.take({ key: "a", name: "notes/a.md", title: "A" }, text);
    links.take({ key: "g", name: "Garden.md", title: "The garden" }, "");
    links.take({ key: "r", name: "trips/2024-03-01-Rome.md", title: "Rome" }, "");
    links.take({ key: "s", name: "soup.md", title: "Soup recipe" }, "");
    const back = new Map<string, string>();
    const planned = links.resolve((key, placeholder, written) => back.set(placeholder, written));
    expect(planned.map(({ from, to, label }) => ({ from, to, label }))).toEqual([
      { from: "a", to: "g", label: "Garden" },
      { from: "a", to: "r", label: "our trip" },
      { from: "a", to: "s", label: "Soup recipe#Broth" },
    ]);
    expect([...back.values()]).toEqual(["[[Nowhere]]"]);
    let restored = taken;
    for (const [placeholder, written] of back) restored = restored.replace(placeholder, written);
    for (const link of planned) restored = restored.replace(link.placeholder, link.written);
    expect(restored).toBe(text);
  });
});
