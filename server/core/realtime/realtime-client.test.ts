import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  CLIENT_ID_LENGTH,
  RealtimeClient,
  randomClientId,
  type ClientLimits,
  type CloseReason,
  type RealtimeSink,
} from "./realtime-client.ts";

const LIMITS: ClientLimits = {
  heartbeatMs: 25_000,
  idleTimeoutMs: 5 * 60_000,
  maxLifetimeMs: 30 * 60_000,
  maxQueuedMessages: 3,
  maxQueuedBytes: 1000,
  stallTimeoutMs: 60_000,
  retryMs: 1000,
};

/** A sink that records writes and can refuse them until drained. */
class FakeSink implements RealtimeSink {
  chunks: string[] = [];
  accepting = true;
  ended = false;
  destroyed = false;
  drainListeners = new Set<() => void>();
  write(chunk: string): boolean {
    this.chunks.push(chunk);
    return this.accepting;
  }
  onceDrain(listener: () => void): () => void {
    this.drainListeners.add(listener);
    return () => this.drainListeners.delete(listener);
  }
  end(): void {
    this.ended = true;
  }
  destroy(): void {
    this.destroyed = true;
  }
  drain(): void {
    this.accepting = true;
    const listeners = [...this.drainListeners];
    this.drainListeners.clear();
    for (const l of listeners) l();
  }
}

describe("RealtimeClient", () => {
  let sink: FakeSink;
  let closed: CloseReason[];
  const make = (limits: Partial<ClientLimits> = {}) =>
    new RealtimeClient("127.0.0.1", sink, { ...LIMITS, ...limits }, (_c, reason) => {
      closed.push(reason);
    });

  beforeEach(() => {
    vi.useFakeTimers();
    sink = new FakeSink();
    closed = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("has a 40-character alphanumeric id", () => {
    for (let i = 0; i < 50; i++) expect(randomClientId()).toMatch(/^[a-zA-Z0-9]{40}$/);
    expect(make().id).toHaveLength(CLIENT_ID_LENGTH);
  });

  it("sends PB_CONNECT with its id, a retry hint, and an id on every message", () => {
    const client = make();
    client.connect();
    client.send("posts/*", '{"a":1}');
    expect(sink.chunks[0]).toMatch(
      new RegExp(
        `^id:${client.id}\\nevent:PB_CONNECT\\nretry:\\d+\\ndata:\\{"clientId":"${client.id}"\\}\\n\\n$`,
      ),
    );
    const retry = Number(/retry:(\d+)/.exec(sink.chunks[0] ?? "")?.[1]);
    expect(retry).toBeGreaterThanOrEqual(1000);
    expect(retry).toBeLessThan(2000);
    expect(sink.chunks[1]).toBe(`id:${client.id}\nevent:posts/*\ndata:{"a":1}\n\n`);
    client.close("shutdown");
  });

  it("writes a heartbeat comment every interval", () => {
    const client = make();
    vi.advanceTimersByTime(25_000);
    expect(sink.chunks).toEqual([":\n\n"]);
    vi.advanceTimersByTime(50_000);
    expect(sink.chunks).toEqual([":\n\n", ":\n\n", ":\n\n"]);
    client.close("shutdown");
  });

  it("closes after the idle timeout while it has no subscriptions", () => {
    const client = make();
    vi.advanceTimersByTime(5 * 60_000 - 1);
    expect(client.closed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(client.closeReason).toBe("idle");
    expect(closed).toEqual(["idle"]);
    expect(sink.ended).toBe(true);
    expect(sink.destroyed).toBe(false);
  });

  it("does not idle out while subscribed, and re-arms once the subscriptions are gone", () => {
    const client = make();
    vi.advanceTimersByTime(4 * 60_000);
    client.setSubscriptions(["posts/*"]);
    vi.advanceTimersByTime(20 * 60_000);
    expect(client.closed).toBe(false);
    client.setSubscriptions([]);
    vi.advanceTimersByTime(5 * 60_000);
    expect(client.closeReason).toBe("idle");
  });

  it("closes at its maximum lifetime even when subscribed and busy", () => {
    const client = make();
    client.setSubscriptions(["posts/*"]);
    for (let minute = 0; minute < 29; minute++) {
      vi.advanceTimersByTime(60_000);
      client.send("posts/*", "{}");
    }
    expect(client.closed).toBe(false);
    vi.advanceTimersByTime(60_000);
    expect(client.closeReason).toBe("lifetime");
    expect(sink.ended).toBe(true);
  });

  it("clears every timer and drain listener when closed", () => {
    const client = make();
    sink.accepting = false;
    client.send("x", "{}");
    expect(sink.drainListeners.size).toBe(1);
    expect(vi.getTimerCount()).toBe(3);
    client.close("disconnected");
    expect(vi.getTimerCount()).toBe(0);
    expect(sink.drainListeners.size).toBe(0);
    // Closing again is a no-op; nothing is written any more.
    client.close("shutdown");
    expect(client.send("x", "{}")).toBe(false);
    expect(closed).toEqual(["disconnected"]);
    expect(sink.ended).toBe(false);
  });

  it("queues while the stream refuses writes and flushes in order on drain", () => {
    const client = make({ maxQueuedMessages: 10 });
    sink.accepting = false;
    client.send("a", "1");
    client.send("b", "2");
    client.send("c", "3");
    expect(sink.chunks).toHaveLength(1);
    expect(client.pending.messages).toBe(2);
    sink.drain();
    expect(sink.chunks.map((c) => /event:(\w)/.exec(c)?.[1])).toEqual(["a", "b", "c"]);
    expect(client.pending).toEqual({ messages: 0, bytes: 0 });
    client.close("shutdown");
  });

  it("cuts a reader whose queue overflows (count), dropping the connection", () => {
    const client = make();
    sink.accepting = false;
    client.send("a", "1");
    for (let i = 0; i < 3; i++) expect(client.send("b", String(i))).toBe(true);
    expect(client.send("c", "overflow")).toBe(false);
    expect(client.closeReason).toBe("overflow");
    expect(sink.destroyed).toBe(true);
    expect(client.pending).toEqual({ messages: 0, bytes: 0 });
  });

  it("cuts a reader whose queue overflows (bytes)", () => {
    const client = make({ maxQueuedMessages: 1000 });
    sink.accepting = false;
    client.send("a", "1");
    client.send("b", "x".repeat(900));
    expect(client.closed).toBe(false);
    client.send("b", "x".repeat(200));
    expect(client.closeReason).toBe("overflow");
  });

  it("drops a stream that has not drained for the stall timeout", () => {
    const client = make();
    client.setSubscriptions(["posts/*"]);
    sink.accepting = false;
    client.send("a", "1");
    vi.advanceTimersByTime(50_000);
    expect(client.closed).toBe(false);
    vi.advanceTimersByTime(25_000);
    expect(client.closeReason).toBe("stalled");
    expect(sink.destroyed).toBe(true);
  });

  it("drops instead of ending a stream that is not draining when its time is up", () => {
    const client = make({ stallTimeoutMs: 60 * 60_000 });
    client.setSubscriptions(["posts/*"]);
    sink.accepting = false;
    client.send("a", "1");
    vi.advanceTimersByTime(30 * 60_000);
    expect(client.closeReason).toBe("lifetime");
    expect(sink.destroyed).toBe(true);
    expect(sink.ended).toBe(false);
  });

  it("treats a throwing stream as closed", () => {
    const client = make();
    sink.write = () => {
      throw new Error("EPIPE");
    };
    expect(client.send("a", "1")).toBe(false);
    expect(client.closeReason).toBe("error");
  });

  it("parses subscription options and skips empty subscriptions", () => {
    const client = make();
    client.setSubscriptions([
      "",
      "posts/*",
      `posts/abc?options=${encodeURIComponent(JSON.stringify({ query: { expand: "author", n: 2 }, headers: { "X-Token": "t" } }))}`,
    ]);
    expect([...client.subscriptions.keys()]).toHaveLength(2);
    expect(client.subscriptions.get("posts/*")).toEqual({ query: {}, headers: {} });
    const withOptions = [...client.subscriptions.values()][1];
    expect(withOptions).toEqual({ query: { expand: "author", n: "2" }, headers: { x_token: "t" } });
    client.close("shutdown");
  });
});
