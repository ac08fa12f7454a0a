import { describe, expect, it } from "vitest";
import { isFirstFactor, isSignInMethod, SIGN_IN_METHODS } from "./sign-in-methods.ts";

describe("sign-in methods", () => {
  it("are named once each", () => {
    expect(new Set(SIGN_IN_METHODS).size).toBe(SIGN_IN_METHODS.length);
  });

  it("tell the first factors, which a second factor follows", () => {
    expect(SIGN_IN_METHODS.filter(isFirstFactor)).toEqual(["password", "oauth2", "otp"]);
  });

  it("recognise method names only", () => {
    expect(isSignInMethod("passkey")).toBe(true);
    expect(isSignInMethod("realtime")).toBe(false);
    expect(isSignInMethod(1)).toBe(false);
  });
});
