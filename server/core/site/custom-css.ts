/**
 * The custom style sheet of the site (`meta.customCss`, ADR 069): one sheet, at most
 * {@link MAX_CUSTOM_CSS_BYTES}, that must parse (postcss, loaded on first need) and keep within
 * the page's Content-Security-Policy: no `@import` (one sheet, nothing fetched behind it), and
 * `url()` only to this site (`/…`), `data:`, or `https:` images (fonts come from this site or
 * `data:` only, as `font-src` says).
 */

/** Largest custom style sheet (bytes of UTF-8). */
export const MAX_CUSTOM_CSS_BYTES = 50 * 1024;

/** Why a style sheet is refused. */
export interface CssProblem {
  code:
    | "validation_css_too_large"
    | "validation_css_syntax"
    | "validation_css_import"
    | "validation_css_url";
  message: string;
}

let postcssModule: Promise<typeof import("postcss")> | undefined;

/** postcss, loaded on the first check (most processes never change the sheet). */
function loadPostcss(): Promise<typeof import("postcss")> {
  postcssModule ??= import("postcss");
  return postcssModule;
}

/** The addresses of `url(…)` in a value (quoted or not). */
export function cssUrls(value: string): string[] {
  const out: string[] = [];
  const pattern = /url\(\s*(?:"([^"]*)"|'([^']*)'|([^)'"\s]*))\s*\)/gi;
  for (const match of value.matchAll(pattern))
    out.push((match[1] ?? match[2] ?? match[3] ?? "").trim());
  return out;
}

/** Why an address may not appear in the sheet, or null when it may. */
export function urlProblem(address: string, inFontFace: boolean): string | null {
  const lower = address.toLowerCase();
  if (lower.startsWith("data:")) return null;
  if (address.startsWith("/") && !address.startsWith("//")) return null;
  if (lower.startsWith("https://") && !inFontFace) return null;
  if (lower.startsWith("https://"))
    return "fonts may come only from this site (/…) or data: addresses (the page's Content-Security-Policy)";
  if (address.startsWith("#")) return null;
  return "only this site's addresses (/…), data: and https: images are allowed (the page's Content-Security-Policy)";
}

/** Problems of a custom style sheet, first first; none when it may be saved. */
export async function checkCustomCss(css: string): Promise<CssProblem[]> {
  const size = Buffer.byteLength(css, "utf8");
  if (size > MAX_CUSTOM_CSS_BYTES)
    return [
      {
        code: "validation_css_too_large",
        message: `The style sheet is ${Math.ceil(size / 1024)} KB; at most ${MAX_CUSTOM_CSS_BYTES / 1024} KB is allowed.`,
      },
    ];
  if (css.trim() === "") return [];
  const { default: postcss } = await loadPostcss();
  let root: import("postcss").Root;
  try {
    root = postcss.parse(css);
  } catch (error) {
    const { line, column, reason } = error as { line?: number; column?: number; reason?: string };
    return [
      {
        code: "validation_css_syntax",
        message: `The style sheet does not parse${line ? ` (line ${line}, column ${column ?? 1})` : ""}: ${reason ?? "invalid CSS"}.`,
      },
    ];
  }
  const problems: CssProblem[] = [];
  const where = (node: import("postcss").Node) =>
    node.source?.start ? `Line ${node.source.start.line}: ` : "";
  root.walk((node) => {
    const inFontFace =
      node.parent?.type === "atrule" &&
      (node.parent as import("postcss").AtRule).name.toLowerCase() === "font-face";
    if (node.type === "atrule") {
      if (node.name.toLowerCase() === "import") {
        problems.push({
          code: "validation_css_import",
          message: `${where(node)}@import is not allowed: the custom style sheet is one sheet, and the page's Content-Security-Policy loads no other.`,
        });
        return;
      }
      for (const address of cssUrls(node.params)) {
        const reason = urlProblem(address, node.name.toLowerCase() === "font-face");
        if (reason)
          problems.push({
            code: "validation_css_url",
            message: `${where(node)}url(${address.slice(0, 80)}): ${reason}.`,
          });
      }
    } else if (node.type === "decl") {
      for (const address of cssUrls(node.value)) {
        const reason = urlProblem(address, inFontFace);
        if (reason)
          problems.push({
            code: "validation_css_url",
            message: `${where(node)}url(${address.slice(0, 80)}): ${reason}.`,
          });
      }
    }
  });
  return problems;
}
