import { describe, expect, it } from "vitest";
import { recoveryCodesFile } from "./recovery-codes.tsx";

describe("recoveryCodesFile", () => {
  it("names the account, then lists one code a line", () => {
    expect(recoveryCodesFile(["abcde-fghjk", "mnpqr-stvwx"], "Codes of ann@example.com.")).toBe(
      "Codes of ann@example.com.\n\nabcde-fghjk\nmnpqr-stvwx\n",
    );
  });
});
