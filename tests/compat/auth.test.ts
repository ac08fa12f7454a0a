/**
 * SDK compatibility: sign-up, password auth, refresh, auth store, auth methods, and how
 * wrong, garbage, forged and expired tokens are answered, through the official `pocketbase`
 * SDK against a real server process.
 */
import PocketBase, { ClientResponseError, getTokenPayload, type RecordModel } from "pocketbase";
import { generate } from "otplib";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signToken } from "#server/core/auth/tokens.ts";
import { openDatabase } from "#server/data/db.ts";
import { USERS_COLLECTION_ID } from "#server/data/registry/collections.ts";
import { upsertSuperuserCli } from "#tests/helpers/server-process.ts";
import { DIALECTS } from "#tests/helpers/test-app.ts";
import { PASSWORD, startSdkFixture, type SdkFixture } from "./sdk-fixture.ts";

describe.each(DIALECTS)("SDK auth (%s)", (dialect) => {
  let sdk: SdkFixture;

  /** An auth token that is correctly signed but expired an hour ago. */
  const expiredToken = async (userId: string): Promise<string> => {
    const db = openDatabase({
      dataDir: sdk.server.env.DATA_DIR as string,
      databaseUrl: sdk.server.env.DATABASE_URL,
    });
    try {
      const params = await sql<{
        value: string;
      }>`SELECT "value" FROM "_params" WHERE "id" = 'secrets'`.execute(db.kysely);
      const secrets = JSON.parse(params.rows[0]?.value ?? "{}") as Record<string, { auth: string }>;
      const users = await sql<{
        tokenKey: string;
      }>`SELECT "tokenKey" FROM "users" WHERE "id" = ${userId}`.execute(db.kysely);
      const key = `${users.rows[0]?.tokenKey ?? ""}${secrets[USERS_COLLECTION_ID]?.auth ?? ""}`;
      return await signToken(
        { id: userId, type: "auth", collectionId: USERS_COLLECTION_ID, refreshable: true },
        key,
        -3600,
      );
    } finally {
      await db.close();
    }
  };

  beforeAll(async () => {
    sdk = await startSdkFixture(dialect);
  });
  afterAll(() => sdk.close());

  it("lists the auth methods of users and superusers", async () => {
    const methods = await sdk.guest.collection("users").listAuthMethods();
    expect(methods).toEqual({
      password: { enabled: true, identityFields: ["email", "username"] },
      oauth2: { enabled: false, providers: [] },
      mfa: { enabled: true, duration: 600 },
      otp: { enabled: true, duration: 180 },
    });
    const superMethods = await sdk.guest.collection("_superusers").listAuthMethods();
    expect(superMethods.password).toEqual({ enabled: true, identityFields: ["email"] });
    await expect(sdk.guest.collection("entries").listAuthMethods()).rejects.toMatchObject({
      status: 404,
    });
  });

  it("signs up, logs in by email and by username, refreshes and clears the auth store", async () => {
    const created = await sdk.guest.collection("users").create({
      username: "Alice",
      email: "alice@example.com",
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      name: "Alice Liddell",
    });
    expect(created).toMatchObject({
      collectionId: USERS_COLLECTION_ID,
      collectionName: "users",
      username: "Alice",
      name: "Alice Liddell",
      role: "",
      verified: false,
      emailVisibility: false,
    });
    expect(created.id).toMatch(/^[a-z0-9]{15}$/);
    // A guest sees no hidden email, not even on the record it just created.
    expect(created).not.toHaveProperty("email");
    expect(created).not.toHaveProperty("password");
    expect(created).not.toHaveProperty("tokenKey");
    expect(sdk.guest.authStore.isValid).toBe(false);

    const pb = sdk.client();
    const issuedFrom = Math.floor(Date.now() / 1000);
    const byEmail = await pb.collection("users").authWithPassword("alice@example.com", PASSWORD);
    const issuedTo = Math.ceil(Date.now() / 1000);
    expect(byEmail.record).toMatchObject({
      id: created.id,
      email: "alice@example.com",
      username: "Alice",
    });
    expect(byEmail.record).not.toHaveProperty("password");
    expect(byEmail.record).not.toHaveProperty("tokenKey");
    expect(pb.authStore.isValid).toBe(true);
    expect(pb.authStore.isSuperuser).toBe(false);
    expect(pb.authStore.token).toBe(byEmail.token);
    expect(pb.authStore.record?.id).toBe(created.id);
    const payload = getTokenPayload(byEmail.token);
    expect(payload).toMatchObject({
      id: created.id,
      type: "auth",
      collectionId: USERS_COLLECTION_ID,
      refreshable: true,
    });
    // Five days, as PocketBase's default auth token duration.
    expect(payload.exp).toBeGreaterThanOrEqual(issuedFrom + 432000);
    expect(payload.exp).toBeLessThanOrEqual(issuedTo + 432000);

    const byUsername = sdk.client();
    const auth = await byUsername.collection("users").authWithPassword("alice", PASSWORD);
    expect(auth.record.id).toBe(created.id);

    const refreshed = await pb.collection("users").authRefresh();
    expect(refreshed.record).toMatchObject({ id: created.id, email: "alice@example.com" });
    expect(pb.authStore.token).toBe(refreshed.token);
    expect(getTokenPayload(refreshed.token).id).toBe(created.id);
    // The refreshed token works.
    const me = await pb.collection("users").getOne(created.id);
    expect(me.email).toBe("alice@example.com");

    pb.authStore.clear();
    expect(pb.authStore.isValid).toBe(false);
    expect(pb.authStore.record).toBeNull();
    await expect(pb.collection("users").authRefresh()).rejects.toMatchObject({
      status: 401,
      response: {
        status: 401,
        message: "The request requires valid record authorization token.",
        data: {},
      },
    });
  });

  it("answers wrong credentials with 400 Failed to authenticate.", async () => {
    await sdk.guest.collection("users").create({
      username: "bob",
      email: "bob@example.com",
      password: PASSWORD,
      passwordConfirm: PASSWORD,
    });
    const pb = sdk.client();
    const wrong = pb.collection("users").authWithPassword("bob@example.com", "wrong-password");
    await expect(wrong).rejects.toBeInstanceOf(ClientResponseError);
    await expect(
      pb.collection("users").authWithPassword("bob@example.com", "wrong-password"),
    ).rejects.toMatchObject({
      status: 400,
      message: "Failed to authenticate.",
      response: { status: 400, message: "Failed to authenticate.", data: {} },
    });
    await expect(
      pb.collection("users").authWithPassword("nobody@example.com", PASSWORD),
    ).rejects.toMatchObject({
      status: 400,
      response: { message: "Failed to authenticate." },
    });
    // A user's credentials do not open the superusers collection.
    await expect(
      pb.collection("_superusers").authWithPassword("bob@example.com", PASSWORD),
    ).rejects.toMatchObject({
      status: 400,
      response: { message: "Failed to authenticate." },
    });
    await expect(pb.collection("users").authWithPassword("", "")).rejects.toMatchObject({
      status: 400,
      response: {
        data: {
          identity: { code: "validation_required" },
          password: { code: "validation_required" },
        },
      },
    });
    expect(pb.authStore.isValid).toBe(false);
  });

  it("reports sign-up validation errors field by field", async () => {
    const attempt = (data: Record<string, unknown>) =>
      sdk.guest
        .collection("users")
        .create({ password: PASSWORD, passwordConfirm: PASSWORD, ...data });
    const failure = async (data: Record<string, unknown>) => {
      try {
        await attempt(data);
      } catch (error) {
        if (error instanceof ClientResponseError) return error;
        throw error;
      }
      throw new Error(`sign-up unexpectedly succeeded: ${JSON.stringify(data)}`);
    };

    // Usernames are unique regardless of case.
    const duplicate = await failure({ username: "ALICE", email: "alice@example.com" });
    expect(duplicate.status).toBe(400);
    expect(duplicate.response).toMatchObject({ status: 400, message: "Failed to create record." });
    expect(Object.keys(duplicate.response).sort()).toEqual(["data", "message", "status"]);
    expect(duplicate.response.data.username.code).toBe("validation_not_unique");
    // ADR 061: a guest is never told that an address has an account.
    expect(duplicate.response.data.email).toBeUndefined();

    const mismatch = await failure({
      username: "carol",
      email: "carol@example.com",
      passwordConfirm: "different123",
    });
    expect(mismatch.response.data.passwordConfirm.code).toBe("validation_values_mismatch");

    const format = await failure({ username: "no spaces allowed", email: "not-an-email" });
    expect(format.response.data.username.code).toBe("validation_invalid_format");
    expect(format.response.data.email.code).toBe("validation_is_email");

    const blank = await failure({ username: "dave", email: "", password: "", passwordConfirm: "" });
    expect(blank.response.data.email.code).toBe("validation_required");
    expect(blank.response.data.password.code).toBe("validation_required");
    expect(blank.response.data.passwordConfirm.code).toBe("validation_required");

    const short = await failure({
      username: "erin",
      email: "erin@example.com",
      password: "short",
      passwordConfirm: "short",
    });
    expect(short.response.data.password).toMatchObject({
      code: "validation_min_text_constraint",
      params: { min: 8 },
    });

    // A guest may not verify itself nor pick a role.
    const verified = await failure({
      username: "frank",
      email: "frank@example.com",
      verified: true,
    });
    expect(verified.response.data.verified.code).toBe("validation_values_mismatch");
    const role = await failure({ username: "grace", email: "grace@example.com", role: "admin" });
    expect(role.response).toEqual({ status: 400, message: "Failed to create record.", data: {} });
  });

  it("treats emails case-insensitively: one account per address, any case logs in", async () => {
    await sdk.guest.collection("users").create({
      username: "twin1",
      email: "Twin@example.com",
      password: "password-one",
      passwordConfirm: "password-one",
    });
    // ADR 061: the SDK gets a record back, as for a free address, but nothing is created.
    const duplicate = await sdk.guest.collection("users").create({
      username: "twin2",
      email: "twin@EXAMPLE.com",
      password: "password-two",
      passwordConfirm: "password-two",
    });
    expect(duplicate).toMatchObject({ username: "twin2", verified: false });
    await expect(sdk.guest.collection("users").getOne(duplicate.id)).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      sdk.client().collection("users").authWithPassword("twin@example.com", "password-two"),
    ).rejects.toMatchObject({ status: 400 });
    const lower = await sdk
      .client()
      .collection("users")
      .authWithPassword("twin@example.com", "password-one");
    expect(lower.record.username).toBe("twin1");
    expect(lower.record.email).toBe("Twin@example.com");
    // Usernames are case-insensitive identities too.
    const byName = await sdk.client().collection("users").authWithPassword("TWIN1", "password-one");
    expect(byName.record.email).toBe("Twin@example.com");
  });

  it("treats garbage, forged and expired tokens as a guest on lists and answers 401 on refresh", async () => {
    const owner = sdk.client();
    const { record: alice } = await owner
      .collection("users")
      .authWithPassword("alice@example.com", PASSWORD);
    await owner.collection("entries").create({ author: alice.id, title: "Private thoughts" });
    await owner
      .collection("entries")
      .create({ author: alice.id, title: "Public thoughts", visibility: "public" });
    expect((await owner.collection("entries").getList(1, 30)).totalItems).toBe(2);

    const [header, body] = owner.authStore.token.split(".");
    const forged = [header, body, Buffer.from("not the signature").toString("base64url")].join(".");
    const expired = await expiredToken(alice.id);
    expect(getTokenPayload(expired).id).toBe(alice.id);

    for (const [name, token] of [
      ["garbage", "garbage"],
      ["forged", forged],
      ["expired", expired],
    ] as const) {
      const pb = sdk.client();
      pb.authStore.save(token, alice);
      if (name !== "forged") expect(pb.authStore.isValid, name).toBe(false);
      const list = await pb.collection("entries").getList(1, 30);
      expect(
        list.items.map((e) => e.title),
        name,
      ).toEqual(["Public thoughts"]);
      await expect(pb.collection("users").authRefresh(), name).rejects.toMatchObject({
        status: 401,
        response: {
          status: 401,
          message: "The request requires valid record authorization token.",
          data: {},
        },
      });
    }
  });

  it("refuses to refresh a token of another auth collection", async () => {
    const pb = sdk.client();
    await pb.collection("users").authWithPassword("bob@example.com", PASSWORD);
    // PocketBase names the token's own collection in the message.
    await expect(pb.collection("_superusers").authRefresh()).rejects.toMatchObject({
      status: 403,
      response: { message: "The request requires auth record from users collection." },
    });
    await expect(sdk.root.pb.collection("users").authRefresh()).rejects.toMatchObject({
      status: 403,
      response: { message: "The request requires auth record from _superusers collection." },
    });
  });

  it("requires the old password to change one and invalidates older tokens", async () => {
    await sdk.guest.collection("users").create({
      username: "heidi",
      email: "heidi@example.com",
      password: PASSWORD,
      passwordConfirm: PASSWORD,
    });
    const pb = sdk.client();
    const { record, token: oldToken } = await pb
      .collection("users")
      .authWithPassword("heidi", PASSWORD);

    await expect(
      pb
        .collection("users")
        .update(record.id, { password: "new-password-1", passwordConfirm: "new-password-1" }),
    ).rejects.toMatchObject({
      status: 400,
      response: {
        message: "Failed to update record.",
        data: { oldPassword: { code: "validation_invalid_old_password" } },
      },
    });
    await expect(
      pb.collection("users").update(record.id, {
        oldPassword: "wrong-password",
        password: "new-password-1",
        passwordConfirm: "new-password-1",
      }),
    ).rejects.toMatchObject({
      status: 400,
      response: { data: { oldPassword: { code: "validation_invalid_old_password" } } },
    });
    await expect(
      pb.collection("users").update(record.id, {
        oldPassword: PASSWORD,
        password: "new-password-1",
        passwordConfirm: "other-password",
      }),
    ).rejects.toMatchObject({
      status: 400,
      response: { data: { passwordConfirm: { code: "validation_values_mismatch" } } },
    });

    const updated = await pb.collection("users").update(record.id, {
      oldPassword: PASSWORD,
      password: "new-password-1",
      passwordConfirm: "new-password-1",
    });
    expect(updated).not.toHaveProperty("password");
    // The SDK merged the response into its store but the token it holds is now dead.
    expect(pb.authStore.token).toBe(oldToken);
    await expect(pb.collection("users").authRefresh()).rejects.toMatchObject({ status: 401 });
    const asGuest = await pb.collection("users").getOne(record.id);
    expect(asGuest).not.toHaveProperty("email");

    await expect(
      sdk.client().collection("users").authWithPassword("heidi", PASSWORD),
    ).rejects.toMatchObject({ status: 400 });
    const fresh = sdk.client();
    await fresh.collection("users").authWithPassword("heidi", "new-password-1");
    expect(fresh.authStore.isValid).toBe(true);
    expect((await fresh.collection("users").getOne(record.id)).email).toBe("heidi@example.com");
  });

  it("authenticates superusers, created and updated through the CLI", async () => {
    expect(sdk.root.pb.authStore.isSuperuser).toBe(true);
    expect(sdk.root.pb.authStore.record).toMatchObject({
      collectionName: "_superusers",
      email: "root@example.com",
    });
    // Superuser tokens last one day.
    const issuedFrom = Math.floor(Date.now() / 1000);
    await sdk.root.pb.collection("_superusers").authRefresh();
    const issuedTo = Math.ceil(Date.now() / 1000);
    expect(sdk.root.pb.authStore.isSuperuser).toBe(true);
    const payload = getTokenPayload(sdk.root.pb.authStore.token);
    expect(payload).toMatchObject({
      type: "auth",
      collectionId: "pbc_3142635823",
      refreshable: true,
    });
    expect(payload.exp).toBeGreaterThanOrEqual(issuedFrom + 86400);
    expect(payload.exp).toBeLessThanOrEqual(issuedTo + 86400);

    const updated = await upsertSuperuserCli(sdk.server, "ops@example.com", PASSWORD);
    expect(updated.stdout).toContain("Created superuser ops@example.com.");
    const again = await upsertSuperuserCli(sdk.server, "ops@example.com", "changed-password");
    expect(again.stdout).toContain("Updated superuser ops@example.com.");
    await expect(
      sdk.client().collection("_superusers").authWithPassword("ops@example.com", PASSWORD),
    ).rejects.toMatchObject({ status: 400 });
    const ops = sdk.client();
    await ops.collection("_superusers").authWithPassword("ops@example.com", "changed-password");
    expect(ops.authStore.isSuperuser).toBe(true);
  });

  it("follows PocketBase's MFA flow: the password throws a ClientResponseError with mfaId, auth-with-totp signs in", async () => {
    // Verified: an unproven address cannot turn on two-step verification (ADR 056).
    const mia = await sdk.account("mia", { verified: true });
    const { secret } = await mia.pb.send<{ secret: string; uri: string }>(
      "/api/collections/users/totp/setup",
      { method: "POST" },
    );
    const { recoveryCodes } = await mia.pb.send<{ recoveryCodes: string[] }>(
      "/api/collections/users/totp/enable",
      { method: "POST", body: { code: await generate({ secret }) } },
    );
    expect(recoveryCodes).toHaveLength(10);
    const methods = await sdk.guest.collection("users").listAuthMethods();
    expect(methods.mfa).toEqual({ enabled: true, duration: 600 });

    /** The first factor, as a fresh client sees it. */
    const firstFactor = async () => {
      const pb = sdk.client();
      const error = await pb
        .collection("users")
        .authWithPassword("mia@example.com", PASSWORD)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ClientResponseError);
      const failure = error as ClientResponseError;
      expect(failure.status).toBe(401);
      expect(Object.keys(failure.response)).toEqual(["mfaId"]);
      expect(pb.authStore.isValid).toBe(false);
      return { pb, mfaId: String(failure.response.mfaId) };
    };
    const second = async (pb: PocketBase, mfaId: string, code: string) => {
      const answer = await pb.send<{ token: string; record: RecordModel }>(
        "/api/collections/users/auth-with-totp",
        { method: "POST", body: { mfaId, code } },
      );
      pb.authStore.save(answer.token, answer.record);
      return pb.collection("users").authRefresh();
    };

    const withCode = await firstFactor();
    // The next step's code: the enrolment spent the current one.
    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const refreshed = await second(withCode.pb, withCode.mfaId, code);
    expect(refreshed.record).toMatchObject({ username: "mia", email: "mia@example.com" });
    expect(refreshed.record.tokenKey).toBeUndefined();

    const withRecovery = await firstFactor();
    const again = await second(withRecovery.pb, withRecovery.mfaId, recoveryCodes[0] ?? "");
    expect(again.record.username).toBe("mia");
    // A recovery code works once.
    const third = await firstFactor();
    await expect(second(third.pb, third.mfaId, recoveryCodes[0] ?? "")).rejects.toMatchObject({
      status: 400,
      response: { message: "Invalid or expired code." },
    });
  });
});
