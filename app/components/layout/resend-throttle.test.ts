import { describe, expect, it } from "vitest";
import {
  readLastResend,
  RESEND_INTERVAL_MS,
  resendStorageKey,
  resendWait,
  saveLastResend,
} from "./resend-throttle.ts";

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => {
      values.set(key, value);
    },
  };
}

describe("resend throttle", () => {
  it("allows a first request, then waits the interval", () => {
    expect(resendWait(null, 1_000_000)).toBe(0);
    expect(resendWait(1_000_000, 1_000_000)).toBe(RESEND_INTERVAL_MS);
    expect(resendWait(1_000_000, 1_000_000 + 15_000)).toBe(RESEND_INTERVAL_MS - 15_000);
    expect(resendWait(1_000_000, 1_000_000 + RESEND_INTERVAL_MS)).toBe(0);
    expect(resendWait(1_000_000, 9_000_000)).toBe(0);
  });

  it("treats a time in the future (a clock change) as a fresh request", () => {
    expect(resendWait(2_000_000, 1_000_000)).toBe(RESEND_INTERVAL_MS);
  });

  it("keeps the last request per account in storage", () => {
    const storage = memoryStorage();
    expect(readLastResend(storage, "u1")).toBeNull();
    saveLastResend(storage, "u1", 123_456);
    expect(readLastResend(storage, "u1")).toBe(123_456);
    expect(readLastResend(storage, "u2")).toBeNull();
    expect(storage.getItem(resendStorageKey("u1"))).toBe("123456");
  });

  it("ignores junk and unavailable storage", () => {
    const storage = memoryStorage();
    storage.setItem(resendStorageKey("u1"), "soon");
    expect(readLastResend(storage, "u1")).toBeNull();
    expect(readLastResend(undefined, "u1")).toBeNull();
    const broken = {
      getItem: (): string | null => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
    };
    expect(readLastResend(broken, "u1")).toBeNull();
    expect(() => {
      saveLastResend(broken, "u1", 1);
    }).not.toThrow();
  });
});
