import { describe, expect, it } from "vitest";
import {
  SECOND_FACTOR_MANAGE_ACTIONS,
  SECOND_FACTOR_METHODS,
  SECOND_FACTOR_SIGN_IN_ACTIONS,
  SECOND_FACTORS,
  secondFactorActions,
  secondFactorOf,
} from "./second-factors.ts";
import { isFirstFactor, isSignInMethod } from "./sign-in-methods.ts";

describe("second factors", () => {
  it("are named once each, in lower-case letters (their paths)", () => {
    expect(new Set(SECOND_FACTOR_METHODS).size).toBe(SECOND_FACTORS.length);
    for (const method of SECOND_FACTOR_METHODS) expect(method).toMatch(/^[a-z]+$/);
  });

  it("are sign-in methods, and never first factors", () => {
    for (const method of SECOND_FACTOR_METHODS) {
      expect(isSignInMethod(method)).toBe(true);
      expect(isFirstFactor(method)).toBe(false);
    }
  });

  it("spell their rate-limit labels as PocketBase's auth actions (TOTP's as before)", () => {
    expect(secondFactorActions(secondFactorOf("totp"))).toEqual({
      signIn: "authWithTOTP",
      manage: "manageTOTP",
    });
    expect(SECOND_FACTOR_SIGN_IN_ACTIONS).toContain("authWithTOTP");
    expect(SECOND_FACTOR_MANAGE_ACTIONS).toContain("manageTOTP");
  });
});
