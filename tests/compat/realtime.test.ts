/**
 * SDK compatibility: the official `pocketbase` SDK's realtime client (Node's EventSource)
 * against a real server process: `c/*` and `c/{id}` subscriptions, options (filter, expand,
 * fields), unsubscribing, auth, and reconnect + resubscribe after the server drops the stream.
 */
import type PocketBase from "pocketbase";
import type { RecordModel, RecordSubscription } from "pocketbase";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "#tests/helpers/test-app.ts";
import { startSdkFixture, type Account, type SdkFixture } from "./sdk-fixture.ts";

type Event = RecordSubscription;

/** Collects the events of one subscription. */
function collector(): { events: Event[]; push: (e: Event) => void } {
  const events: Event[] = [];
  return { events, push: (e) => events.push(e) };
}

async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const summary = (events: Event[]) => events.map((e) => `${e.action} ${String(e.record.title)}`);

describe.each(DIALECTS)("SDK realtime (%s)", (dialect) => {
  let sdk: SdkFixture;
  let alice: Account;
  let bob: Account;
  let markers = 0;
  const clients: PocketBase[] = [];

  /** A client of its own (each SDK client holds one realtime connection). */
  const fresh = (token?: string, record?: RecordModel) => {
    const pb = sdk.client();
    if (token && record) pb.authStore.save(token, record);
    clients.push(pb);
    return pb;
  };
  const entry = (data: Record<string, unknown>) =>
    alice.pb.collection("entries").create({ author: alice.record.id, ...data });
  /** A public entry every `entries/*` subscriber must get next (proves nothing came before). */
  const marker = async () => {
    markers += 1;
    return entry({ title: `marker ${markers}`, visibility: "public" });
  };

  beforeAll(async () => {
    sdk = await startSdkFixture(dialect);
    [alice, bob] = await Promise.all([sdk.account("alice"), sdk.account("bob")]);
  });
  afterAll(async () => {
    for (const pb of clients) await pb.realtime.unsubscribe().catch(() => undefined);
    await sdk.close();
  });

  it("subscribes to c/* and c/{id} and receives creates, updates and deletes", async () => {
    const pb = fresh(bob.pb.authStore.token, bob.record);
    const all = collector();
    const one = collector();
    const first = await entry({ title: "First", visibility: "public" });
    await pb.collection("entries").subscribe("*", all.push);
    await pb.collection("entries").subscribe(first.id, one.push);
    expect(pb.realtime.isConnected).toBe(true);
    expect(pb.realtime.clientId).toMatch(/^[a-zA-Z0-9]{40}$/);

    await alice.pb.collection("entries").update(first.id, { title: "First edited" });
    const second = await entry({ title: "Second", visibility: "public" });
    await entry({ title: "Hidden", visibility: "private" });
    await alice.pb.collection("entries").delete(second.id);
    const last = await marker();
    await until(() => all.events.some((e) => e.record.id === last.id), "the marker");
    expect(summary(all.events)).toEqual([
      "update First edited",
      "create Second",
      "delete Second",
      `create ${String(last.title)}`,
    ]);
    expect(summary(one.events)).toEqual(["update First edited"]);
    expect(all.events[0]?.record).toMatchObject({
      collectionName: "entries",
      id: first.id,
      visibility: "public",
    });
  });

  it("sends the author their private entries once the subscription carries their auth", async () => {
    const pb = fresh(alice.pb.authStore.token, alice.record);
    const mine = collector();
    await pb.collection("entries").subscribe("*", mine.push);
    const secret = await entry({ title: "Only mine", visibility: "private" });
    await until(() => mine.events.length === 1, "the private create");
    expect(mine.events[0]?.record.id).toBe(secret.id);
  });

  it("applies filter, expand and fields options", async () => {
    const pb = fresh();
    const filtered = collector();
    const shaped = collector();
    await pb.collection("entries").subscribe("*", filtered.push, { filter: "title ~ 'keep'" });
    await pb
      .collection("entries")
      .subscribe("*", shaped.push, { expand: "author", fields: "id,title,expand.author.username" });
    await entry({ title: "drop me", visibility: "public" });
    const kept = await entry({ title: "keep me", visibility: "public" });
    await until(() => filtered.events.length === 1 && shaped.events.length === 2, "the events");
    expect(summary(filtered.events)).toEqual(["create keep me"]);
    expect(shaped.events[1]?.record).toEqual({
      id: kept.id,
      title: "keep me",
      expand: { author: { username: "alice" } },
    });
  });

  it("stops after unsubscribing, and closes the stream with the last topic", async () => {
    const pb = fresh();
    const all = collector();
    const unsubscribe = await pb.collection("entries").subscribe("*", all.push);
    const other = collector();
    await pb.collection("posts").subscribe("*", other.push);
    await marker();
    await until(() => all.events.length === 1, "the first marker");
    await unsubscribe();
    expect(pb.realtime.isConnected).toBe(true);
    await marker();
    // The posts subscription still holds the stream; entries events no longer arrive.
    await new Promise((r) => setTimeout(r, 300));
    expect(all.events).toHaveLength(1);
    await pb.collection("posts").unsubscribe();
    expect(pb.realtime.isConnected).toBe(false);
  });

  it("reconnects and resubscribes after the server drops the connection", async () => {
    const pb = fresh(bob.pb.authStore.token, bob.record);
    const all = collector();
    const disconnects: string[][] = [];
    pb.realtime.onDisconnect = (active) => disconnects.push(active);
    let connects = 0;
    await pb.realtime.subscribe("PB_CONNECT", () => {
      connects += 1;
    });
    await pb.collection("entries").subscribe("*", all.push);
    await until(() => connects === 1, "the first PB_CONNECT");
    const before = pb.realtime.clientId;

    await sdk.server.restart();
    await until(() => connects === 2 && pb.realtime.isConnected, "the reconnection", 20_000);
    expect(disconnects.length).toBeGreaterThanOrEqual(1);
    expect(disconnects[0]).toEqual(expect.arrayContaining(["entries/*"]));
    expect(pb.realtime.clientId).not.toBe(before);

    // The SDK submitted its topics again: events flow on the new stream.
    const after = await marker();
    await until(() => all.events.some((e) => e.record.id === after.id), "an event after reconnect");
  });
});
