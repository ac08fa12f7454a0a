import { beforeAll, describe, expect, it } from "vitest";
import { ClientResponseError } from "pocketbase";
import { APP_NAMESPACES, getI18n, type AppT } from "../../../lib/i18n/i18n.ts";
import { saveStatusText, type SaveStatusView } from "./save-status.tsx";

const base: SaveStatusView = {
  status: { kind: "idle" },
  held: false,
  needsTitle: false,
  paused: false,
  local: null,
  action: "Save",
};
const format = (time: number) => `T${String(time)}`;

describe("saveStatusText", () => {
  let en: AppT;
  let fr: AppT;
  beforeAll(async () => {
    en = (await getI18n("en")).getFixedT("en", APP_NAMESPACES);
    fr = (await getI18n("fr")).getFixedT("fr", APP_NAMESPACES);
  });
  const text = (view: Partial<SaveStatusView>, t = en) =>
    saveStatusText({ ...base, ...view }, t, format);

  it("says Saving…, Saved and Offline, in both languages", () => {
    expect(text({})).toEqual({ text: "", urgent: false });
    expect(text({ status: { kind: "saving" } })).toEqual({ text: "Saving…", urgent: false });
    expect(text({ status: { kind: "saved", at: 5 } }).text).toBe("Saved at T5.");
    expect(text({ status: { kind: "saved", at: 5 } }, fr).text).toBe("Enregistré à T5.");
    expect(text({ status: { kind: "offline" } })).toEqual({
      text: "Offline: your changes are kept in this browser and saved when the connection returns.",
      urgent: true,
    });
    expect(text({ status: { kind: "offline" }, local: false }).text).toContain(
      "this browser cannot keep your changes",
    );
  });

  it("says when readers do not see the saved text yet", () => {
    expect(text({ status: { kind: "saved", at: 5 }, held: true }).text).toBe(
      "Saved at T5. Readers see these changes only once you press “Save”.",
    );
    expect(text({ held: true }, fr).text).toBe(
      "Les lecteurs ne verront ces modifications qu'après «\u00a0Save\u00a0».",
    );
  });

  it("says why nothing reached the server", () => {
    expect(text({ needsTitle: true, local: 7 })).toEqual({
      text: "Kept in this browser at T7. Write a title or some text to save it to your account.",
      urgent: false,
    });
    expect(text({ needsTitle: true, local: false }).urgent).toBe(true);
    expect(text({ paused: true, status: { kind: "saved", at: 1 } }).text).toBe(
      "Saving automatically is paused until you choose a version above.",
    );
    const invalid = new ClientResponseError({
      status: 400,
      response: { data: { title: { code: "validation_required", message: "Missing." } } },
    });
    expect(text({ status: { kind: "failed", error: invalid } }).text).toBe(
      "Not saved automatically: a field needs fixing. Press “Save” to see which.",
    );
    const forbidden = new ClientResponseError({ status: 403, response: { data: {} } });
    expect(text({ status: { kind: "failed", error: forbidden } }).urgent).toBe(true);
  });
});
