/**
 * Scale-out proof for devices (ADR 053): two server processes on one PostgreSQL database and
 * one Redis. A device deleted through instance A (one device, or all others at once) makes its
 * tokens fail on instance B at the very next request, with no wait: every instance checks a
 * token's device in the shared database, and keeps no copy that could lag.
 *
 * Runs when the PostgreSQL dialect is selected (`DIALECTS=…postgres` with `DATABASE_URL`).
 */
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHARED_REDIS_URL, uniqueRedisPrefix } from "#tests/helpers/redis-server.ts";
import { apiRequest, cleanupInstances, startInstances } from "#tests/helpers/instances.ts";
import type { ServerProcess } from "#tests/helpers/server-process.ts";
import { openSse, type SseConnection } from "#tests/helpers/sse-client.ts";
import { DIALECTS } from "#tests/helpers/test-app.ts";

const USERS = "/api/collections/users";

describe.skipIf(!DIALECTS.includes("postgres"))("devices across instances", () => {
  let a: ServerProcess;
  let b: ServerProcess;

  /** Signs `identity` in on `server` as the browser `userAgent`: its token and device. */
  const signIn = async (server: ServerProcess, identity: string, userAgent: string) => {
    const res = await fetch(`${server.url}${USERS}/auth-with-password`, {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": userAgent },
      body: JSON.stringify({ identity, password: "password123" }),
    });
    expect(res.status).toBe(200);
    const { token } = (await res.json()) as { token: string };
    return { token, device: String(decodeJwt(token).device) };
  };
  const refreshOn = async (server: ServerProcess, token: string) =>
    (await apiRequest(server, "POST", `${USERS}/auth-refresh`, { token })).status;

  beforeAll(async () => {
    [a, b] = await startInstances({
      REDIS_URL: SHARED_REDIS_URL,
      REDIS_PREFIX: uniqueRedisPrefix(),
    });
    const created = await apiRequest(a, "POST", `${USERS}/records`, {
      body: {
        username: "devon",
        email: "devon@example.com",
        password: "password123",
        passwordConfirm: "password123",
      },
    });
    expect(created.status).toBe(200);
  });
  afterAll(async () => {
    await cleanupInstances([a, b]);
  });

  it("refuses on B, at once, the token of a device deleted through A", async () => {
    const laptop = await signIn(a, "devon", "Laptop/1.0");
    const phone = await signIn(b, "devon", "Phone/1.0");
    // B has just accepted the phone's token.
    expect(await refreshOn(b, phone.token)).toBe(200);
    const removed = await apiRequest(
      a,
      "DELETE",
      `/api/collections/devices/records/${phone.device}`,
      {
        token: laptop.token,
      },
    );
    expect(removed.status).toBe(204);
    expect(await refreshOn(b, phone.token)).toBe(401);
    expect(await refreshOn(a, phone.token)).toBe(401);
    expect(await refreshOn(b, laptop.token)).toBe(200);
  });

  it("refuses on B, at once, every device that sign-out-others removed through A", async () => {
    const kept = await signIn(a, "devon", "Desktop/2.0");
    const others = [await signIn(b, "devon", "Tablet/2.0"), await signIn(a, "devon", "Watch/2.0")];
    for (const other of others) expect(await refreshOn(b, other.token)).toBe(200);
    const res = await apiRequest(a, "POST", `${USERS}/devices/sign-out-others`, {
      token: kept.token,
    });
    expect(res.status).toBe(204);
    for (const other of others) expect(await refreshOn(b, other.token)).toBe(401);
    expect(await refreshOn(b, kept.token)).toBe(200);
  });

  it("stops B's realtime stream of a device deleted through A", async () => {
    const laptop = await signIn(a, "devon", "Laptop/3.0");
    const phone = await signIn(b, "devon", "Phone/3.0");
    const sse: SseConnection = await openSse(`${b.url}/api/realtime`);
    try {
      const subscribed = await fetch(`${b.url}/api/realtime`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: phone.token },
        body: JSON.stringify({ clientId: sse.clientId, subscriptions: ["entries/*"] }),
      });
      expect(subscribed.status).toBe(204);
      const userId = String(decodeJwt(laptop.token).id);
      const write = async (title: string, visibility: string) => {
        const res = await apiRequest(a, "POST", "/api/collections/entries/records", {
          token: laptop.token,
          body: { author: userId, title, visibility },
        });
        expect(res.status).toBe(200);
      };
      const title = async () =>
        (JSON.parse((await sse.next("entries/*", 10_000)).data) as { record: { title: string } })
          .record.title;
      await write("before", "private");
      expect(await title()).toBe("before");
      const removed = await apiRequest(
        a,
        "DELETE",
        `/api/collections/devices/records/${phone.device}`,
        {
          token: laptop.token,
        },
      );
      expect(removed.status).toBe(204);
      // The private entry written after the delete never reaches the phone; the public one does.
      await write("after", "private");
      await write("public marker", "public");
      expect(await title()).toBe("public marker");
    } finally {
      sse.close();
    }
  });
});
