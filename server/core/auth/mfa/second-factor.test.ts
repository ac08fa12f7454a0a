/**
 * A second factor plugged in through `SecondFactors` alone (ADR 066): enrolling it makes the
 * first factors answer `401 {mfaId}`, its proof completes the sign-in once, its field errors
 * come with `mfaId`'s, and deleting or first proving an account forgets it, all without a
 * line of its own anywhere else. TOTP's wire is tested by `record-auth-totp.test.ts`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECOND_FACTOR_METHODS, type SecondFactorMethod } from "#shared/auth/second-factors.ts";
import { requireCollection } from "#server/core/collections/collection-lookup.ts";
import { badRequest, CoreError, fieldError } from "#server/core/errors.ts";
import type { AuthCollection } from "#server/core/models/collection.ts";
import { guestRequest, operatorRequest } from "#server/core/records/request-info.ts";
import { createAccount } from "#tests/helpers/account-kit.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import { SECOND_FACTOR_PLUGINS } from "./second-factor-list.ts";
import { SecondFactors, type SecondFactor } from "./second-factor.ts";

const USERS = "/api/collections/users";
const PASSWORD = "password123";

/** A factor whose proof is the word `open-sesame`, enrolled for the records in `enrolled`. */
function wordFactor() {
  const enrolled = new Set<string>();
  const forgotten: string[] = [];
  const reloads: number[] = [];
  const factor: SecondFactor = {
    // Any name of the shared list would do; the real TOTP factor sits beside it.
    method: "totp" satisfies SecondFactorMethod,
    proof: ["word"],
    enrolled: (_collection, recordId) => Promise.resolve(enrolled.has(recordId)),
    invalidProof: (proof) => ({
      word: proof.word ? undefined : fieldError("validation_required", "Cannot be blank."),
    }),
    verify: (_collection, recordId, proof) =>
      enrolled.has(recordId) && proof.word === "open-sesame"
        ? Promise.resolve()
        : Promise.reject(badRequest("Invalid or expired code.")),
    status: () => Promise.resolve({}),
    actions: [],
    forget: (_db, _collectionId, recordId) => {
      forgotten.push(recordId);
      return Promise.resolve(enrolled.delete(recordId));
    },
    reload: () => {
      reloads.push(1);
      return Promise.resolve();
    },
  };
  return { factor, enrolled, forgotten, reloads };
}

describe("the second-factor registry", () => {
  it("has a server plug-in for every second factor of the shared list, and no other", () => {
    expect(Object.keys(SECOND_FACTOR_PLUGINS).sort()).toEqual([...SECOND_FACTOR_METHODS].sort());
  });
});

describe.each(DIALECTS)("a second factor plugged in (%s)", (dialect) => {
  let app: TestApp;
  let users: AuthCollection;
  let word: ReturnType<typeof wordFactor>;
  let factors: SecondFactors;
  let counter = 0;

  beforeAll(async () => {
    app = await createTestApp(dialect);
    users = requireCollection("users") as AuthCollection;
    word = wordFactor();
    const mfa = app.auth.mfa;
    if (!mfa) throw new Error("the app has no MFA sessions");
    factors = new SecondFactors({ records: app.records, auth: app.auth, mfa }, [word.factor]);
  });
  afterAll(async () => {
    await app.close();
  });

  /** A verified account with the word factor enrolled. */
  async function account(): Promise<{ id: string; email: string }> {
    counter += 1;
    const email = `word${String(counter)}@example.com`;
    const { record } = await createAccount(app, {
      username: `word${String(counter)}`,
      email,
      verified: true,
    });
    const id = String(record.id);
    word.enrolled.add(id);
    return { id, email };
  }

  /** The password sign-in of `email`: its `mfaId`. */
  async function firstFactor(email: string): Promise<string> {
    const answer = await app.http.inject({
      method: "POST",
      url: `${USERS}/auth-with-password`,
      payload: { identity: email, password: PASSWORD },
    });
    expect(answer.statusCode, answer.body).toBe(401);
    expect(Object.keys(answer.json<object>())).toEqual(["mfaId"]);
    return answer.json<{ mfaId: string }>().mfaId;
  }

  const secondStep = (body: Record<string, string>) =>
    factors.authenticate(word.factor, users, guestRequest("POST"), () => Promise.resolve(body));

  /** The status and data of a refused second step. */
  async function refusal(body: Record<string, string>) {
    const error: unknown = await secondStep(body).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(CoreError);
    const { status, message, data } = error as CoreError;
    return { status, message, data };
  }

  it("makes an enrolled account's first factor ask for it, and its proof sign in once", async () => {
    const { id, email } = await account();
    const mfaId = await firstFactor(email);
    const signedIn = await secondStep({ mfaId, word: "open-sesame" });
    expect(signedIn.record.id).toBe(id);
    expect(signedIn.token).not.toBe("");
    // The pending sign-in is spent: the same proof again is refused.
    expect(await refusal({ mfaId, word: "open-sesame" })).toMatchObject({
      status: 400,
      message: "Invalid or expired MFA session.",
    });
  });

  it("refuses a wrong proof with the factor's own answer, and keeps the pending sign-in", async () => {
    const { email } = await account();
    const mfaId = await firstFactor(email);
    expect(await refusal({ mfaId, word: "abracadabra" })).toMatchObject({
      status: 400,
      message: "Invalid or expired code.",
    });
    await expect(secondStep({ mfaId, word: "open-sesame" })).resolves.toHaveProperty("token");
  });

  it("checks the proof's fields with mfaId's before anything else", async () => {
    const refused = await refusal({ mfaId: "", word: "" });
    expect(refused.status).toBe(400);
    // Both at once, keys in Go's map order as PocketBase serialises them.
    expect(Object.keys(refused.data)).toEqual(["mfaId", "word"]);
    expect(await refusal({ mfaId: "unknown-mfa-id", word: "open-sesame" })).toMatchObject({
      status: 400,
      message: "Invalid or expired MFA session.",
    });
  });

  it("lets an account that did not enrol it sign in with its first factor alone", async () => {
    const { id, email } = await account();
    word.enrolled.delete(id);
    const answer = await app.http.inject({
      method: "POST",
      url: `${USERS}/auth-with-password`,
      payload: { identity: email, password: PASSWORD },
    });
    expect(answer.statusCode, answer.body).toBe(200);
  });

  it("is forgotten with a deleted account, in the delete's transaction", async () => {
    const { id, email } = await account();
    const mfaId = await firstFactor(email);
    await app.records.delete(users, operatorRequest(), id);
    expect(word.forgotten).toContain(id);
    expect(word.enrolled.has(id)).toBe(false);
    expect(await refusal({ mfaId, word: "open-sesame" })).toMatchObject({
      status: 400,
      message: "Invalid or expired MFA session.",
    });
  });

  it("tells whether a record had any factor, and reloads every factor's keys", async () => {
    const { id } = await account();
    expect(await factors.forget(app.db.kysely, users.id, id)).toBe(true);
    expect(await factors.forget(app.db.kysely, users.id, id)).toBe(false);
    const before = word.reloads.length;
    await factors.reload(app.db);
    expect(word.reloads.length).toBe(before + 1);
  });
});
