import { ClientResponseError } from "pocketbase";
import { describe, expect, it } from "vitest";
import { normalizeOtpCode, otpFailure } from "./otp-code.ts";

function apiError(status: number): ClientResponseError {
  return new ClientResponseError({ url: "/api/x", status, response: { status, data: {} } });
}

describe("normalizeOtpCode", () => {
  it("removes the separators people type or paste between digit groups", () => {
    expect(normalizeOtpCode("12345678")).toBe("12345678");
    expect(normalizeOtpCode(" 1234 5678 ")).toBe("12345678");
    expect(normalizeOtpCode("1234-5678")).toBe("12345678");
    expect(normalizeOtpCode("12.34.56.78")).toBe("12345678");
    expect(normalizeOtpCode("1234\u20115678")).toBe("12345678");
    expect(normalizeOtpCode("\t1234\n5678")).toBe("12345678");
  });

  it("keeps anything else for the API to judge", () => {
    expect(normalizeOtpCode("abc123")).toBe("abc123");
    expect(normalizeOtpCode("")).toBe("");
  });
});

describe("otpFailure", () => {
  it("classifies the API's answers", () => {
    expect(otpFailure(apiError(400))).toBe("invalid");
    expect(otpFailure(apiError(429))).toBe("tooManyAttempts");
    expect(otpFailure(apiError(403))).toBe("unavailable");
    expect(otpFailure(apiError(500))).toBe("other");
    expect(otpFailure(apiError(0))).toBe("other");
    expect(otpFailure(new Error("boom"))).toBe("other");
  });
});
