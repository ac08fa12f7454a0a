import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { solveChallenge } from "./altcha-solver.ts";

/** A challenge whose answer is `number`, built as altcha-lib builds one. */
function challengeFor(number: number, maxnumber = 5000) {
  const salt = "s4lt?expires=9999999999&";
  return {
    algorithm: "SHA-256",
    challenge: createHash("sha256")
      .update(`${salt}${String(number)}`)
      .digest("hex"),
    maxnumber,
    salt,
    signature: "sig",
  };
}

describe("solveChallenge", () => {
  it("finds the number and answers altcha's base64 JSON payload", async () => {
    const payload = await solveChallenge(challengeFor(1234));
    const decoded = JSON.parse(atob(payload)) as Record<string, unknown>;
    expect(decoded).toMatchObject({
      algorithm: "SHA-256",
      number: 1234,
      salt: "s4lt?expires=9999999999&",
      signature: "sig",
    });
    expect(decoded.challenge).toBe(challengeFor(1234).challenge);
  });

  it("rejects a challenge without a solution in its range, and an unknown algorithm", async () => {
    await expect(solveChallenge(challengeFor(900, 100))).rejects.toThrow(/no solution/);
    await expect(solveChallenge({ ...challengeFor(1), algorithm: "MD5" })).rejects.toThrow(
      /Unsupported/,
    );
  });

  it("stops when its signal aborts", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(solveChallenge(challengeFor(10), controller.signal)).rejects.toThrow();
  });
});
