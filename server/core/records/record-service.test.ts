/**
 * The records core knows no feature (issue 24, ADR 063): a `RecordService` on its own runs
 * only its built-in hooks; the revision history and pending edits come from their modules.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openFreshDatabase, type FreshDatabase } from "#tests/helpers/fresh-database.ts";
import { DIALECTS } from "#tests/helpers/test-app.ts";
import { findNewestRevision } from "../../data/repositories/revision-repository.ts";
import { findCollection } from "../collections/collection-lookup.ts";
import type { Collection } from "../models/collection.ts";
import { RecordService } from "./record-service.ts";
import { operatorRequest } from "./request-info.ts";

const collection = (name: string): Collection => {
  const found = findCollection(name);
  if (!found) throw new Error(`no collection ${name}`);
  return found;
};

describe.each(DIALECTS)("the records core without feature modules (%s)", (dialect) => {
  let fresh: FreshDatabase;
  let records: RecordService;

  beforeAll(async () => {
    fresh = await openFreshDatabase(dialect);
    records = new RecordService(fresh.database);
  });
  afterAll(async () => {
    await fresh.close();
  });

  it("writes an entry with no revision and takes any revision marker", async () => {
    const author = await records.create(collection("users"), operatorRequest(), {
      username: "core_only",
      email: "core_only@example.com",
      password: "password123",
      passwordConfirm: "password123",
    });
    // The revision module refuses an unknown marker; the core alone does not read it.
    const request = { ...operatorRequest(), query: { revision: "unknown" } };
    const entry = await records.create(collection("entries"), request, {
      author: author.id,
      title: "Core only",
    });
    expect(entry.name).toBe("core-only");
    const key = { collection: "entries", record: String(entry.id) };
    expect(await findNewestRevision(fresh.database.kysely, key)).toBeUndefined();
  });
});
