import { describe, expect, it } from "vitest";
import type { AppT } from "../../lib/i18n/i18n.ts";
import { localDeviceName, tokenDevice } from "./device-names.ts";

/** A translation function that shows the key and its values. */
const t = ((key: string, values?: Record<string, string>) =>
  values ? `${key}(${values.browser ?? ""}|${values.system ?? ""})` : key) as unknown as AppT;

/** An unsigned JWT carrying `claims` (only the API checks signatures). */
function token(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "HS256", typ: "JWT" })}.${part(claims)}.signature`;
}

describe("localDeviceName", () => {
  it("puts a browser and a system in the interface language's words", () => {
    expect(localDeviceName("Mobile Safari on iOS", t)).toBe(
      "devices:list.nameOn(Mobile Safari|iOS)",
    );
  });

  it("keeps a name without a system, and names the unknown device", () => {
    expect(localDeviceName("curl", t)).toBe("curl");
    expect(localDeviceName("Unknown device", t)).toBe("devices:list.unknown");
    expect(localDeviceName("", t)).toBe("devices:list.unknown");
  });
});

describe("tokenDevice", () => {
  it("reads the device claim of a token, or nothing", () => {
    expect(tokenDevice(token({ id: "u", device: "abc123def456ghi" }))).toBe("abc123def456ghi");
    expect(tokenDevice(token({ id: "u" }))).toBe("");
    expect(tokenDevice(token({ id: "u", device: 7 }))).toBe("");
    expect(tokenDevice("")).toBe("");
  });
});
