/**
 * The broker without HTTP: clients on in-memory sinks, a real record service. Covers the
 * backlog limit (resync instead of unbounded memory), requests forwarded by other instances,
 * and the per-IP bookkeeping.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/helpers/test-app.ts";
import { requireCollection } from "../collections/collection-lookup.ts";
import { MAX_PENDING_CHANGES } from "./realtime-broker.ts";
import type { RecordChange } from "../records/record-events.ts";
import { operatorRequest, type RecordData } from "../records/request-info.ts";
import type { RealtimeSink } from "./realtime-client.ts";

/** A sink that keeps what was written. */
function memorySink(): RealtimeSink & { text: () => string } {
  const chunks: string[] = [];
  return {
    write: (chunk) => {
      chunks.push(chunk);
      return true;
    },
    onceDrain: () => () => undefined,
    end: () => undefined,
    destroy: () => undefined,
    text: () => chunks.join(""),
  };
}

describe("RealtimeBroker", () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp("sqlite");
  });
  afterAll(async () => {
    await app.close();
  });

  it("asks every client to resync instead of queueing an unbounded backlog", async () => {
    const sink = memorySink();
    const client = app.realtime.connect("10.0.0.1", sink);
    await app.realtime.setSubscriptions(
      { clientId: client.id, subscriptions: ["entries/*"] },
      "10.0.0.1",
      null,
    );
    const entries = requireCollection("entries");
    for (let i = 0; i < MAX_PENDING_CHANGES + 50; i++) {
      app.realtime.enqueue({ action: "update", collection: entries, id: `missing${String(i)}` });
    }
    await app.realtime.settled();
    const connects = sink.text().match(/event:PB_CONNECT/g) ?? [];
    expect(connects).toHaveLength(2);
    // Queued changes of records that no longer exist send nothing.
    expect(sink.text()).not.toContain("event:entries/*");
    client.close("shutdown");
  });

  it("sends a create whose record was deleted before its turn, then the delete", async () => {
    // Delivery runs behind the writes on a busy server: both changes are committed before
    // the create is delivered. Captured while no client listens, then queued in order.
    const changes: RecordChange[] = [];
    const off = app.records.events.on((change) => changes.push(change));
    const user = await app.createUser();
    const created = await app.seedRecord("entries", {
      author: user.record.id,
      title: "Gone soon",
      content: "x",
      visibility: "public",
    });
    const hidden = await app.seedRecord("entries", {
      author: user.record.id,
      title: "Private",
      content: "x",
      visibility: "private",
    });
    const entries = requireCollection("entries");
    await app.records.delete(entries, operatorRequest(), String(created.id));
    await app.records.delete(entries, operatorRequest(), String(hidden.id));
    off();
    const sink = memorySink();
    const client = app.realtime.connect("10.0.0.3", sink);
    await app.realtime.setSubscriptions(
      { clientId: client.id, subscriptions: ["entries/*"] },
      "10.0.0.3",
      null,
    );
    for (const change of changes.filter((c) => c.collection.name === "entries"))
      app.realtime.enqueue(change);
    await app.realtime.settled();
    const events = [...sink.text().matchAll(/event:entries\/\*\ndata:(.*)\n/g)].map((m) => {
      const data = JSON.parse(m[1] ?? "{}") as { action: string; record: RecordData };
      return `${data.action} ${String(data.record.title)}`;
    });
    // The private entry is refused to a guest from its snapshot as from its row.
    expect(events).toEqual(["create Gone soon", "delete Gone soon"]);
    client.close("shutdown");
  });

  it("answers forwarded requests only for its own clients", async () => {
    const ip = "10.0.0.2";
    const client = app.realtime.connect(ip, memorySink());
    const user = await app.createUser();
    const users = requireCollection("users");
    const forward = (auth: { collectionId: string; id: string } | null, from = ip) =>
      app.realtime.handleRemote({
        kind: "subscribe",
        clientId: client.id,
        subscriptions: ["entries/*"],
        ip: from,
        auth,
      });
    expect(
      await app.realtime.handleRemote({
        kind: "subscribe",
        clientId: "elsewhere",
        subscriptions: [],
        ip,
        auth: null,
      }),
    ).toBeNull();
    expect(await forward(null, "10.9.9.9")).toEqual({
      status: 400,
      message: "Invalid realtime client.",
    });
    expect(await forward({ collectionId: users.id, id: "nosuchuser00000" })).toEqual({
      status: 404,
      message: "Missing or invalid client id.",
    });
    expect(await forward({ collectionId: users.id, id: String(user.record.id) })).toEqual({
      status: 204,
      message: "",
    });
    expect(client.auth?.record.id).toBe(user.record.id);
    expect(client.auth?.isSuperuser).toBe(false);
    expect(await forward(null)).toEqual({
      status: 403,
      message: "The current and the previous request authorization don't match.",
    });
    expect(
      await app.realtime.handleRemote({
        kind: "oauth2",
        state: "elsewhere",
        code: "c",
        error: "",
        ip,
      }),
    ).toBeNull();
    client.close("shutdown");
  });

  it("counts streams per IP and forgets them when they close", () => {
    const limits = app.realtime.limits;
    const saved = limits.maxClientsPerIp;
    limits.maxClientsPerIp = 2;
    try {
      const a = app.realtime.connect("10.0.0.3", memorySink());
      const b = app.realtime.connect("10.0.0.3", memorySink());
      expect(() => app.realtime.connect("10.0.0.3", memorySink())).toThrow("Too Many Requests.");
      const other = app.realtime.connect("10.0.0.4", memorySink());
      a.close("disconnected");
      const c = app.realtime.connect("10.0.0.3", memorySink());
      for (const x of [b, c, other]) x.close("shutdown");
      expect(app.realtime.size).toBe(0);
    } finally {
      limits.maxClientsPerIp = saved;
    }
  });
});
