/**
 * A signed-out device's realtime streams (ADR 053): deleting the device record makes the
 * streams opened with its token guests at once; the account's other devices keep their auth.
 * The first proof of an address signs out every device from before it, streams included
 * (ADR 056).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requireCollection } from "#server/core/collections/collection-lookup.ts";
import { operatorRequest } from "#server/core/records/request-info.ts";
import { DIALECTS } from "#tests/helpers/test-app.ts";
import { startRealtimeApp, type RealtimeTestApp } from "./realtime-fixtures.ts";

const title = (data: string) =>
  (JSON.parse(data) as { record: { title?: string } }).record.title ?? "";

describe.each(DIALECTS)("realtime streams of a signed-out device (%s)", (dialect) => {
  let rt: RealtimeTestApp;

  beforeAll(async () => {
    rt = await startRealtimeApp(dialect);
  });
  afterAll(async () => {
    await rt.close();
  });

  const signIn = async (email: string, userAgent: string) => {
    const res = await rt.app.http.inject({
      method: "POST",
      url: "/api/collections/users/auth-with-password",
      headers: { "user-agent": userAgent },
      payload: { identity: email, password: "password123" },
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ token: string; record: { id: string } }>();
  };

  it("stops sending a deleted device's private records; the other device still gets them", async () => {
    const user = await rt.app.createUser({ email: "rt-devices@example.com" });
    const laptop = await signIn("rt-devices@example.com", "Laptop/1.0");
    const phone = await signIn("rt-devices@example.com", "Phone/1.0");
    const laptopStream = await rt.subscribed(["entries/*"], laptop.token);
    const phoneStream = await rt.subscribed(["entries/*"], phone.token);
    const write = async (entryTitle: string, visibility: string) => {
      const res = await rt.app.http.inject({
        method: "POST",
        url: "/api/collections/entries/records",
        headers: { authorization: user.token },
        payload: { author: user.record.id, title: entryTitle, visibility },
      });
      expect(res.statusCode, res.body).toBe(200);
    };

    await write("secret one", "private");
    expect(title((await phoneStream.next("entries/*")).data)).toBe("secret one");
    expect(title((await laptopStream.next("entries/*")).data)).toBe("secret one");

    const devices = await rt.app.http.inject({
      method: "GET",
      url: "/api/collections/devices/records?filter=(name='Phone')",
      headers: { authorization: laptop.token },
    });
    const phoneDevice = devices.json<{ items: { id: string }[] }>().items[0]?.id ?? "";
    const removed = await rt.app.http.inject({
      method: "DELETE",
      url: `/api/collections/devices/records/${phoneDevice}`,
      headers: { authorization: laptop.token },
    });
    expect(removed.statusCode).toBe(204);
    await rt.settled();
    expect(rt.app.realtime.client(phoneStream.clientId)?.auth).toBeNull();
    expect(rt.app.realtime.client(laptopStream.clientId)?.auth).not.toBeNull();

    // The private entry reaches the laptop only; the public one after it reaches both, so the
    // phone's next event proves it missed the private one.
    await write("secret two", "private");
    await write("public marker", "public");
    expect(title((await laptopStream.next("entries/*")).data)).toBe("secret two");
    expect(title((await phoneStream.next("entries/*")).data)).toBe("public marker");
    laptopStream.close();
    phoneStream.close();
  });

  it("turns every stream opened before the address was proven guest (ADR 056)", async () => {
    // Someone registered the address and keeps a stream open; then the address is proven.
    const squatter = await rt.app.createUser({ email: "rt-proven@example.com" });
    const stream = await rt.subscribed(["entries/*"], squatter.token);
    await rt.app.records.update(
      requireCollection("users"),
      operatorRequest(),
      String(squatter.record.id),
      { verified: true },
    );
    await rt.settled();
    expect(rt.app.realtime.client(stream.clientId)?.auth).toBeNull();
    stream.close();
  });
});
