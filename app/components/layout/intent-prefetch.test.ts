import { describe, expect, it } from "vitest";
import { routeModulesOf } from "./intent-prefetch.tsx";

/** A browser manifest's routes, as React Router writes them (shortened). */
const routes = {
  root: { id: "root", path: "", module: "/assets/root.js" },
  "routes/pages": { id: "routes/pages", parentId: "root", module: "/assets/pages.js" },
  "routes/home": {
    id: "routes/home",
    parentId: "routes/pages",
    index: true,
    module: "/assets/home.js",
  },
  "routes/posts/post": {
    id: "routes/posts/post",
    parentId: "routes/pages",
    path: "post/:username/:title",
    module: "/assets/post.js",
  },
  "routes/static/team": {
    id: "routes/static/team",
    parentId: "routes/pages",
    path: "team",
    module: "/assets/team.js",
  },
};

describe("routeModulesOf", () => {
  it("names the modules of every route a path matches, outermost first", () => {
    expect(routeModulesOf(routes, "/post/june/hello")).toEqual([
      "/assets/root.js",
      "/assets/pages.js",
      "/assets/post.js",
    ]);
    expect(routeModulesOf(routes, "/")).toEqual([
      "/assets/root.js",
      "/assets/pages.js",
      "/assets/home.js",
    ]);
  });

  it("names none for a path no discovered route matches", () => {
    expect(routeModulesOf(routes, "/nowhere/at/all")).toEqual([]);
    expect(routeModulesOf({}, "/team")).toEqual([]);
  });
});
