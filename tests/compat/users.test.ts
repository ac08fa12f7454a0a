/**
 * SDK compatibility: the rules of `users` and `_superusers` (design §5, registry) for guests,
 * the user themself, other users, writers, admins and superusers.
 */
import type PocketBase from "pocketbase";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS } from "#tests/helpers/test-app.ts";
import { PASSWORD, startSdkFixture, type Account, type SdkFixture } from "./sdk-fixture.ts";

const SUPERUSERS_ONLY = {
  status: 403,
  response: { status: 403, message: "Only superusers can perform this action.", data: {} },
};

describe.each(DIALECTS)("SDK users and superusers rules (%s)", (dialect) => {
  let sdk: SdkFixture;
  let admin: Account;
  let writer: Account;
  let alice: Account;
  let bob: Account;

  beforeAll(async () => {
    sdk = await startSdkFixture(dialect);
    [admin, writer, alice, bob] = await Promise.all([
      sdk.account("admin", { role: "admin" }),
      sdk.account("writer", { role: "writer" }),
      sdk.account("alice", { name: "Alice" }),
      sdk.account("bob", { emailVisibility: true }),
    ]);
  });
  afterAll(() => sdk.close());

  /** Emails visible to a client, by username. */
  const visibleEmails = async (pb: PocketBase) => {
    const users = await pb.collection("users").getFullList({ sort: "username" });
    return Object.fromEntries(
      users.map((u) => [u.username as string, (u.email as string | undefined) ?? null]),
    );
  };

  it("shows public fields to anyone and emails only to self, admins, superusers or when visible", async () => {
    expect(await visibleEmails(sdk.guest)).toEqual({
      admin: null,
      alice: null,
      bob: "bob@example.com",
      writer: null,
    });
    expect(await visibleEmails(alice.pb)).toEqual({
      admin: null,
      alice: "alice@example.com",
      bob: "bob@example.com",
      writer: null,
    });
    expect(await visibleEmails(writer.pb)).toEqual({
      admin: null,
      alice: null,
      bob: "bob@example.com",
      writer: "writer@example.com",
    });
    const all = {
      admin: "admin@example.com",
      alice: "alice@example.com",
      bob: "bob@example.com",
      writer: "writer@example.com",
    };
    expect(await visibleEmails(admin.pb)).toEqual(all);
    expect(await visibleEmails(sdk.root.pb)).toEqual(all);

    const seen = await sdk.guest.collection("users").getOne(alice.record.id);
    expect(seen).toMatchObject({
      id: alice.record.id,
      username: "alice",
      name: "Alice",
      role: "",
      verified: false,
      emailVisibility: false,
    });
    expect(seen).not.toHaveProperty("email");
    expect(seen).not.toHaveProperty("password");
    expect(seen).not.toHaveProperty("tokenKey");
    expect((await alice.pb.collection("users").getOne(alice.record.id)).email).toBe(
      "alice@example.com",
    );
    expect(await bob.pb.collection("users").getOne(alice.record.id)).not.toHaveProperty("email");

    // Filtering by a hidden email must not reveal it (PocketBase adds emailVisibility = true).
    const byEmail = (pb: PocketBase, email: string) =>
      pb.collection("users").getList(1, 10, { filter: pb.filter("email = {:email}", { email }) });
    expect((await byEmail(sdk.guest, "alice@example.com")).totalItems).toBe(0);
    expect((await byEmail(bob.pb, "alice@example.com")).totalItems).toBe(0);
    expect((await byEmail(sdk.guest, "bob@example.com")).totalItems).toBe(1);
    expect((await byEmail(alice.pb, "alice@example.com")).totalItems).toBe(1);
    expect((await byEmail(sdk.root.pb, "alice@example.com")).totalItems).toBe(1);
  });

  it("lets users edit themselves but never their own role, verification or email", async () => {
    const updated = await alice.pb
      .collection("users")
      .update(alice.record.id, { name: "Alice L.", bio: "Down the *rabbit* hole", locale: "fr" });
    expect(updated).toMatchObject({
      name: "Alice L.",
      bio: "Down the *rabbit* hole",
      locale: "fr",
      email: "alice@example.com",
    });
    // The SDK merges an update of the signed-in record into its auth store.
    expect(alice.pb.authStore.record?.name).toBe("Alice L.");

    const visible = await alice.pb
      .collection("users")
      .update(alice.record.id, { emailVisibility: true });
    expect(visible.emailVisibility).toBe(true);
    expect((await sdk.guest.collection("users").getOne(alice.record.id)).email).toBe(
      "alice@example.com",
    );
    await alice.pb.collection("users").update(alice.record.id, { emailVisibility: false });
    expect(await sdk.guest.collection("users").getOne(alice.record.id)).not.toHaveProperty("email");

    for (const role of ["admin", "writer"]) {
      await expect(
        alice.pb.collection("users").update(alice.record.id, { role }),
        role,
      ).rejects.toMatchObject({
        status: 404,
        response: { status: 404, message: "The requested resource wasn't found.", data: {} },
      });
    }
    await expect(
      writer.pb.collection("users").update(writer.record.id, { role: "admin" }),
    ).rejects.toMatchObject({ status: 404 });
    // Sending the unchanged role is fine.
    expect((await alice.pb.collection("users").update(alice.record.id, { role: "" })).role).toBe(
      "",
    );
    expect((await sdk.root.pb.collection("users").getOne(alice.record.id)).role).toBe("");

    await expect(
      alice.pb.collection("users").update(alice.record.id, { verified: true }),
    ).rejects.toMatchObject({
      status: 400,
      response: {
        message: "Failed to update record.",
        data: { verified: { code: "validation_values_mismatch" } },
      },
    });
    await expect(
      alice.pb.collection("users").update(alice.record.id, { email: "alice2@example.com" }),
    ).rejects.toMatchObject({
      status: 400,
      response: { data: { email: { code: "validation_values_mismatch" } } },
    });
    await expect(
      alice.pb.collection("users").update(alice.record.id, { username: "BOB" }),
    ).rejects.toMatchObject({
      status: 400,
      response: { data: { username: { code: "validation_not_unique" } } },
    });
    await expect(
      alice.pb.collection("users").update(alice.record.id, { locale: "de", name: "x".repeat(81) }),
    ).rejects.toMatchObject({
      status: 400,
      response: {
        data: {
          locale: { code: "validation_invalid_value" },
          name: { code: "validation_max_text_constraint" },
        },
      },
    });
    const after = await sdk.root.pb.collection("users").getOne(alice.record.id);
    expect(after).toMatchObject({ verified: false, email: "alice@example.com", username: "alice" });
  });

  it("hides other users from writes by guests and other users", async () => {
    for (const [name, pb] of [
      ["guest", sdk.guest],
      ["other user", bob.pb],
      ["writer", writer.pb],
    ] as const) {
      await expect(
        pb.collection("users").update(alice.record.id, { name: "Hacked" }),
        name,
      ).rejects.toMatchObject({ status: 404 });
      await expect(pb.collection("users").delete(alice.record.id), name).rejects.toMatchObject({
        status: 404,
      });
    }
    expect((await sdk.guest.collection("users").getOne(alice.record.id)).name).toBe("Alice L.");
  });

  it("lets admins manage roles and suspension of other users, never emails, passwords or verification", async () => {
    const promoted = await admin.pb.collection("users").update(alice.record.id, { role: "writer" });
    expect(promoted.role).toBe("writer");
    expect(promoted.email).toBe("alice@example.com");
    expect((await admin.pb.collection("users").update(alice.record.id, { role: "" })).role).toBe(
      "",
    );
    // ADR 055: the verified flag is a superuser's (an admin could pre-hijack an account).
    await expect(
      admin.pb.collection("users").update(alice.record.id, { verified: true }),
    ).rejects.toMatchObject({ status: 404 });
    expect(
      (await sdk.root.pb.collection("users").update(alice.record.id, { verified: true })).verified,
    ).toBe(true);

    // Sign-ups with a role: admins yes (never verified), guests and plain users no.
    const hired = await admin.pb.collection("users").create({
      username: "ivan",
      email: "ivan@example.com",
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      role: "writer",
    });
    expect(hired).toMatchObject({ role: "writer", verified: false });
    await expect(
      admin.pb.collection("users").create({
        username: "ivy",
        email: "ivy@example.com",
        password: PASSWORD,
        passwordConfirm: PASSWORD,
        verified: true,
      }),
    ).rejects.toMatchObject({
      status: 400,
      response: { message: "Failed to create record.", data: {} },
    });
    for (const [name, pb] of [
      ["guest", sdk.guest],
      ["user", bob.pb],
      ["writer", writer.pb],
    ] as const) {
      await expect(
        pb.collection("users").create({
          username: `x${name.replace(/\W/g, "")}`,
          email: `x${name.replace(/\W/g, "")}@example.com`,
          password: PASSWORD,
          passwordConfirm: PASSWORD,
          role: "writer",
        }),
        name,
      ).rejects.toMatchObject({
        status: 400,
        response: { message: "Failed to create record.", data: {} },
      });
    }
    await expect(
      sdk.guest.collection("users").create({
        username: "rolefake",
        email: "rolefake@example.com",
        password: PASSWORD,
        passwordConfirm: PASSWORD,
        role: "owner",
      }),
    ).rejects.toMatchObject({ status: 400 });

    // ADR 046: admins never set another user's email or password (F5); superusers still do.
    const ivan = sdk.client();
    await ivan.collection("users").authWithPassword("ivan", PASSWORD);
    for (const body of [
      { email: "ivan2@example.com" },
      { password: "another-pass", passwordConfirm: "another-pass" },
    ]) {
      await expect(
        admin.pb.collection("users").update(hired.id, body),
        JSON.stringify(body),
      ).rejects.toMatchObject({ status: 404 });
    }
    expect((await ivan.collection("users").authRefresh()).record.email).toBe("ivan@example.com");
    await sdk.root.pb.collection("users").update(hired.id, {
      email: "ivan2@example.com",
      password: "another-pass",
      passwordConfirm: "another-pass",
    });
    await expect(ivan.collection("users").authRefresh()).rejects.toMatchObject({ status: 401 });
    const relogged = await sdk
      .client()
      .collection("users")
      .authWithPassword("ivan2@example.com", "another-pass");
    expect(relogged.record.id).toBe(hired.id);

    // An admin suspends a user: their session ends, they cannot sign in until it is lifted.
    await admin.pb.collection("users").update(hired.id, { suspended: true });
    await expect(
      sdk.client().collection("users").authWithPassword("ivan2@example.com", "another-pass"),
    ).rejects.toMatchObject({ status: 403 });
    await admin.pb.collection("users").update(hired.id, { suspended: false });
    expect(
      (await sdk.client().collection("users").authWithPassword("ivan2@example.com", "another-pass"))
        .record.suspended,
    ).toBe(false);

    // Superusers may change anything.
    expect(
      (await sdk.root.pb.collection("users").update(bob.record.id, { role: "admin" })).role,
    ).toBe("admin");
    expect((await sdk.root.pb.collection("users").update(bob.record.id, { role: "" })).role).toBe(
      "",
    );
  });

  it("deletes a user only by itself, an admin (ADR 024) or a superuser", async () => {
    const judy = await sdk.account("judy");
    const kim = await sdk.account("kim");
    const lena = await sdk.account("lena");
    for (const [name, pb] of [
      ["guest", sdk.guest],
      ["other user", bob.pb],
    ] as const) {
      await expect(pb.collection("users").delete(judy.record.id), name).rejects.toMatchObject({
        status: 404,
      });
    }
    expect(await judy.pb.collection("users").delete(judy.record.id)).toBe(true);
    // The SDK clears its auth store when the signed-in record is deleted.
    expect(judy.pb.authStore.isValid).toBe(false);
    await expect(sdk.guest.collection("users").getOne(judy.record.id)).rejects.toMatchObject({
      status: 404,
    });

    // An admin deletes a user who is not an admin.
    expect(await admin.pb.collection("users").delete(lena.record.id)).toBe(true);
    await expect(sdk.root.pb.collection("users").getOne(lena.record.id)).rejects.toMatchObject({
      status: 404,
    });

    expect(await sdk.root.pb.collection("users").delete(kim.record.id)).toBe(true);
    await expect(sdk.root.pb.collection("users").getOne(kim.record.id)).rejects.toMatchObject({
      status: 404,
    });
    await expect(kim.pb.collection("users").authRefresh()).rejects.toMatchObject({ status: 401 });
  });

  it("keeps _superusers to superusers", async () => {
    for (const [name, pb] of [
      ["guest", sdk.guest],
      ["user", alice.pb],
      ["admin", admin.pb],
    ] as const) {
      const service = pb.collection("_superusers");
      await expect(service.getList(1, 10), name).rejects.toMatchObject(SUPERUSERS_ONLY);
      await expect(service.getFullList(), name).rejects.toMatchObject(SUPERUSERS_ONLY);
      await expect(service.getOne(sdk.root.record.id), name).rejects.toMatchObject(SUPERUSERS_ONLY);
      await expect(
        service.create({
          email: `${name}-root@example.com`,
          password: PASSWORD,
          passwordConfirm: PASSWORD,
        }),
        name,
      ).rejects.toMatchObject(SUPERUSERS_ONLY);
      await expect(
        service.update(sdk.root.record.id, { email: "owned@example.com" }),
        name,
      ).rejects.toMatchObject(SUPERUSERS_ONLY);
      await expect(service.delete(sdk.root.record.id), name).rejects.toMatchObject(SUPERUSERS_ONLY);
    }

    const service = sdk.root.pb.collection("_superusers");
    const list = await service.getList(1, 10);
    expect(list.items.map((s) => s.email)).toContain("root@example.com");
    const second = await service.create({
      email: "second@example.com",
      password: PASSWORD,
      passwordConfirm: PASSWORD,
    });
    expect(second).toMatchObject({ collectionName: "_superusers", email: "second@example.com" });
    expect(second).not.toHaveProperty("password");
    const other = sdk.client();
    await other.collection("_superusers").authWithPassword("second@example.com", PASSWORD);
    expect(other.authStore.isSuperuser).toBe(true);
    await service.update(second.id, { password: "rotated-pass", passwordConfirm: "rotated-pass" });
    await expect(other.collection("_superusers").authRefresh()).rejects.toMatchObject({
      status: 401,
    });
    expect(await service.delete(second.id)).toBe(true);
    await expect(service.getOne(second.id)).rejects.toMatchObject({ status: 404 });
  });
});
