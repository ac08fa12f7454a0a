import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * French typography in every French catalog (issue 25 item 16): a no-break space (U+00A0, as
 * the catalogs use) before `:`, `;`, `?` and `!`, never an ordinary space and never the word
 * itself (an English habit), and no-break spaces inside « ». Only a mark that ends a phrase
 * (before a space or the end) counts: addresses (`https://`), times (`10:42`), syntax
 * (`nom:action`), `{{placeholders}}` and ellipses are left alone.
 */
const folder = new URL("./fr/", import.meta.url);
const files = readdirSync(folder).filter((name) => name.endsWith(".ts") && name !== "index.ts");

/** Every string of `value`, with its key path. */
function strings(value: unknown, path: string): [string, string][] {
  if (typeof value === "string") return [[path, value]];
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, inner]) => strings(inner, `${path}.${key}`));
}

/** The faults of French spacing in `text`, each quoted with what precedes it. */
function spacingFaults(text: string): string[] {
  // Placeholders and web addresses may hold any character: they are not French text.
  const prose = text.replace(/\{\{[^}]*\}\}/g, "{{}}").replace(/\b[a-z][a-z0-9+.-]*:\/\/\S*/gi, "");
  const faults = [...prose.matchAll(/(?:^|.)[:;?!](?=[\s»).,]|$)/gu)]
    .map((match) => match[0])
    .filter((found) => /^[ \p{L}]/u.test(found) || /^[:;?!]$/.test(found));
  const quotes = [...prose.matchAll(/« |«\S| »|\S»/gu)].map((match) => match[0]);
  return [...faults, ...quotes];
}

describe("French catalogs", () => {
  it("spacingFaults flags ordinary spaces and glued words, not addresses, times or placeholders", () => {
    expect(
      spacingFaults("Note : voir https://example.com:8080/a à 10:42 ; nom:action {{a:b}}\u00a0!"),
    ).toEqual([" :", " ;"]);
    expect(spacingFaults("Attention: « mot »")).toEqual(["n:", "« ", " »"]);
    expect(spacingFaults("Attention\u00a0: «\u00a0mot\u00a0»… vraiment\u00a0?")).toEqual([]);
  });

  it.each(files)("%s puts a no-break space before : ; ? ! and inside « »", async (file) => {
    const module = (await import(new URL(file, folder).href)) as { default: unknown };
    const faults = strings(module.default, file.replace(/\.ts$/, ""))
      .map(([path, text]) => [path, spacingFaults(text)] as const)
      .filter(([, found]) => found.length > 0);
    expect(faults).toEqual([]);
  });
});
