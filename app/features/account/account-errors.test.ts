import { ClientResponseError } from "pocketbase";
import { beforeAll, describe, expect, it } from "vitest";
import enAccount from "#shared/i18n/catalogs/en/account.ts";
import frAccount from "#shared/i18n/catalogs/fr/account.ts";
import enErrors from "#shared/i18n/catalogs/en/errors.ts";
import { APP_NAMESPACES, getI18n, type AppT } from "../../lib/i18n/i18n.ts";
import {
  accountFieldErrors,
  fieldCodes,
  isTokenRejected,
  isTooManyRequests,
} from "./account-errors.ts";

function apiError(status: number, data: Record<string, unknown> = {}): ClientResponseError {
  return new ClientResponseError({
    url: "/api/collections/users/confirm-password-reset",
    status,
    response: { status, message: "An error occurred while validating the submitted data.", data },
  });
}

describe("account field errors", () => {
  let en: AppT;
  let fr: AppT;
  beforeAll(async () => {
    en = (await getI18n("en")).getFixedT("en", APP_NAMESPACES);
    fr = (await getI18n("fr")).getFixedT("fr", APP_NAMESPACES);
  });

  it("translates the auth endpoints' codes in both languages", () => {
    const failure = apiError(400, {
      token: { code: "validation_invalid_token", message: "Invalid or expired token." },
      password: { code: "validation_length_out_of_range", message: "x", params: { min: 8 } },
      passwordConfirm: { code: "validation_values_mismatch", message: "Values don't match." },
    });
    expect(accountFieldErrors(failure, en)).toEqual({
      token: enAccount.validation.validation_invalid_token,
      password: enAccount.validation.validation_length_out_of_range,
      passwordConfirm: enAccount.validation.validation_values_mismatch,
    });
    expect(accountFieldErrors(failure, fr)).toEqual({
      token: frAccount.validation.validation_invalid_token,
      password: frAccount.validation.validation_length_out_of_range,
      passwordConfirm: frAccount.validation.validation_values_mismatch,
    });
  });

  it("knows every code of its catalog", () => {
    for (const code of Object.keys(enAccount.validation)) {
      const failure = apiError(400, { field: { code, message: "x" } });
      expect(accountFieldErrors(failure, en).field).toBe(
        enAccount.validation[code as keyof typeof enAccount.validation],
      );
    }
  });

  it("falls back to the general translations, then to a generic message", () => {
    const failure = apiError(400, {
      date: { code: "validation_invalid_date", message: "x" },
      other: { code: "validation_something_new", message: "x" },
      broken: "not an object",
    });
    expect(accountFieldErrors(failure, en)).toEqual({
      date: enErrors.validation.validation_invalid_date,
      other: enErrors.validation.other,
      broken: enErrors.validation.other,
    });
  });

  it("has nothing for errors without field data", () => {
    expect(accountFieldErrors(apiError(400), en)).toEqual({});
    expect(accountFieldErrors(new Error("boom"), en)).toEqual({});
    expect(fieldCodes(apiError(500))).toEqual({});
  });

  it("recognises refused tokens and rate limits", () => {
    expect(isTokenRejected(apiError(400, { token: { code: "validation_invalid_token" } }))).toBe(
      true,
    );
    expect(
      isTokenRejected(apiError(400, { token: { code: "validation_token_collection_mismatch" } })),
    ).toBe(true);
    expect(isTokenRejected(apiError(400, { token: { code: "validation_required" } }))).toBe(false);
    expect(isTokenRejected(apiError(400, { password: { code: "validation_invalid_token" } }))).toBe(
      false,
    );
    expect(isTooManyRequests(apiError(429))).toBe(true);
    expect(isTooManyRequests(apiError(400))).toBe(false);
    expect(isTooManyRequests(new Error("429"))).toBe(false);
  });
});
