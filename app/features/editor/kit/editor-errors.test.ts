import { ClientResponseError } from "pocketbase";
import { describe, expect, it } from "vitest";
import { APP_NAMESPACES, getI18n } from "../../../lib/i18n/i18n.ts";
import { editorFieldErrors } from "./editor-errors.ts";

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

describe("editorFieldErrors", () => {
  it("words the file codes only the editor meets", () => {
    const error = refusal({ logo: { code: "validation_file_size_limit", message: "Too big." } });
    expect(editorFieldErrors(error, t)).toEqual({ logo: "The file is too large." });
  });

  it("gives the editor's modifier keys' errors to their field", () => {
    const error = refusal({ "attachments+": { code: "validation_too_many_files", message: "x" } });
    expect(Object.keys(editorFieldErrors(error, t))).toEqual(["attachments"]);
  });
});
