import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fixedPart, routeModules, specsOpening } from "./test-changed.ts";

const ROOT = path.resolve(import.meta.dirname, "..");

describe("the inner loop's choice of browser specs", () => {
  const modules = routeModules(fs.readFileSync(path.join(ROOT, "app", "routes.ts"), "utf8"));

  it("maps each route module of app/routes.ts to the paths it serves", () => {
    expect(modules.get("app/routes/posts/post-create.tsx")).toEqual(["/post/create"]);
    expect(modules.get("app/routes/home.tsx")).toEqual(["/"]);
    expect(modules.get("app/routes/feeds/blog-feed.ts")).toEqual([
      "/blog/rss.xml",
      "/blog/atom.xml",
      "/blog/feed.json",
    ]);
    for (const file of modules.keys())
      expect(fs.existsSync(path.join(ROOT, file)), file).toBe(true);
  });

  it("keeps a path's fixed part, up to its first parameter", () => {
    expect(fixedPart("/post/:username/:title")).toBe("/post/");
    expect(fixedPart("/entry/update/:username/:name")).toBe("/entry/update/");
    expect(fixedPart("/blog")).toBe("/blog");
  });

  it("picks the specs whose text opens a touched path", () => {
    const specs = new Map([
      ["a.spec.ts", 'await page.goto("/post/create");'],
      ["b.spec.ts", "await open(page, `/post/${user}/${slug}`);"],
      ["c.spec.ts", 'await page.goto("/blog");'],
      ["d.spec.ts", 'await page.goto("/");'],
    ]);
    expect(specsOpening(["/post/create"], specs)).toEqual(["a.spec.ts"]);
    expect(specsOpening(["/post/:username/:title"], specs)).toEqual(["a.spec.ts", "b.spec.ts"]);
    expect(specsOpening(["/"], specs)).toEqual(["d.spec.ts"]);
    expect(specsOpening([], specs)).toEqual([]);
  });
});
