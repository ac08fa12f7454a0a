import { ClientResponseError } from "pocketbase";
import { beforeAll, describe, expect, it } from "vitest";
import { getI18n, APP_NAMESPACES, type AppT } from "../../lib/i18n/i18n.ts";
import { requestErrorNotification } from "./request-error-message.ts";

function apiError(status: number, data: Record<string, unknown> = {}, isAbort = false) {
  return new ClientResponseError({
    url: "/api/collections/entries/records",
    status,
    isAbort,
    response: { status, message: "Something", data },
  });
}

describe.each(["en", "fr"] as const)("request error notifications (%s)", (locale) => {
  let t: AppT;
  beforeAll(async () => {
    t = (await getI18n(locale)).getFixedT(locale, APP_NAMESPACES);
  });

  it("translates what a person can act on", () => {
    expect(requestErrorNotification(apiError(403), t)).toBe(t("shell:requestErrors.forbidden"));
    expect(requestErrorNotification(apiError(401), t)).toBe(t("shell:requestErrors.unauthorized"));
    expect(requestErrorNotification(apiError(404), t)).toBe(t("shell:requestErrors.notFound"));
    expect(requestErrorNotification(apiError(429), t)).toBe(
      t("shell:requestErrors.tooManyRequests"),
    );
    expect(
      requestErrorNotification(
        apiError(400, { title: { code: "validation_required", message: "Cannot be blank." } }),
        t,
      ),
    ).toBe(t("shell:requestErrors.invalidFields"));
    expect(requestErrorNotification(apiError(0), t)).toBe(t("errors:api.network"));
    expect(requestErrorNotification(apiError(500), t)).toBe(t("errors:api.generic"));
    expect(requestErrorNotification(new Error("boom"), t)).toBe(t("errors:api.generic"));
  });

  it("says nothing about a cancelled request", () => {
    expect(requestErrorNotification(apiError(0, {}, true), t)).toBeNull();
    expect(requestErrorNotification(new DOMException("stop", "AbortError"), t)).toBeNull();
  });

  it("has its own words in each language", () => {
    expect(t("shell:requestErrors.forbidden")).not.toBe("shell:requestErrors.forbidden");
    expect(t("shell:notifications.loggedIn", { name: "Ada" })).toContain("Ada");
  });
});
