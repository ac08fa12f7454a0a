import { ClientResponseError } from "pocketbase";
import { describe, expect, it } from "vitest";
import { APP_NAMESPACES, getI18n } from "../../lib/i18n/i18n.ts";
import { systemFieldErrors } from "./system-errors.ts";

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

describe("systemFieldErrors", () => {
  it("words the codes only the system pages meet", () => {
    const system = refusal({ "smtp.host": { code: "validation_env_managed", message: "x" } });
    expect(systemFieldErrors(system, t)).toEqual({
      "smtp.host": "Set by the environment; it cannot be changed here.",
    });
  });
});
