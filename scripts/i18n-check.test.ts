import { describe, expect, it } from "vitest";
import {
  checkUsages,
  compareCatalogs,
  findKeyUsages,
  flatten,
  interpolations,
} from "./i18n-check.ts";

const NAMESPACES = ["common", "editor"];

describe("the i18n check", () => {
  it("flattens nested messages to dotted keys", () => {
    expect([...flatten({ a: "x", b: { c: "y", d: { e: "z" } } })]).toEqual([
      ["a", "x"],
      ["b.c", "y"],
      ["b.d.e", "z"],
    ]);
  });

  it("reads interpolation variables, formats and unescaped ones included", () => {
    expect(interpolations("{{name}} wrote {{ count }} on {{date, datetime}} {{- html}}")).toEqual([
      "count",
      "date",
      "html",
      "name",
    ]);
    expect(interpolations("no variables")).toEqual([]);
  });

  it("accepts catalogs that agree", () => {
    const catalogs = {
      en: {
        common: {
          hello: "Hello {{name}}",
          items_one: "{{count}} item",
          items_other: "{{count}} items",
        },
      },
      fr: {
        common: {
          hello: "Bonjour {{name}}",
          items_one: "{{count}} élément",
          items_other: "{{count}} éléments",
        },
      },
    };
    expect(compareCatalogs(catalogs)).toEqual([]);
  });

  it("lists missing and extra keys, plural forms, empty messages and other variables", () => {
    const catalogs = {
      en: {
        common: {
          only: "English only",
          group: { empty: "Something", wrong: "Hi {{name}}" },
          items_one: "{{count}} item",
          items_other: "{{count}} items",
        },
        editor: { title: "Title" },
      },
      fr: {
        common: {
          extra: "Seulement en français",
          group: { empty: " ", wrong: "Salut {{nom}}" },
          items_other: "{{count}} éléments",
          number: 3,
        },
      },
    };
    expect(compareCatalogs(catalogs)).toEqual([
      "common:only: in en, missing in fr",
      "common:items_one: in en, missing in fr (a plural form)",
      "common:extra: in fr, missing in en",
      "common:group.empty: empty in fr",
      "common:number: not a string in fr",
      "common:number: in fr, missing in en",
      "common:group.wrong: variables {name} in en but {nom} in fr",
      "editor: a namespace of en that fr lacks",
    ]);
  });

  it("finds the keys of t() calls, i18nKey props and namespaced strings, with their lines", () => {
    const source = [
      'const a = t("editor:title");',
      "const b = t('avatar.alt', { name });",
      "const c = t(",
      '  "common:nav.home",',
      ");",
      "const d = t(`editor:${kind}.delete`);",
      "const e = t(`editor:fields.${status}Help`);",
      'const f = <Trans i18nKey="common:footer.about" />;',
      'const g = ok ? "editor:live.saved" : "common:app.name";',
      'const h = { property: "profile:username", other: "content:encoded" };',
      'const i = parseInt("12"); const j = "plain text: not.a.key";',
    ].join("\n");
    expect(
      findKeyUsages(source, "x.tsx", NAMESPACES).map(
        ({ key, dynamic, line }) => `${String(line)} ${key}${dynamic ? "…" : ""}`,
      ),
    ).toEqual([
      "1 editor:title",
      "2 avatar.alt",
      "4 common:nav.home",
      "6 editor:…",
      "7 editor:fields.…",
      "8 common:footer.about",
      "9 editor:live.saved",
      "9 common:app.name",
    ]);
  });

  it("accepts existing keys, plural bases and run-time keys in existing groups", () => {
    const catalog = {
      common: { avatar: { alt: "Avatar" }, entries_one: "one", entries_other: "many" },
      editor: { fields: { draft: "Draft", draftHelp: "…" } },
    };
    const usages = [
      { key: "avatar.alt", dynamic: false },
      { key: "common:entries", dynamic: false },
      { key: "common:entries_one", dynamic: false },
      { key: "editor:fields.", dynamic: true },
      { key: "editor:fields.draft", dynamic: true },
      { key: "editor:", dynamic: true },
    ].map((usage) => ({ ...usage, file: "/app/x.tsx", line: 1 }));
    expect(checkUsages(usages, catalog, "common")).toEqual([]);
  });

  it("lists unknown keys, namespaces and groups with where they are used", () => {
    const catalog = { common: { avatar: { alt: "Avatar" } }, editor: { title: "Title" } };
    const usages = [
      { key: "avatar.missing", dynamic: false, line: 3 },
      { key: "title", dynamic: false, line: 4 },
      { key: "nowhere:title", dynamic: false, line: 5 },
      { key: "editor:fields.", dynamic: true, line: 6 },
      { key: "common:avatar", dynamic: false, line: 7 },
    ].map((usage) => ({ ...usage, file: "x.tsx" }));
    const problems = checkUsages(usages, catalog, "common");
    expect(problems.map((problem) => problem.replace(/^.*x\.tsx/, "x.tsx"))).toEqual([
      'x.tsx:3: "avatar.missing": no such key in the English catalog',
      'x.tsx:4: "title": no such key in the English catalog',
      'x.tsx:5: "nowhere:title": no namespace "nowhere"',
      'x.tsx:6: "editor:fields.…": no group "editor:fields."',
      'x.tsx:7: "common:avatar": no such key in the English catalog',
    ]);
  });
});
