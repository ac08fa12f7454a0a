/** The browser side of the OAuth2 redirect flow: saved attempts, callbacks and the state check. */
import { describe, expect, it } from "vitest";
import {
  describeProviderError,
  PENDING_KEY,
  PENDING_MAX_AGE_MS,
  providerUrl,
  readCallback,
  savePending,
  stateMatches,
  takePending,
  type PendingStorage,
} from "./oauth2-flow.ts";

/** Session storage's contract over a Map. */
function memoryStorage(): PendingStorage & { size(): number } {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, value);
    },
    removeItem: (key) => {
      items.delete(key);
    },
    size: () => items.size,
  };
}

const attempt = {
  provider: "github",
  displayName: "GitHub",
  state: "abcdefghijklmnopqrstuvwxyz0123",
  codeVerifier: "v".repeat(43),
  returnTo: "/i",
};

describe("oauth2 flow", () => {
  it("appends the encoded callback URL to the provider's authURL", () => {
    expect(
      providerUrl("https://id.example.com/auth?state=s&redirect_uri=", "https://cahier.example"),
    ).toBe("https://id.example.com/auth?state=s&redirect_uri=https%3A%2F%2Fcahier.example%2Flogin");
  });

  it("keeps an attempt for one callback only", () => {
    const storage = memoryStorage();
    savePending(storage, attempt, 1000);
    expect(takePending(storage, 2000)).toEqual({ ...attempt, startedAt: 1000 });
    expect(storage.size()).toBe(0);
    expect(takePending(storage, 2000)).toBeNull();
  });

  it("keeps only a path of this site as the way back", () => {
    const storage = memoryStorage();
    for (const returnTo of ["https://evil.example/", "//evil.example", 42]) {
      storage.setItem(PENDING_KEY, JSON.stringify({ ...attempt, returnTo, startedAt: 0 }));
      expect(takePending(storage, 1)?.returnTo).toBe("/");
    }
  });

  it("drops stale, future and malformed attempts", () => {
    const storage = memoryStorage();
    savePending(storage, attempt, 0);
    expect(takePending(storage, PENDING_MAX_AGE_MS + 1)).toBeNull();
    savePending(storage, attempt, 10 * 60_000);
    expect(takePending(storage, 0)).toBeNull();
    for (const raw of [
      "{",
      "null",
      '{"provider":"x","state":"","codeVerifier":"y","startedAt":1}',
      "[]",
    ]) {
      storage.setItem(PENDING_KEY, raw);
      expect(takePending(storage, 1)).toBeNull();
      expect(storage.size()).toBe(0);
    }
  });

  it("reads the callback parameters", () => {
    expect(readCallback(new URLSearchParams(""))).toEqual({ kind: "none" });
    expect(readCallback(new URLSearchParams("verify=token"))).toEqual({ kind: "none" });
    expect(readCallback(new URLSearchParams("code=c&state=s"))).toEqual({
      kind: "code",
      code: "c",
      state: "s",
    });
    expect(readCallback(new URLSearchParams("code=c"))).toEqual({
      kind: "code",
      code: "c",
      state: "",
    });
    expect(readCallback(new URLSearchParams("error=access_denied&state=s&code=c"))).toEqual({
      kind: "error",
      error: "access_denied",
    });
  });

  it("accepts only the state this browser sent", () => {
    const pending = { ...attempt, startedAt: 0 };
    expect(stateMatches(pending, attempt.state)).toBe(true);
    expect(stateMatches(pending, `${attempt.state.slice(0, -1)}4`)).toBe(false);
    expect(stateMatches(pending, attempt.state.slice(1))).toBe(false);
    expect(stateMatches(pending, "")).toBe(false);
    expect(stateMatches(null, attempt.state)).toBe(false);
    expect(stateMatches({ ...pending, state: "" }, "")).toBe(false);
  });

  it("never shows a provider's free text", () => {
    expect(describeProviderError("access_denied")).toEqual({ known: "access_denied" });
    expect(describeProviderError("invalid_scope")).toEqual({ code: "invalid_scope" });
    expect(describeProviderError("Call +1 555 0100 <b>now</b>")).toEqual({ code: "Callbnowb" });
    expect(describeProviderError("!!!")).toEqual({ code: "unknown" });
  });
});
