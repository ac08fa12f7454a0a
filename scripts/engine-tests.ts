/**
 * Which test files depend on the database engine (issue 22): `npm test` runs every file on
 * SQLite, then only these again on PostgreSQL. A file depends on the engine when its own text
 * names the engine (`DIALECTS`, `DATABASE_URL`, the CLI it spawns), or when it imports, at run
 * time and through any chain of the project's own modules, a module that opens a database or
 * starts a server on one ({@link ENGINE_MODULES}). Type-only imports load nothing and are
 * not followed. The byte budgets and Lighthouse scores read rendered pages, which are the same
 * whatever the engine: they run once ({@link ONCE_ONLY}).
 */
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");

/** Modules that open a database, or start an app or a server process on one. */
export const ENGINE_MODULES = [
  "server/data/db.ts",
  "tests/helpers/test-app.ts",
  "tests/helpers/server-process.ts",
  "tests/helpers/fresh-database.ts",
];

/** Words in a test file's own text that tie it to an engine. */
const ENGINE_WORDS = /\bDIALECTS\b|\bDATABASE_URL\b|bin[/\\]cahier\.js|\bCLI_PATH\b/;

/** Test files that run once, on the first engine, whatever they import. */
export const ONCE_ONLY = ["tests/budgets/"];

/** Folders (from the root) that hold no tests of Vitest's: dependencies, builds, data, e2e. */
const SKIPPED_DIRS = new Set(["node_modules", "build", "data", "test-results", "tests/e2e"]);

const TEST_FILE = /\.test\.tsx?$/;

/** `import … from "x"`, `export … from "x"`, `import "x"` and `import("x")`, not `import type`. */
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s+(?!type\s)(?:[\w*{}\s,$]+?\s+from\s+)?["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g;

/** `#app/x` → `app/x` (package.json `imports`), `./x` relative to `from`; null for packages. */
function resolveSpecifier(specifier: string, from: string): string | null {
  let target: string;
  if (specifier.startsWith("#")) {
    const [, folder, rest] = /^#(\w+)\/(.*)$/.exec(specifier) ?? [];
    if (!folder || rest === undefined) return null;
    target = path.join(ROOT, folder, rest);
  } else if (specifier.startsWith(".")) {
    target = path.resolve(path.dirname(from), specifier);
  } else {
    return null;
  }
  for (const candidate of [
    target,
    `${target}.ts`,
    `${target}.tsx`,
    path.join(target, "index.ts"),
  ]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The run-time imports of one source file, resolved to project files. */
function importsOf(file: string, cache: Map<string, string[]>): string[] {
  const known = cache.get(file);
  if (known) return known;
  const text = fs.readFileSync(file, "utf8");
  const found: string[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const resolved = resolveSpecifier(match[1] ?? match[2] ?? "", file);
    if (resolved) found.push(resolved);
  }
  cache.set(file, found);
  return found;
}

/** Whether `file` reaches one of `targets` through run-time imports. */
function reaches(file: string, targets: Set<string>, cache: Map<string, string[]>): boolean {
  const seen = new Set<string>();
  const stack = [file];
  while (stack.length > 0) {
    const current = stack.pop() ?? "";
    if (targets.has(current)) return true;
    if (seen.has(current)) continue;
    seen.add(current);
    stack.push(...importsOf(current, cache));
  }
  return false;
}

/** Every Vitest test file under `root` (relative paths, sorted). */
export function testFiles(root = ROOT): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        const relative = path.relative(root, full).split(path.sep).join("/");
        if (!SKIPPED_DIRS.has(relative) && !entry.name.startsWith(".")) walk(full);
      } else if (TEST_FILE.test(entry.name)) {
        out.push(path.relative(root, full).split(path.sep).join("/"));
      }
    }
  };
  walk(root);
  return out.sort();
}

/** The test files (relative to the root) that run again on PostgreSQL. */
export function engineTestFiles(files: readonly string[] = testFiles()): string[] {
  const targets = new Set(ENGINE_MODULES.map((module) => path.join(ROOT, module)));
  const cache = new Map<string, string[]>();
  return files.filter((file) => {
    if (ONCE_ONLY.some((prefix) => file.startsWith(prefix))) return false;
    const absolute = path.join(ROOT, file);
    return (
      ENGINE_WORDS.test(fs.readFileSync(absolute, "utf8")) || reaches(absolute, targets, cache)
    );
  });
}

if (import.meta.main) {
  const all = testFiles();
  const engine = engineTestFiles(all);
  if (process.argv.includes("--summary")) {
    console.log(
      `${String(engine.length)} of ${String(all.length)} test files depend on the engine`,
    );
  } else {
    for (const file of engine) console.log(file);
  }
}
