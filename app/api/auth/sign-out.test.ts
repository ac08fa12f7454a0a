import PocketBase from "pocketbase";
import { describe, expect, it } from "vitest";
import { tokenDevice } from "./sign-out.ts";

/** An unsigned token with these claims (only its payload is read). */
function token(claims: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "HS256" })}.${part({ exp: 4_000_000_000, ...claims })}.signature`;
}

describe("tokenDevice", () => {
  it("reads the device of a users token", () => {
    const pb = new PocketBase("http://127.0.0.1");
    pb.authStore.save(token({ device: "dev123456789012" }), {
      id: "u1",
      collectionName: "users",
      collectionId: "_pb_users_auth_",
    });
    expect(tokenDevice(pb)).toBe("dev123456789012");
  });

  it("has none for superusers, tokens without a device, or no session", () => {
    const pb = new PocketBase("http://127.0.0.1");
    expect(tokenDevice(pb)).toBeNull();
    pb.authStore.save(token({}), { id: "u1", collectionName: "users", collectionId: "x" });
    expect(tokenDevice(pb)).toBeNull();
    pb.authStore.save(token({ device: "d" }), {
      id: "r1",
      collectionName: "_superusers",
      collectionId: "pbc_3142635823",
    });
    expect(tokenDevice(pb)).toBeNull();
  });
});
