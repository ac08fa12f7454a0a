import { ClientResponseError } from "pocketbase";
import { describe, expect, it } from "vitest";
import { isSignInRefused, mfaIdOf, secondStepFailure } from "./mfa.ts";

function apiError(status: number, response: Record<string, unknown>): ClientResponseError {
  return new ClientResponseError({ url: "/api/x", status, response });
}

describe("mfaIdOf", () => {
  it("reads the pending sign-in of PocketBase's 401 {mfaId}", () => {
    expect(mfaIdOf(apiError(401, { mfaId: "abc123def456ghi" }))).toBe("abc123def456ghi");
  });

  it("is null for every other failure", () => {
    expect(mfaIdOf(apiError(401, { status: 401, message: "Missing", data: {} }))).toBeNull();
    expect(mfaIdOf(apiError(400, { mfaId: "abc" }))).toBeNull();
    expect(mfaIdOf(apiError(401, { mfaId: 12 }))).toBeNull();
    expect(mfaIdOf(apiError(401, { mfaId: "" }))).toBeNull();
    expect(mfaIdOf(new Error("boom"))).toBeNull();
  });
});

describe("secondStepFailure", () => {
  it("tells a wrong code from an expired sign-in and from too many attempts", () => {
    expect(secondStepFailure(apiError(400, { message: "Invalid or expired code." }))).toBe(
      "invalidCode",
    );
    expect(secondStepFailure(apiError(400, { message: "Invalid or expired MFA session." }))).toBe(
      "expired",
    );
    expect(secondStepFailure(apiError(429, { message: "Too many attempts." }))).toBe(
      "tooManyAttempts",
    );
    expect(secondStepFailure(apiError(0, {}))).toBe("other");
    expect(secondStepFailure(new Error("x"))).toBe("other");
  });
});

describe("isSignInRefused", () => {
  it("is the 403 of the collection's auth rule (a suspended account)", () => {
    expect(isSignInRefused(apiError(403, { message: "The request doesn't satisfy…" }))).toBe(true);
    expect(isSignInRefused(apiError(400, {}))).toBe(false);
  });
});
