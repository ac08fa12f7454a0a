/** What the browser's and the API's passkey refusals mean, and where passkeys can work. */
import { ClientResponseError } from "pocketbase";
import { describe, expect, it } from "vitest";
import { hostAcceptsPasskeys, passkeyFailure } from "./passkeys-client.ts";

function apiError(status: number, message: string): ClientResponseError {
  return new ClientResponseError({ status, response: { status, message, data: {} } });
}

function domError(name: string): Error {
  const error = new Error("refused");
  error.name = name;
  return error;
}

describe("hostAcceptsPasskeys", () => {
  it("accepts domain names and localhost, never an IP address", () => {
    for (const host of ["localhost", "journal.example.com", "cahier"])
      expect(hostAcceptsPasskeys(host), host).toBe(true);
    for (const host of ["127.0.0.1", "192.168.1.4", "[::1]", "::1", ""])
      expect(hostAcceptsPasskeys(host), host).toBe(false);
  });
});

describe("passkeyFailure", () => {
  it("sorts the browser's refusals", () => {
    expect(passkeyFailure(domError("NotAllowedError"))).toBe("cancelled");
    expect(passkeyFailure(domError("AbortError"))).toBe("cancelled");
    expect(passkeyFailure(domError("InvalidStateError"))).toBe("exists");
    expect(passkeyFailure(domError("SecurityError"))).toBe("unsupported");
    expect(passkeyFailure(new Error("WebAuthn is not supported in this browser"))).toBe(
      "unsupported",
    );
    expect(passkeyFailure(domError("UnknownError"))).toBe("other");
  });

  it("sorts the API's refusals", () => {
    expect(passkeyFailure(apiError(400, "Failed to authenticate."))).toBe("failed");
    expect(passkeyFailure(apiError(400, "Invalid or expired passkey challenge."))).toBe("expired");
    expect(passkeyFailure(apiError(400, "Invalid or expired MFA session."))).toBe("expired");
    expect(
      passkeyFailure(
        apiError(403, "The request doesn't satisfy the collection requirements to authenticate."),
      ),
    ).toBe("suspended");
    expect(
      passkeyFailure(
        apiError(403, "The collection is not configured to allow passkey authentication."),
      ),
    ).toBe("unsupported");
    expect(passkeyFailure(apiError(500, "Something went wrong."))).toBe("other");
    expect(passkeyFailure(apiError(0, ""))).toBe("other");
  });
});
