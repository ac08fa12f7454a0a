/**
 * The start-up check of search's access keys (issue 24): each searchable collection's `open`
 * predicate agrees with the rules the records API applies, on both engines; a predicate that
 * drifts from the rules, either way, is refused with a message naming the record.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openFreshDatabase, type FreshDatabase } from "#tests/helpers/fresh-database.ts";
import { DIALECTS } from "#tests/helpers/test-app.ts";
import { findSearchSpec, SEARCH_SPECS, type SearchSpec } from "../../data/registry/search.ts";
import { RecordService } from "../records/record-service.ts";
import { checkSearchOpen } from "./search-open-check.ts";

function spec(collection: string, open: SearchSpec["open"]): SearchSpec {
  const found = findSearchSpec(collection);
  if (!found) throw new Error(`no search spec for ${collection}`);
  return { ...found, open };
}

describe.each(DIALECTS)("search's open predicates checked against the rules (%s)", (dialect) => {
  let fresh: FreshDatabase;
  let records: RecordService;

  beforeAll(async () => {
    fresh = await openFreshDatabase(dialect);
    records = new RecordService(fresh.database);
  });
  afterAll(async () => {
    await fresh.close();
  });

  it("passes the registry's definitions", async () => {
    await expect(checkSearchOpen(records, SEARCH_SPECS)).resolves.toBeUndefined();
  });

  it("stops on a predicate that closes records others may find", async () => {
    const closed = spec("posts", () => false);
    await expect(checkSearchOpen(records, [closed])).rejects.toThrow(
      /posts: open\(\) is false for \{[^}]*"status":"published"[^}]*\}, which a guest may find/,
    );
  });

  it("stops on a predicate that closes a scheduled post before its time", async () => {
    const dueOnly = spec(
      "posts",
      (row) =>
        row.status === "published" &&
        typeof row.publishedAt === "string" &&
        row.publishedAt !== "" &&
        row.publishedAt <= new Date().toISOString().replace("T", " "),
    );
    await expect(checkSearchOpen(records, [dueOnly])).rejects.toThrow(
      /posts: open\(\) is false for .*"publishedAt":"2999-.*a guest may find once its date passes/,
    );
  });

  it("stops on a predicate that opens records only their owner may find", async () => {
    const unlisted = spec("entries", (row) => row.visibility !== "private");
    await expect(checkSearchOpen(records, [unlisted])).rejects.toThrow(
      /entries: open\(\) is true for \{"visibility":"unlisted"\}, which no one but its owner may ever find/,
    );
  });

  it("names the file to fix and every mismatch at once", async () => {
    const error = await checkSearchOpen(records, [
      spec("entries", () => true),
      spec("collections", () => false),
    ]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    expect(message).toContain("SearchSpec.open in server/data/registry/search.ts");
    expect(message).toMatch(/entries: open\(\) is true for \{"visibility":"private"\}/);
    expect(message).toMatch(/collections: open\(\) is false for \{"visibility":"public"\}/);
  });
});
