import { describe, expect, it, vi } from "vitest";
import { isAuthAnswer, SessionStore } from "./session-store.ts";

const record = { id: "u1", collectionId: "_pb_users_auth_", collectionName: "users" };

describe("the browser's auth store", () => {
  it("keeps the session when asked to save none (an answer whose body never arrived)", () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const store = new SessionStore("test_auth");
    store.save("token-1", record);
    const changes: string[] = [];
    store.onChange((token) => changes.push(token));
    store.save("", null);
    store.save(undefined as unknown as string, undefined);
    store.save("token-2", null);
    expect(store.token).toBe("token-1");
    expect(store.record).toEqual(record);
    expect(changes).toEqual([]);
  });

  it("saves a new session, and clear() still ends one", () => {
    const store = new SessionStore("test_auth_2");
    store.save("token-1", record);
    store.save("token-2", record);
    expect(store.token).toBe("token-2");
    store.clear();
    expect(store.token).toBe("");
    expect(store.record).toBeNull();
  });

  it("tells an auth answer from what a cut or empty body reads as", () => {
    expect(isAuthAnswer({ token: "t", record })).toBe(true);
    for (const value of [{}, null, "", { token: "", record }, { token: "t" }, { token: 1, record }])
      expect(isAuthAnswer(value)).toBe(false);
  });
});
