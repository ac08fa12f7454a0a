import { describe, expect, it } from "vitest";
import { documentHtml, mailSite } from "./mail-layout.ts";

describe("the site's footer line in mail (ADR 069)", () => {
  it("closes the message in the reader's language, escaped", () => {
    const site = mailSite("https://journal.example", "Carnet", {
      en: "Written <in> Lyon",
      fr: "Écrit à Lyon",
    });
    const en = documentHtml("en", "Hello", ["<p>Body</p>"], site);
    expect(en).toContain("Written &lt;in&gt; Lyon</footer>");
    expect(en.indexOf("</main>")).toBeLessThan(en.indexOf("<footer"));
    expect(documentHtml("fr", "Bonjour", ["<p>Corps</p>"], site)).toContain(
      "Écrit à Lyon</footer>",
    );
  });

  it("adds nothing without a footer line", () => {
    const site = mailSite("https://journal.example", "Carnet", { en: "", fr: "" });
    expect(documentHtml("en", "Hello", [], site)).not.toContain("<footer");
    expect(documentHtml("en", "Hello", [])).not.toContain("<footer");
  });
});
