import { ClientResponseError } from "pocketbase";
import { describe, expect, it } from "vitest";
import { fieldErrors, requestErrorMessage } from "./api-errors.ts";
import { APP_NAMESPACES, getI18n } from "../i18n/i18n.ts";

const t = (await getI18n("en")).getFixedT("en", APP_NAMESPACES);

/** A 400 answer with PocketBase's per-field details. */
function refusal(data: Record<string, unknown>): ClientResponseError {
  return new ClientResponseError({
    url: "/api/x",
    status: 400,
    response: {
      status: 400,
      message: "An error occurred while validating the submitted data.",
      data,
    },
  });
}

// A page's own codes (the editor's, the system pages') are tested beside the page's wording:
// features/editor/editor-errors.test.ts, features/admin-system/system-errors.test.ts.
describe("fieldErrors", () => {
  it("words each field's validation code, and unknown codes as 'Invalid value.'", () => {
    const error = refusal({
      title: { code: "validation_required", message: "Cannot be blank." },
      slug: { code: "validation_something_new", message: "Whatever." },
      broken: "not an object",
    });
    expect(fieldErrors(error, t)).toEqual({
      title: "Cannot be blank.",
      slug: "Invalid value.",
      broken: "Invalid value.",
    });
  });

  it("is empty for errors without field details", () => {
    expect(fieldErrors(new Error("boom"), t)).toEqual({});
    expect(fieldErrors(new ClientResponseError({ status: 0 }), t)).toEqual({});
  });
});

describe("requestErrorMessage", () => {
  it("tells a network failure from a server refusal", () => {
    expect(requestErrorMessage(new ClientResponseError({ status: 0 }), t)).not.toBe(
      requestErrorMessage(refusal({}), t),
    );
  });
});
