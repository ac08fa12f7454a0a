/**
 * `npm run i18n:check`: the message catalogs (`shared/i18n/catalogs/{en,fr}`) agree, and the
 * web app uses only keys that exist. It checks that:
 *
 * - every catalog file of English has its French twin and the other way round;
 * - both languages have exactly the same keys, so the same plural forms (`_one`, `_other`…);
 * - no message is empty (or anything but a string);
 * - each message has the same `{{interpolation}}` variables in both languages;
 * - every key `app/` names (`t("ns:key")`, `i18nKey="ns:key"`, or any `"ns:group.key"`
 *   string) exists in English, as a message or as the base of plural forms; for a key built
 *   at run time (`` t(`editor:${kind}.delete`) ``), its fixed start names an existing group.
 *
 * Prints every problem, one a line, and exits 1 when there is any.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(import.meta.dirname, "..");
const CATALOGS = path.join(ROOT, "shared", "i18n", "catalogs");
const APP = path.join(ROOT, "app");

/** The suffixes i18next gives plural forms (cardinal and ordinal). */
const PLURAL_SUFFIX = /_(?:ordinal_)?(?:zero|one|two|few|many|other)$/;

/** A catalog: nested objects whose leaves are messages. */
export type CatalogTree = Readonly<Record<string, unknown>>;

/** Every leaf of a catalog by its dotted key (`header.home`); leaves may be non-strings. */
export function flatten(tree: CatalogTree, prefix = ""): Map<string, unknown> {
  const leaves = new Map<string, unknown>();
  for (const [name, value] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${name}` : name;
    if (value !== null && typeof value === "object" && !Array.isArray(value)) {
      for (const [leaf, message] of flatten(value as CatalogTree, key)) leaves.set(leaf, message);
    } else {
      leaves.set(key, value);
    }
  }
  return leaves;
}

/** The `{{…}}` variables of a message (`{{count}}`, `{{date, datetime}}` → `date`), sorted. */
export function interpolations(message: string): string[] {
  const names = new Set<string>();
  for (const match of message.matchAll(/\{\{-?\s*([^\s,}]+)[^}]*\}\}/g)) {
    if (match[1]) names.add(match[1]);
  }
  return [...names].sort();
}

/**
 * Problems between two languages' catalogs, keyed by namespace (`{ common: {…} }`): keys
 * one has and the other lacks, empty or non-string messages, different variables.
 */
export function compareCatalogs(
  catalogs: Readonly<Record<string, CatalogTree>>,
  source = "en",
  target = "fr",
): string[] {
  const problems: string[] = [];
  const namespaces = Object.keys(catalogs[source] ?? {});
  for (const namespace of Object.keys(catalogs[target] ?? {})) {
    if (!namespaces.includes(namespace)) namespaces.push(namespace);
  }
  for (const namespace of namespaces) {
    const sourceTree = catalogs[source]?.[namespace] as CatalogTree | undefined;
    const targetTree = catalogs[target]?.[namespace] as CatalogTree | undefined;
    if (!sourceTree || !targetTree) {
      const [has, lacks] = sourceTree ? [source, target] : [target, source];
      problems.push(`${namespace}: a namespace of ${has} that ${lacks} lacks`);
      continue;
    }
    const sourceLeaves = flatten(sourceTree);
    const targetLeaves = flatten(targetTree);
    for (const [language, leaves, other, otherLeaves] of [
      [source, sourceLeaves, target, targetLeaves],
      [target, targetLeaves, source, sourceLeaves],
    ] as const) {
      for (const [key, message] of leaves) {
        const where = `${namespace}:${key}`;
        if (typeof message !== "string") problems.push(`${where}: not a string in ${language}`);
        else if (message.trim() === "") problems.push(`${where}: empty in ${language}`);
        if (!otherLeaves.has(key)) {
          const plural = PLURAL_SUFFIX.test(key) ? " (a plural form)" : "";
          problems.push(`${where}: in ${language}, missing in ${other}${plural}`);
        }
      }
    }
    for (const [key, message] of sourceLeaves) {
      const translated = targetLeaves.get(key);
      if (typeof message !== "string" || typeof translated !== "string") continue;
      const expected = interpolations(message).join(", ");
      const found = interpolations(translated).join(", ");
      if (expected !== found) {
        problems.push(
          `${namespace}:${key}: variables {${expected}} in ${source} but {${found}} in ${target}`,
        );
      }
    }
  }
  return problems;
}

/** A translation key named in the app's source. */
export interface KeyUsage {
  /** The key as written (`editor:fields.title`, `avatar.alt`), or the fixed start of one. */
  key: string;
  /** True when the key is built at run time and `key` is only its fixed start. */
  dynamic: boolean;
  file: string;
  line: number;
}

/** The namespaces of the catalogs, so `"ns:key"` strings can be told from other strings. */
function namespacedKey(namespaces: readonly string[]): RegExp {
  return new RegExp(`^(?:${namespaces.join("|")}):[A-Za-z0-9_]+(?:\\.[A-Za-z0-9_]+)+$`);
}

/**
 * The translation keys a source file names: the first argument of `t(…)` and `i18nKey`
 * when it is a string literal (or a template literal, then only its fixed start), and any
 * other string literal that is a whole `namespace:group.key` (keys chosen in a ternary or
 * kept in a table). A bare string needs a dot to count: `"profile:username"` (Open Graph)
 * and `"content:encoded"` (RSS) are not keys.
 */
export function findKeyUsages(
  source: string,
  file: string,
  namespaces: readonly string[],
): KeyUsage[] {
  const usages: KeyUsage[] = [];
  const lineOf = (index: number) => source.slice(0, index).split("\n").length;
  const seen = new Set<number>();
  const add = (key: string, dynamic: boolean, index: number) => {
    if (seen.has(index)) return;
    seen.add(index);
    usages.push({ key, dynamic, file, line: lineOf(index) });
  };
  // `t("key"` / `t('key'` / `` t(`key` `` and `i18nKey="key"` / `i18nKey={"key"}`.
  const calls =
    /(?:\bt\(\s*|\bi18nKey=\{?\s*)(?:(["'])((?:(?!\1)[^\\\n])+)\1|`((?:[^`\\$]|\$(?!\{))*)(\$\{)?)/g;
  for (const match of source.matchAll(calls)) {
    const literal = match[2];
    const template = match[3];
    const index = match.index + match[0].lastIndexOf(literal ?? template ?? "");
    if (literal !== undefined) add(literal, false, index - 1);
    else if (template !== undefined) add(template, match[4] !== undefined, index - 1);
  }
  const keyPattern = namespacedKey(namespaces);
  for (const match of source.matchAll(/(["'])([A-Za-z0-9_]+:[A-Za-z0-9_.]+)\1/g)) {
    const key = match[2] ?? "";
    if (keyPattern.test(key)) add(key, false, match.index);
  }
  return usages;
}

/**
 * Problems with the keys the app names: a key that is neither a message nor the base of
 * plural forms in `catalog`; a run-time key whose fixed start names no namespace or group.
 * Keys without a namespace are looked up in `defaultNamespace`.
 */
export function checkUsages(
  usages: readonly KeyUsage[],
  catalog: Readonly<Record<string, CatalogTree>>,
  defaultNamespace: string,
): string[] {
  const leaves = new Map<string, Set<string>>();
  const groups = new Map<string, Set<string>>();
  for (const [namespace, tree] of Object.entries(catalog)) {
    const keys = new Set<string>();
    const prefixes = new Set<string>([""]);
    for (const key of flatten(tree).keys()) {
      keys.add(key);
      keys.add(key.replace(PLURAL_SUFFIX, ""));
      const parts = key.split(".");
      for (let i = 1; i < parts.length; i++) prefixes.add(`${parts.slice(0, i).join(".")}.`);
    }
    leaves.set(namespace, keys);
    groups.set(namespace, prefixes);
  }
  const problems: string[] = [];
  for (const usage of usages) {
    const where = `${path.relative(ROOT, usage.file)}:${String(usage.line)}`;
    const separator = usage.key.indexOf(":");
    const namespace = separator === -1 ? defaultNamespace : usage.key.slice(0, separator);
    const key = separator === -1 ? usage.key : usage.key.slice(separator + 1);
    if (!leaves.has(namespace)) {
      problems.push(`${where}: "${usage.key}": no namespace "${namespace}"`);
      continue;
    }
    if (usage.dynamic) {
      // The fixed start of a run-time key: everything up to its last dot must be a group.
      const start = key.slice(0, key.lastIndexOf(".") + 1);
      if (!groups.get(namespace)?.has(start)) {
        problems.push(`${where}: "${usage.key}…": no group "${namespace}:${start}"`);
      }
    } else if (!leaves.get(namespace)?.has(key)) {
      problems.push(`${where}: "${usage.key}": no such key in the English catalog`);
    }
  }
  return problems;
}

/** The source files of a folder, recursively (`.ts` and `.tsx`). */
function sourceFiles(folder: string): string[] {
  return fs
    .readdirSync(folder, { recursive: true, encoding: "utf8" })
    .filter((name) => /\.tsx?$/.test(name) && !name.endsWith(".d.ts"))
    .map((name) => path.join(folder, name))
    .sort();
}

/** `admin-system.ts` → `adminSystem`, the namespace the catalogs' index gives it. */
function namespaceOf(file: string): string {
  return path
    .basename(file, ".ts")
    .replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/** Every catalog file of one language, by namespace (the index's and the server's own). */
async function loadLanguage(language: string): Promise<Record<string, CatalogTree>> {
  const folder = path.join(CATALOGS, language);
  const catalogs: Record<string, CatalogTree> = {};
  for (const name of fs.readdirSync(folder).sort()) {
    if (!name.endsWith(".ts") || name === "index.ts") continue;
    const module = (await import(pathToFileURL(path.join(folder, name)).href)) as {
      default: CatalogTree;
    };
    catalogs[namespaceOf(name)] = module.default;
  }
  return catalogs;
}

/** Runs every check on the project; returns the problems. */
export async function checkProject(): Promise<string[]> {
  const languages = fs
    .readdirSync(CATALOGS, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const catalogs: Record<string, Record<string, CatalogTree>> = {};
  for (const language of languages) catalogs[language] = await loadLanguage(language);
  const problems: string[] = [];
  for (const language of languages.filter((l) => l !== "en")) {
    problems.push(...compareCatalogs(catalogs, "en", language));
  }
  const catalogIndex = await import("#shared/i18n/catalogs/index.ts");
  const { DEFAULT_NAMESPACE } = catalogIndex;
  const NAMESPACES = [...catalogIndex.NAMESPACES, ...catalogIndex.PART_NAMESPACES];
  const english = catalogs.en ?? {};
  const appCatalog = Object.fromEntries(
    NAMESPACES.map((namespace) => [namespace, english[namespace] ?? {}]),
  );
  const usages = sourceFiles(APP).flatMap((file) =>
    findKeyUsages(fs.readFileSync(file, "utf8"), file, NAMESPACES),
  );
  problems.push(...checkUsages(usages, appCatalog, DEFAULT_NAMESPACE));
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problems = await checkProject();
  if (problems.length > 0) {
    console.error(`i18n: ${String(problems.length)} problem(s) in the catalogs or their use:`);
    for (const problem of problems) console.error(`  ${problem}`);
    process.exit(1);
  }
  console.log("i18n: the catalogs agree and every key the app uses exists.");
}
