import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { engineTestFiles, testFiles } from "./engine-tests.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const all = testFiles();
const engine = new Set(engineTestFiles(all));

describe("the test files that run again on PostgreSQL", () => {
  it("lists every Vitest test file, and none of the browser suite", () => {
    expect(all).toContain("server/data/db.test.ts");
    expect(all).toContain("app/features/data/import-report.test.ts");
    expect(all).toContain("scripts/engine-tests.test.ts");
    expect(all.some((file) => file.startsWith("tests/e2e/"))).toBe(false);
    expect(all.some((file) => file.startsWith("node_modules/"))).toBe(false);
  });

  it("include every file that names the engines or opens an app", () => {
    const opensAnApp = all.filter((file) =>
      /\b(createTestApp|DIALECTS|startServer|freshEnvironment)\b/.test(
        fs.readFileSync(path.join(ROOT, file), "utf8"),
      ),
    );
    expect(opensAnApp.length).toBeGreaterThan(50);
    for (const file of opensAnApp.filter((f) => !f.startsWith("tests/budgets/")))
      expect(engine, file).toContain(file);
  });

  it("include the end-to-end projects (compat, properties, scale, crash) and page tests", () => {
    for (const folder of ["tests/compat/", "tests/properties/", "tests/scale/", "tests/crash/"]) {
      const files = all.filter((file) => file.startsWith(folder));
      expect(files.length, folder).toBeGreaterThan(0);
      for (const file of files) expect(engine, file).toContain(file);
    }
    for (const file of all.filter((f) => f.endsWith(".page.test.ts")))
      expect(engine, file).toContain(file);
  });

  it("follow imports through the project's modules, not type-only ones", () => {
    // Imports the database module through the repositories it tests.
    expect(engine).toContain("server/data/repositories/search-repository.test.ts");
    // Pure units: no run-time path to a database.
    for (const file of [
      "shared/theme.test.ts",
      "server/tools/filter/parser.test.ts",
      "app/lib/paths.test.ts",
      "bench/stats.test.ts",
    ])
      expect(engine, file).not.toContain(file);
  });

  it("leave out the byte budgets and Lighthouse scores, which read rendered pages", () => {
    expect(engine).not.toContain("tests/budgets/pages.test.ts");
    expect(engine).not.toContain("tests/budgets/lighthouse.test.ts");
  });
});
