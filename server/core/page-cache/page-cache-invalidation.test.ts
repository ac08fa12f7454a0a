import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findCollection } from "../collections/collection-lookup.ts";
import { operatorRequest } from "../records/request-info.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import { PageCache } from "./page-cache.ts";
import {
  parseBusMessage,
  type PageCacheBus,
  type PageCacheMessage,
  type PageCacheMessageHandler,
} from "./page-cache-bus.ts";
import { PageCacheInvalidation } from "./page-cache-invalidation.ts";

/** A bus that records what this instance tells and lets the test play the other instances. */
class RecordingBus implements PageCacheBus {
  readonly sent: PageCacheMessage[] = [];
  private handlers: PageCacheMessageHandler[] = [];
  private resync: (() => void)[] = [];
  publish(message: PageCacheMessage): void {
    this.sent.push(message);
  }
  onMessage(handler: PageCacheMessageHandler): void {
    this.handlers.push(handler);
  }
  onResync(handler: () => void): void {
    this.resync.push(handler);
  }
  receive(message: PageCacheMessage): void {
    for (const handler of this.handlers) handler(message);
  }
  reconnect(): void {
    for (const handler of this.resync) handler();
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe.each(DIALECTS)("page cache invalidation (%s)", (dialect) => {
  let app: TestApp;
  let bus: RecordingBus;
  let cache: PageCache<string>;
  let invalidation: PageCacheInvalidation;
  let reloads = 0;
  let author = "";

  const create = (collection: string, data: Record<string, unknown>) =>
    app.seedRecord(collection, { author, ...data });
  const update = (collection: string, id: string, data: Record<string, unknown>) => {
    const c = findCollection(collection);
    if (!c) throw new Error(collection);
    return app.records.update(c, operatorRequest(), id, data);
  };
  /** Fills the cache, runs `write`, and says whether the cache was purged and what was told. */
  const effect = async (write: () => Promise<unknown>) => {
    cache.set("/blog", "page", cache.ticket());
    bus.sent.length = 0;
    await write();
    await tick();
    return { purged: cache.get("/blog") === undefined, sent: [...bus.sent] };
  };

  beforeAll(async () => {
    app = await createTestApp(dialect);
    author = String((await app.createUser({ role: "writer" })).record.id);
    bus = new RecordingBus();
    cache = new PageCache<string>({
      ttlMs: 60_000,
      maxEntries: 100,
      maxBytes: 100_000,
      sizeOf: (value) => value.length,
    });
    invalidation = new PageCacheInvalidation({
      cache,
      records: app.records,
      bus,
      reloadSettings: () => {
        reloads += 1;
        return Promise.resolve();
      },
      log: () => undefined,
    });
    await invalidation.start();
  });
  afterAll(async () => {
    invalidation.close();
    await app.close();
  });

  it("purges here and tells the others when a write reaches guests", async () => {
    const result = await effect(() =>
      create("entries", { title: "Public", content: "x", visibility: "public" }),
    );
    expect(result).toEqual({
      purged: true,
      sent: [{ purge: true, settings: false, schedule: false }],
    });
  });

  it("keeps everything when no guest could see the record before or after", async () => {
    let id = "";
    expect(
      await effect(async () => {
        id = String(
          (await create("entries", { title: "Secret", content: "x", visibility: "private" })).id,
        );
        await update("entries", id, { content: "still secret" });
      }),
    ).toEqual({ purged: false, sent: [] });
    // Leaving the private state reaches guests; so does going back to it.
    expect((await effect(() => update("entries", id, { visibility: "unlisted" }))).purged).toBe(
      true,
    );
    expect((await effect(() => update("entries", id, { visibility: "private" }))).purged).toBe(
      true,
    );
  });

  it("reads the next publication again when a post's schedule moves, without purging for a draft", async () => {
    const due = Date.now() + 3_600_000;
    let id = "";
    const scheduled = await effect(async () => {
      id = String(
        (
          await create("posts", {
            title: "Later",
            content: "x",
            status: "published",
            publishedAt: new Date(due).toISOString(),
          })
        ).id,
      );
    });
    // Scheduled: no guest sees it yet, but the cache must expire when it goes live.
    expect(scheduled).toEqual({
      purged: false,
      sent: [{ purge: false, settings: false, schedule: true }],
    });
    expect(cache.nextExpiry).toBe(due);
    await effect(() => update("posts", id, { status: "draft" }));
    expect(cache.nextExpiry).toBeNull();
    // Saving the draft's text again neither purges nor moves the schedule.
    expect(await effect(() => update("posts", id, { content: "y" }))).toEqual({
      purged: false,
      sent: [],
    });
  });

  it("obeys the other instances: purges, settings read again, lost messages", async () => {
    cache.set("a", "page", cache.ticket());
    bus.receive({ purge: true, settings: false, schedule: false });
    await tick();
    expect(cache.get("a")).toBeUndefined();

    cache.set("a", "page", cache.ticket());
    bus.receive({ purge: false, settings: true, schedule: false });
    await tick();
    expect(reloads).toBe(1);
    expect(cache.get("a")).toBeUndefined();

    cache.set("a", "page", cache.ticket());
    bus.reconnect();
    expect(cache.get("a")).toBeUndefined();
  });

  it("purges on a settings change once started, telling the others unless they told it", async () => {
    bus.sent.length = 0;
    cache.set("a", "page", cache.ticket());
    invalidation.settingsChanged({ appName: "Cahier" });
    invalidation.settingsChanged({ appName: "Carnet" });
    await tick();
    expect(cache.get("a")).toBeUndefined();
    // What one turn asked goes out as one message.
    expect(bus.sent).toEqual([{ purge: true, settings: true, schedule: false }]);
    cache.set("a", "page", cache.ticket());
    invalidation.settingsChanged({ appName: "Carnet" });
    expect(cache.get("a")).toBe("page");
  });

  it("purges on a restore", () => {
    cache.set("a", "page", cache.ticket());
    app.records.events.reset();
    expect(cache.get("a")).toBeUndefined();
  });
});

describe("page cache bus messages", () => {
  it("parses what instances send and drops anything else", () => {
    expect(
      parseBusMessage('{"v":1,"origin":"abc","purge":true,"settings":false,"schedule":true}'),
    ).toEqual({ origin: "abc", purge: true, settings: false, schedule: true });
    for (const text of ["", "null", "[]", '{"v":2,"origin":"a"}', '{"v":1}', "{oops"]) {
      expect(parseBusMessage(text), text).toBeNull();
    }
  });
});
