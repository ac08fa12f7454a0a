/** `_externalAuths` lookups on each engine: one provider identity in one collection. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openFreshDatabase, type FreshDatabase } from "#tests/helpers/fresh-database.ts";
import { DIALECTS } from "#tests/helpers/test-app.ts";
import { externalAuthsCollection } from "../registry/collections.ts";
import { findExternalAuth } from "./external-auth-repository.ts";
import { insertRow } from "./record-repository.ts";

const link = {
  collectionRef: "_pb_users_auth_",
  provider: "github",
  providerId: "42",
};

describe.each(DIALECTS)("external auths (%s)", (engine) => {
  let fresh: FreshDatabase;

  beforeAll(async () => {
    fresh = await openFreshDatabase(engine);
    const created = "2026-01-01 10:00:00.000Z";
    await insertRow(fresh.database.kysely, externalAuthsCollection, {
      id: "link1",
      ...link,
      recordRef: "u1",
      created,
      updated: created,
    });
  });
  afterAll(async () => {
    await fresh.close();
  });

  it("finds the link of a provider identity in a collection", async () => {
    const db = fresh.database.kysely;
    expect(await findExternalAuth(db, link)).toMatchObject({ id: "link1", recordRef: "u1" });
  });

  it("finds nothing when any part differs", async () => {
    const db = fresh.database.kysely;
    expect(await findExternalAuth(db, { ...link, providerId: "43" })).toBeUndefined();
    expect(await findExternalAuth(db, { ...link, provider: "google" })).toBeUndefined();
    expect(await findExternalAuth(db, { ...link, collectionRef: "other" })).toBeUndefined();
  });
});
