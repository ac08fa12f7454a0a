import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CoreError } from "../../errors.ts";
import { Placeholders } from "../import-plan.ts";
import { DEFAULT_IMPORT_LIMITS, ImportSource } from "../import-source.ts";
import { readGhost } from "./ghost.ts";

const folders: string[] = [];

/** A Ghost JSON export of `posts`, opened as an import's upload is. */
async function ghostSource(posts: { title: string; html: string }[]): Promise<ImportSource> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "cahier-ghost-"));
  folders.push(folder);
  const upload = path.join(folder, "upload");
  const data = {
    posts: posts.map((post, index) => ({
      id: `p${String(index)}`,
      uuid: `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`,
      slug: `post-${String(index)}`,
      status: "published",
      type: "post",
      ...post,
    })),
  };
  fs.writeFileSync(upload, JSON.stringify({ db: [{ data }] }));
  return ImportSource.open(upload, folder, DEFAULT_IMPORT_LIMITS, true);
}

afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

describe("readGhost: HTML bounds (issue 23)", () => {
  it("refuses a post nested too deep with a 400 naming it, not a stack overflow", async () => {
    const source = await ghostSource([
      { title: "Fine", html: "<p>ok</p>" },
      { title: "Deep", html: `${"<div>".repeat(3000)}x${"</div>".repeat(3000)}` },
    ]);
    const error = await readGhost({
      source,
      placeholders: new Placeholders(),
      maxItems: 50_000,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CoreError);
    expect((error as CoreError).status).toBe(400);
    expect((error as CoreError).data).toEqual({
      file: {
        code: "validation_import_too_large",
        message: 'post "Deep" (#2 in the export): its HTML nests elements more than 200 deep',
      },
    });
  });

  it("lets other work run between two posts' conversions", async () => {
    const html = "<p>A paragraph with <em>some</em> words.</p>".repeat(200);
    const source = await ghostSource(
      Array.from({ length: 5 }, (_, index) => ({ title: `Post ${String(index)}`, html })),
    );
    // Counts the turns of the event loop once the export is read (the conversions follow).
    let turns = 0;
    let counting = true;
    const readJson = source.readJson.bind(source);
    source.readJson = async (name) => {
      const json = await readJson(name);
      const tick = () => {
        if (!counting) return;
        turns += 1;
        setImmediate(tick);
      };
      setImmediate(tick);
      return json;
    };
    const plan = await readGhost({ source, placeholders: new Placeholders(), maxItems: 50_000 });
    counting = false;
    expect(plan.records).toHaveLength(5);
    expect(turns).toBeGreaterThanOrEqual(4);
  });
});
