/**
 * A raw Server-Sent Events client for tests: `fetch` plus a line parser following the HTML
 * event-stream rules, so tests see exactly what went over the wire (ids, event names, data,
 * `retry:`, comment lines) without any SDK in between.
 *
 * @example
 * const sse = await openSse(`${base}/api/realtime`);
 * const connect = await sse.next("PB_CONNECT");
 * // …POST subscriptions with sse.clientId, write a record…
 * const event = await sse.next("posts/*");
 * sse.close();
 */

/** One dispatched event. */
export interface SseEvent {
  /** The last event id seen (the client id for Cahier). */
  id: string;
  /** The event name (`message` when the block had none). */
  event: string;
  data: string;
  /** The `retry:` value of the block, if it had one. */
  retry?: number;
}

/** An open event stream. */
export interface SseConnection {
  /** The response status and headers. */
  readonly status: number;
  readonly headers: Headers;
  /** The client id from the first `PB_CONNECT` (empty if there was none). */
  readonly clientId: string;
  /** Every event received so far, in order. */
  readonly events: SseEvent[];
  /** Comment lines (heartbeats) received so far. */
  readonly comments: number;
  /** Everything received, as text. */
  readonly text: string;
  /** Whether the server ended the stream. */
  readonly ended: boolean;
  /**
   * The next event not yet taken by `next`, optionally the next one named `event`; earlier
   * events of other names are skipped. Rejects after `timeoutMs` (default 5 s).
   */
  next(event?: string, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream (rejects after `timeoutMs`, default 5 s). */
  waitForEnd(timeoutMs?: number): Promise<void>;
  /** Aborts the request. */
  close(): void;
}

/**
 * Opens an event stream; resolves once the first `PB_CONNECT` arrived (unless
 * `waitForConnect` is false), which `next()` then skips.
 */
export async function openSse(
  url: string,
  init: { headers?: Record<string, string>; waitForConnect?: boolean } = {},
): Promise<SseConnection> {
  const controller = new AbortController();
  const res = await fetch(url, {
    headers: { accept: "text/event-stream", ...init.headers },
    signal: controller.signal,
  });
  const events: SseEvent[] = [];
  let cursor = 0;
  let comments = 0;
  let text = "";
  let ended = false;
  let clientId = "";
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const w of [...waiters]) w();
  };

  let lastId = "";
  let block: { event?: string; data: string[]; retry?: number } = { data: [] };
  let pending = "";
  const handleLine = (line: string) => {
    if (line === "") {
      if (block.data.length) {
        const event: SseEvent = {
          id: lastId,
          event: block.event ?? "message",
          data: block.data.join("\n"),
        };
        if (block.retry !== undefined) event.retry = block.retry;
        if (event.event === "PB_CONNECT" && !clientId) clientId = lastId;
        events.push(event);
      }
      block = { data: [] };
      return;
    }
    if (line.startsWith(":")) {
      comments += 1;
      return;
    }
    const colon = line.indexOf(":");
    const name = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (name === "id") lastId = value;
    else if (name === "event") block.event = value;
    else if (name === "data") block.data.push(value);
    else if (name === "retry" && /^\d+$/.test(value)) block.retry = Number(value);
  };

  const pump = async () => {
    if (!res.body) return;
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        const chunk = decoder.decode(value, { stream: true });
        text += chunk;
        pending += chunk;
        const lines = pending.split(/\r\n|\n|\r/);
        pending = lines.pop() ?? "";
        for (const line of lines) handleLine(line);
        notify();
      }
    } catch {
      // Aborted by close().
    } finally {
      ended = true;
      notify();
    }
  };
  void pump();

  const wait = (check: () => boolean, timeoutMs: number, what: string) =>
    new Promise<void>((resolve, reject) => {
      if (check()) {
        resolve();
        return;
      }
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(
          new Error(`timed out after ${timeoutMs} ms waiting for ${what}; received:\n${text}`),
        );
      }, timeoutMs);
      const waiter = () => {
        let done: boolean;
        try {
          done = check();
        } catch (error) {
          clearTimeout(timer);
          waiters.delete(waiter);
          reject(error instanceof Error ? error : new Error(String(error)));
          return;
        }
        if (!done) return;
        clearTimeout(timer);
        waiters.delete(waiter);
        resolve();
      };
      waiters.add(waiter);
    });

  const connection: SseConnection = {
    status: res.status,
    headers: res.headers,
    get clientId() {
      return clientId;
    },
    events,
    get comments() {
      return comments;
    },
    get text() {
      return text;
    },
    get ended() {
      return ended;
    },
    async next(event, timeoutMs = 5000) {
      let found: SseEvent | undefined;
      await wait(
        () => {
          while (cursor < events.length) {
            const e = events[cursor] as SseEvent;
            cursor += 1;
            if (event === undefined || e.event === event) {
              found = e;
              return true;
            }
          }
          if (ended) throw new Error(`stream ended before ${event ?? "an event"}:\n${text}`);
          return false;
        },
        timeoutMs,
        event ?? "an event",
      );
      return found as SseEvent;
    },
    waitForEnd(timeoutMs = 5000) {
      return wait(() => ended, timeoutMs, "the end of the stream");
    },
    close() {
      controller.abort();
    },
  };
  if (res.status === 200 && init.waitForConnect !== false) {
    await wait(() => clientId !== "" || ended, 5000, "PB_CONNECT");
    // The first PB_CONNECT is taken: `next()` returns what follows it.
    cursor = events.findIndex((e) => e.event === "PB_CONNECT") + 1;
  }
  return connection;
}
