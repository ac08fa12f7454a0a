/**
 * SDK compatibility of full-text search (issue 14, ADR 043): `pb.send("/api/search", { query })`
 * with the official SDK against a real server process: results under each caller's rules, the
 * records as `getOne` returns them, and errors the SDK reads as `ClientResponseError`s.
 */
import { ClientResponseError } from "pocketbase";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "#tests/helpers/test-app.ts";
import { startSdkFixture, type Account, type SdkFixture } from "./sdk-fixture.ts";

interface SearchPage {
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
  items: {
    collectionName: string;
    id: string;
    score: number;
    snippet: string;
    record: Record<string, unknown>;
  }[];
}

describe.each(DIALECTS)("SDK search (%s)", (dialect) => {
  let sdk: SdkFixture;
  let alice: Account;
  let bob: Account;

  beforeAll(async () => {
    sdk = await startSdkFixture(dialect);
    [alice, bob] = await Promise.all([
      sdk.account("alice", { role: "writer" }),
      sdk.account("bob"),
    ]);
    const entries = alice.pb.collection("entries");
    await entries.create({
      author: alice.record.id,
      title: "Les jardins d'été",
      content: "Nous avons planté des tomates.",
      visibility: "public",
    });
    await entries.create({
      author: alice.record.id,
      title: "Jardin secret",
      visibility: "private",
    });
  });
  afterAll(() => sdk.close());

  it("searches with pb.send, each record as getOne returns it", async () => {
    const page = await alice.pb.send<SearchPage>("/api/search", {
      query: { q: "jardin", kind: "entries", expand: "author" },
    });
    expect(page).toMatchObject({ page: 1, perPage: 30, totalItems: 2, totalPages: 1 });
    for (const item of page.items) {
      const record = await alice.pb
        .collection(item.collectionName)
        .getOne(item.id, { expand: "author" });
      expect(item.record).toEqual(record);
    }
    const guest = await sdk.guest.send<SearchPage>("/api/search", { query: { q: "jardins ete" } });
    expect(guest.items.map((i) => i.record.title)).toEqual(["Les jardins d'été"]);
    expect(guest.items[0]?.snippet).toBe("Nous avons planté des tomates.");
    const other = await bob.pb.send<SearchPage>("/api/search", { query: { q: "secret" } });
    expect(other.items).toEqual([]);
  });

  it("reports bad input as a ClientResponseError", async () => {
    const error = await sdk.guest
      .send("/api/search", { query: { q: " " } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClientResponseError);
    expect(error).toMatchObject({
      status: 400,
      response: { data: { q: { code: "validation_required" } } },
    });
  });
});
