import { describe, expect, it } from "vitest";
import {
  DEFAULT_RETRY_DELAY_MS,
  fetchWithRetry,
  MAX_RETRY_DELAY_MS,
  retryDelay,
  shouldRetry,
} from "./fetch-retry.ts";

/** A fake `fetch` answering the given statuses in turn, recording each call. */
function fakeFetch(statuses: number[], headers: Record<string, string> = {}) {
  const calls: { url: string; method: string }[] = [];
  const impl = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = input instanceof Request ? input.url : String(input);
    const method = init?.method ?? (input instanceof Request ? input.method : "GET");
    calls.push({ url, method });
    const status = statuses[calls.length - 1] ?? 200;
    return Promise.resolve(new Response(`answer ${String(calls.length)}`, { status, headers }));
  };
  return { impl, calls };
}

function recordingSleep() {
  const waits: number[] = [];
  return {
    waits,
    sleep: (ms: number) => {
      waits.push(ms);
      return Promise.resolve();
    },
  };
}

describe("shouldRetry", () => {
  it("retries safe methods on the transient statuses only", () => {
    for (const status of [408, 409, 425, 429, 500, 502, 503, 504]) {
      expect(shouldRetry("GET", status)).toBe(true);
      expect(shouldRetry("head", status)).toBe(true);
    }
    for (const status of [200, 301, 400, 401, 403, 404, 410, 501, 505]) {
      expect(shouldRetry("GET", status)).toBe(false);
    }
  });

  it("never repeats a write", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "post"]) {
      for (const status of [408, 429, 500, 503]) expect(shouldRetry(method, status)).toBe(false);
    }
  });
});

describe("retryDelay", () => {
  it("honours Retry-After in seconds or as a date, within a cap", () => {
    expect(retryDelay(null)).toBe(DEFAULT_RETRY_DELAY_MS);
    expect(retryDelay("2")).toBe(2000);
    expect(retryDelay("3600")).toBe(MAX_RETRY_DELAY_MS);
    expect(retryDelay("-1")).toBe(0);
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(retryDelay("Thu, 01 Jan 2026 00:00:03 GMT", now)).toBe(3000);
    expect(retryDelay("not a date")).toBe(DEFAULT_RETRY_DELAY_MS);
  });
});

describe("fetchWithRetry", () => {
  it("retries a GET once on a transient status and returns the second answer", async () => {
    const { impl, calls } = fakeFetch([503, 503, 503]);
    const { sleep, waits } = recordingSleep();
    const response = await fetchWithRetry("/_app/builds/latest.json", undefined, {
      fetch: impl,
      sleep,
    });
    expect(calls).toHaveLength(2);
    expect(waits).toEqual([DEFAULT_RETRY_DELAY_MS]);
    expect(response.status).toBe(503);
    expect(await response.text()).toBe("answer 2");
  });

  it("returns the first answer when it is fine or not transient", async () => {
    for (const status of [200, 404, 400]) {
      const { impl, calls } = fakeFetch([status]);
      const response = await fetchWithRetry("/x", { method: "GET" }, { fetch: impl });
      expect(response.status).toBe(status);
      expect(calls).toHaveLength(1);
    }
  });

  it("never repeats a POST, whatever the status", async () => {
    const { impl, calls } = fakeFetch([503, 200]);
    const response = await fetchWithRetry("/x", { method: "POST", body: "{}" }, { fetch: impl });
    expect(response.status).toBe(503);
    expect(calls).toEqual([{ url: "/x", method: "POST" }]);
  });

  it("retries a HEAD and a GET Request object (re-sent from a copy)", async () => {
    const head = fakeFetch([429, 200], { "Retry-After": "1" });
    const { sleep, waits } = recordingSleep();
    expect(
      (await fetchWithRetry("/x", { method: "HEAD" }, { fetch: head.impl, sleep })).status,
    ).toBe(200);
    expect(waits).toEqual([1000]);
    const request = fakeFetch([502, 200]);
    const response = await fetchWithRetry(new Request("https://cahier.example/y"), undefined, {
      fetch: request.impl,
      sleep,
    });
    expect(response.status).toBe(200);
    expect(request.calls.map((c) => c.url)).toEqual([
      "https://cahier.example/y",
      "https://cahier.example/y",
    ]);
  });

  it("does not retry a request aborted before its answer, and rejects one aborted while waiting", async () => {
    const aborted = new AbortController();
    aborted.abort();
    const first = fakeFetch([503, 200]);
    const response = await fetchWithRetry("/x", { signal: aborted.signal }, { fetch: first.impl });
    expect(response.status).toBe(503);
    expect(first.calls).toHaveLength(1);

    const waiting = new AbortController();
    const second = fakeFetch([503, 200]);
    const promise = fetchWithRetry(
      "/x",
      { signal: waiting.signal },
      {
        fetch: second.impl,
        sleep: () => {
          waiting.abort(new Error("stopped"));
          return Promise.resolve();
        },
      },
    );
    await expect(promise).rejects.toThrow("stopped");
    expect(second.calls).toHaveLength(1);
  });
});
