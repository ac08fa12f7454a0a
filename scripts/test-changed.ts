/**
 * `npm run test:changed [-- <base>]` (issue 22): the fast inner loop. Runs the tests related
 * to the files changed since `base` (default `main`, committed or not):
 * - Vitest's own `--changed <base>`: the changed test files and every test file that imports
 *   a changed module (on SQLite; `DIALECTS=postgres` with `DATABASE_URL` for PostgreSQL);
 * - the browser specs that cover what changed: changed specs and specs importing changed
 *   support files (Playwright's `--only-changed`), plus every spec that opens a page whose
 *   route module changed (`app/routes.ts` maps modules to paths; a spec opens a path when its
 *   text holds the path's fixed part, such as `/post/create` or `/entry/update/`).
 * Prints what it runs and why. `--dry-run` only prints.
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const SPECS = path.join(ROOT, "tests", "e2e");

/** Files changed since `base`: committed on this branch, staged, unstaged and untracked. */
export function changedFiles(base: string): string[] {
  const git = (...args: string[]) =>
    execFileSync("git", args, { cwd: ROOT, encoding: "utf8" }).split("\n").filter(Boolean);
  const mergeBase = git("merge-base", base, "HEAD")[0] ?? base;
  return [
    ...new Set([
      ...git("diff", "--name-only", mergeBase),
      ...git("ls-files", "--others", "--exclude-standard"),
    ]),
  ].sort();
}

/** `route("post/create", "routes/posts/post-create.tsx")` → module → paths it serves. */
export function routeModules(source: string): Map<string, string[]> {
  const modules = new Map<string, string[]>();
  const add = (file: string, url: string) => {
    const key = `app/${file}`;
    modules.set(key, [...(modules.get(key) ?? []), url]);
  };
  for (const match of source.matchAll(/\broute\(\s*"([^"]*)",\s*"([^"]+)"/g)) {
    add(match[2] ?? "", `/${match[1] ?? ""}`);
  }
  for (const match of source.matchAll(/\bindex\(\s*"([^"]+)"/g)) add(match[1] ?? "", "/");
  return modules;
}

/** The fixed part of a route path, up to its first parameter: `/post/:u/:t` → `/post/`. */
export function fixedPart(url: string): string {
  const index = url.indexOf(":");
  return index === -1 ? url : url.slice(0, index);
}

/** The specs (file names) whose text opens one of `urls`. */
export function specsOpening(urls: readonly string[], specs: Map<string, string>): string[] {
  const found: string[] = [];
  for (const [name, text] of specs) {
    const opens = urls.some((url) => {
      const fixed = fixedPart(url);
      // "/" alone is in every spec: the home page counts when a spec opens it by itself.
      if (fixed === "/") return /["'`]\/["'`]/.test(text);
      return text.includes(`"${fixed}`) || text.includes(`\`${fixed}`);
    });
    if (opens) found.push(name);
  }
  return found.sort();
}

function main(): void {
  const args = process.argv.slice(2);
  const dryRun = args.includes("--dry-run");
  const base = args.find((arg) => !arg.startsWith("--")) ?? "main";
  const changed = changedFiles(base);
  console.log(`${String(changed.length)} files changed since ${base}`);
  if (changed.length === 0) return;

  const modules = routeModules(fs.readFileSync(path.join(ROOT, "app", "routes.ts"), "utf8"));
  const touchedUrls = changed.flatMap((file) => modules.get(file) ?? []);
  const specs = new Map(
    fs
      .readdirSync(SPECS)
      .filter((name) => name.endsWith(".spec.ts"))
      .map((name) => [name, fs.readFileSync(path.join(SPECS, name), "utf8")] as const),
  );
  const routeSpecs = specsOpening(touchedUrls, specs);
  if (touchedUrls.length) console.log(`routes touched: ${touchedUrls.join(", ")}`);

  const node = process.execPath;
  const vitest = [path.join("node_modules", "vitest", "vitest.mjs"), "run", "--changed", base];
  const playwright = [
    path.join("node_modules", "@playwright", "test", "cli.js"),
    "test",
    `--only-changed=${base}`,
  ];
  console.log(`\n$ vitest ${vitest.slice(1).join(" ")}`);
  console.log(`$ playwright ${playwright.slice(1).join(" ")}`);
  if (routeSpecs.length) console.log(`$ playwright test ${routeSpecs.join(" ")}`);
  if (dryRun) return;

  const run = (command: string[]) =>
    spawnSync(node, command, { cwd: ROOT, stdio: "inherit" }).status === 0;
  let ok = run(vitest);
  ok = run(playwright) && ok;
  if (routeSpecs.length) ok = run([playwright[0] ?? "", "test", ...routeSpecs]) && ok;
  process.exit(ok ? 0 : 1);
}

if (import.meta.main) main();
