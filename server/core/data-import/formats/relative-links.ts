/**
 * Relative links of a Markdown file to other files of the same archive: inline links and
 * images (`![photo](../files/a.jpg "title")`, `[pdf](<my file.pdf>)`) and reference
 * definitions (`[a]: files/a.jpg`). Targets with a scheme (`https:`, `mailto:`), absolute
 * paths and anchors are not relative links; neither is a path that climbs out of the archive.
 */
import path from "node:path";

const INLINE =
  /(!?\[(?:[^\]\\]|\\.)*\]\(\s*)(<[^>\n]+>|[^\s()<>]+)((?:\s+(?:"[^"\n]*"|'[^'\n]*'))?\s*\))/g;
const DEFINITION = /^( {0,3}\[[^\]\n]+\]:[ \t]*)(<[^>\n]+>|\S+)/gm;

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * The archive name a link target points at from the folder `baseDir` (`""` for the root);
 * null for targets that are not relative paths or that leave the archive.
 */
export function resolveRelative(baseDir: string, target: string): string | null {
  const raw = target.startsWith("<") && target.endsWith(">") ? target.slice(1, -1) : target;
  if (raw === "" || raw.startsWith("#") || raw.startsWith("/") || /^[a-z][a-z0-9+.-]*:/i.test(raw))
    return null;
  const withoutQuery = decode(raw.replace(/[?#].*$/, ""));
  if (withoutQuery === "" || withoutQuery.includes("\\") || withoutQuery.includes("\0"))
    return null;
  const joined = path.posix.normalize(path.posix.join(baseDir || ".", withoutQuery));
  if (joined === "." || joined.startsWith("../") || joined === ".." || joined.startsWith("/"))
    return null;
  return joined;
}

/**
 * Replaces the relative link targets of `text` for which `replace` answers a string (given
 * the archive name the target points at, and the target as written); other targets stay as
 * they are.
 */
export function replaceRelativeLinks(
  text: string,
  baseDir: string,
  replace: (name: string, target: string) => string | null,
): string {
  const swap = (target: string): string | null => {
    const name = resolveRelative(baseDir, target);
    return name === null ? null : replace(name, target);
  };
  return text
    .replace(INLINE, (match, start: string, target: string, end: string) => {
      const next = swap(target);
      return next === null ? match : `${start}${next}${end}`;
    })
    .replace(DEFINITION, (match, start: string, target: string) => {
      const next = swap(target);
      return next === null ? match : `${start}${next}`;
    });
}
