/**
 * Realtime record events: who receives what (B24, B30), re-authorisation per event (a record
 * turning private stops reaching others), subscription options (filter, expand, fields),
 * byte-equality with REST (B25), auth kept current, ordering, a slow reader cut off while
 * others keep receiving, and failures that never take the process down (B26).
 */
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requireCollection } from "#server/core/collections/collection-lookup.ts";

const ENTRIES_ID = requireCollection("entries").id;
import { DIALECTS } from "#tests/helpers/test-app.ts";
import type { SseConnection } from "#tests/helpers/sse-client.ts";
import {
  recordText,
  startRealtimeApp,
  withOptions,
  type RealtimeTestApp,
} from "./realtime-fixtures.ts";

type Account = { record: Record<string, unknown>; token: string };
type Rec = Record<string, unknown> & { id: string };

const title = (data: string) =>
  (JSON.parse(data) as { record: { title?: string } }).record.title ?? "";
const action = (data: string) => (JSON.parse(data) as { action: string }).action;

describe.each(DIALECTS)("realtime record events (%s)", (dialect) => {
  let rt: RealtimeTestApp;
  let alice: Account;
  let bob: Account;
  let admin: Account;
  let root: Account;
  let markers = 0;

  const api = async (
    method: "POST" | "PATCH" | "DELETE" | "GET",
    url: string,
    token?: string,
    payload?: object,
  ) => {
    const res = await rt.app.http.inject({
      method,
      url,
      headers: token ? { authorization: token } : {},
      ...(payload ? { payload } : {}),
    });
    if (res.statusCode >= 300 && method !== "GET") {
      throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    }
    return res;
  };
  const createEntry = async (author: Account, data: Record<string, unknown>): Promise<Rec> =>
    (
      await api("POST", "/api/collections/entries/records", author.token, {
        author: author.record.id,
        ...data,
      })
    ).json<Rec>();
  const updateEntry = async (author: Account, id: string, data: Record<string, unknown>) =>
    (await api("PATCH", `/api/collections/entries/records/${id}`, author.token, data)).json<Rec>();

  /**
   * Proves that nothing reached these streams (each subscribed to `entries/*`) since their
   * last event: a public marker entry is created, and it must be the next event of each.
   */
  const nothingUntilMarker = async (...streams: SseConnection[]) => {
    markers += 1;
    const marker = `marker ${markers}`;
    await createEntry(alice, { title: marker, visibility: "public" });
    for (const s of streams) {
      const e = await s.next();
      expect(`${e.event} ${title(e.data)}`, s.text.slice(-2000)).toBe(`entries/* ${marker}`);
    }
  };

  beforeAll(async () => {
    rt = await startRealtimeApp(dialect);
    [alice, bob, admin, root] = await Promise.all([
      rt.app.createUser({ name: "Alice" }),
      rt.app.createUser({ name: "Bob" }),
      rt.app.createUser({ role: "admin" }),
      rt.app.createSuperuser(),
    ]);
  });
  afterAll(async () => {
    await rt.close();
  });

  it("sends public entries to everyone and private ones only to their author (B24, B30)", async () => {
    const guest = await rt.subscribed(["entries/*"]);
    const other = await rt.subscribed(["entries/*"], bob.token);
    const author = await rt.subscribed(["entries/*"], alice.token);

    const pub = await createEntry(alice, { title: "Hello world", visibility: "public" });
    for (const s of [guest, other, author]) {
      const e = await s.next("entries/*");
      expect(e.id).toBe(s.clientId);
      expect(action(e.data)).toBe("create");
      expect(title(e.data)).toBe("Hello world");
    }

    const secret = await createEntry(alice, { title: "Secret", visibility: "private" });
    await updateEntry(alice, secret.id, { title: "Secret 2" });
    await api("DELETE", `/api/collections/entries/records/${secret.id}`, alice.token);
    const seen = [await author.next(), await author.next(), await author.next()];
    expect(seen.map((e) => `${action(e.data)} ${title(e.data)}`)).toEqual([
      "create Secret",
      "update Secret 2",
      "delete Secret 2",
    ]);
    await nothingUntilMarker(guest, other, author);
    expect(guest.text + other.text).not.toContain("Secret");

    // A write the rules refuse commits nothing and sends nothing.
    const denied = await rt.app.http.inject({
      method: "PATCH",
      url: `/api/collections/entries/records/${pub.id}`,
      headers: { authorization: bob.token },
      payload: { title: "Hijacked" },
    });
    expect(denied.statusCode).toBe(404);
    await nothingUntilMarker(guest, other, author);
    for (const s of [guest, other, author]) s.close();
  });

  it("tells others a record turned private with a delete, then sends nothing until it is public", async () => {
    const entry = await createEntry(alice, { title: "Open", visibility: "public" });
    const guest = await rt.subscribed(["entries/*", `entries/${entry.id}`]);
    const other = await rt.subscribed(["entries/*", `entries/${entry.id}`], bob.token);
    const author = await rt.subscribed(["entries/*", `entries/${entry.id}`], alice.token);

    await updateEntry(alice, entry.id, { title: "Still open" });
    for (const s of [guest, other, author]) {
      const names = [(await s.next()).event, (await s.next()).event].sort();
      expect(names).toEqual(["entries/*", `entries/${entry.id}`].sort());
    }

    await updateEntry(alice, entry.id, { visibility: "private", title: "Now private" });
    await updateEntry(alice, entry.id, { title: "Private again" });
    // Those who saw it get a delete of the version they saw, once per topic (ADR 029).
    for (const s of [guest, other]) {
      const gone = [await s.next(), await s.next()];
      expect(gone.map((e) => e.event).sort()).toEqual(["entries/*", `entries/${entry.id}`].sort());
      for (const e of gone) {
        expect(action(e.data)).toBe("delete");
        expect(title(e.data)).toBe("Still open");
      }
    }
    const own = [
      await author.next(),
      await author.next(),
      await author.next(),
      await author.next(),
    ];
    expect(own.map((e) => title(e.data))).toEqual([
      "Now private",
      "Now private",
      "Private again",
      "Private again",
    ]);
    await nothingUntilMarker(guest, other, author);
    expect(guest.text + other.text).not.toContain("private");

    await updateEntry(alice, entry.id, { visibility: "public", title: "Public again" });
    for (const s of [guest, other]) {
      expect(title((await s.next()).data)).toBe("Public again");
      expect(title((await s.next()).data)).toBe("Public again");
    }
    for (const s of [guest, other, author]) s.close();
  });

  it("sends unlisted entries to their id topic (view rule) but not to the list topic", async () => {
    const entry = await createEntry(alice, { title: "By link", visibility: "unlisted" });
    const guest = await rt.subscribed(["entries/*", `entries/${entry.id}`]);
    await updateEntry(alice, entry.id, { title: "By link 2" });
    const e = await guest.next();
    expect(e.event).toBe(`entries/${entry.id}`);
    expect(title(e.data)).toBe("By link 2");
    await nothingUntilMarker(guest);
    guest.close();
  });

  it("sends an unlisted collection's changes only to a subscription naming its link (ADR 062)", async () => {
    const notebook = (
      await api("POST", "/api/collections/collections/records", alice.token, {
        owner: alice.record.id,
        title: "Link only",
        visibility: "unlisted",
      })
    ).json<Rec>();
    const byId = `collections/${notebook.id}`;
    const byLink = withOptions(byId, {
      owner: String(alice.record.username),
      name: String(notebook.name),
    });
    const guest = await rt.subscribed(["entries/*", byId, byLink]);
    const owner = await rt.subscribed([byId], alice.token);
    await api("PATCH", `/api/collections/collections/records/${notebook.id}`, alice.token, {
      title: "Link only 2",
    });
    const seen = await guest.next();
    expect(seen.event).toBe(byLink);
    expect(title(seen.data)).toBe("Link only 2");
    expect(title((await owner.next(byId)).data)).toBe("Link only 2");
    // Its id alone, which its public entries carry, is no link: nothing came to that topic.
    await nothingUntilMarker(guest);
    expect(guest.events.filter((e) => e.event === byId)).toEqual([]);
    guest.close();
    owner.close();
  });

  it("sends deletes with the record as it was, only to those who could see it", async () => {
    const pub = await createEntry(alice, { title: "Doomed <b>&</b>", visibility: "public" });
    const priv = await createEntry(alice, { title: "Doomed private", visibility: "private" });
    const guest = await rt.subscribed(["entries/*"]);
    const author = await rt.subscribed(["entries/*"], alice.token);
    const before = (await api("GET", `/api/collections/entries/records/${pub.id}`)).body;

    await api("DELETE", `/api/collections/entries/records/${priv.id}`, alice.token);
    await api("DELETE", `/api/collections/entries/records/${pub.id}`, alice.token);
    const deleted = await guest.next();
    expect(action(deleted.data)).toBe("delete");
    // The deleted record is byte-equal to what GET answered the same viewer before.
    expect(recordText(deleted.data)).toBe(before.trimEnd());
    expect((await author.next()).data).toContain("Doomed private");
    expect((await author.next()).data).toContain('"action":"delete"');
    await nothingUntilMarker(guest, author);
    guest.close();
    author.close();
  });

  it("sends nothing for collections whose rules deny the subscriber (B24)", async () => {
    const guest = await rt.subscribed(["_superusers/*", "items/*", "entries/*"]);
    const user = await rt.subscribed(["_superusers/*", "items/*", "entries/*"], bob.token);
    const manager = await rt.subscribed(["items/*", "entries/*"], admin.token);
    const superuser = await rt.subscribed(["_superusers/*", "items/*", "entries/*"], root.token);

    const newRoot = await rt.app.createSuperuser();
    const item = await api("POST", "/api/collections/items/records", admin.token, {
      code: "rt-item-1",
      name: "Secret item",
      status: "active",
    });
    const superEvent = await superuser.next("_superusers/*");
    expect(superEvent.data).toContain(String(newRoot.record.id));
    expect(recordText(superEvent.data)).not.toMatch(/"(password|tokenKey)"/);
    expect((await superuser.next("items/*")).data).toContain("Secret item");
    expect((await manager.next("items/*")).data).toContain(item.json<Rec>().id);
    await nothingUntilMarker(guest, user, manager);
    expect(guest.text + user.text).not.toContain("Secret item");
    expect(guest.text + user.text).not.toContain(String(newRoot.record.email));
    for (const s of [guest, user, manager, superuser]) s.close();
  });

  it("presents records exactly as GET does for the same viewer (B25)", async () => {
    const notebook = (
      await api("POST", "/api/collections/collections/records", alice.token, {
        owner: alice.record.id,
        title: "Notebook",
        visibility: "public",
      })
    ).json<Rec>();
    const entry = await createEntry(alice, {
      title: 'Quotes </script> & \u2028 "ok"',
      content: "# Title\n\n<img src=x onerror=alert(1)>",
      visibility: "public",
      collection: notebook.id,
      tags: ["a", "b"],
    });
    const aliceId = String(alice.record.id);
    const queries: Record<string, string>[] = [
      {},
      { expand: "author,collection" },
      { expand: "author", fields: "id,title,expand.author.email,expand.author.name" },
      { fields: "title:excerpt(5,true),content:excerpt(8)" },
    ];
    const topics = (query: Record<string, string>) => [
      Object.keys(query).length ? withOptions(`entries/${entry.id}`, query) : `entries/${entry.id}`,
      Object.keys(query).length ? withOptions(`users/${aliceId}`, query) : `users/${aliceId}`,
    ];
    const viewers: [string, string | undefined][] = [
      ["guest", undefined],
      ["author", alice.token],
      ["other", bob.token],
      ["manager", admin.token],
      ["superuser", root.token],
    ];
    for (const [who, token] of viewers) {
      const streams = await Promise.all(queries.map((q) => rt.subscribed(topics(q), token)));
      // One change at a time, each compared with GET before the next one is made.
      const changes = [
        {
          collection: "entries",
          id: entry.id,
          write: () => updateEntry(alice, entry.id, { tags: ["a", "b", who] }),
        },
        {
          collection: "users",
          id: aliceId,
          write: () =>
            api("PATCH", `/api/collections/users/records/${aliceId}`, alice.token, {
              name: `Alice for ${who}`,
            }),
        },
      ];
      for (const change of changes) {
        await change.write();
        for (const [i, query] of queries.entries()) {
          const stream = streams[i] as SseConnection;
          const qs = new URLSearchParams(query).toString();
          const event = await stream.next();
          expect(event.event.startsWith(`${change.collection}/${change.id}`)).toBe(true);
          const rest = await rt.app.http.inject({
            method: "GET",
            url: `/api/collections/${change.collection}/records/${change.id}${qs ? `?${qs}` : ""}`,
            headers: token ? { authorization: token } : {},
          });
          expect(rest.statusCode).toBe(200);
          expect(recordText(event.data), `${who} ${change.collection} ${qs}`).toBe(
            rest.body.trimEnd(),
          );
          expect(event.data).not.toMatch(/password|tokenKey/);
        }
      }
      for (const s of streams) s.close();
    }
  });

  it("applies the subscription's filter; only superusers may filter by @request", async () => {
    const filtered = await rt.subscribed([
      withOptions("entries/*", { filter: "title ~ 'keep'" }),
      "entries/*",
    ]);
    const byRequest = await rt.subscribed(
      [withOptions("entries/*", { filter: "@request.auth.id != ''" }), "entries/*"],
      bob.token,
    );
    const broken = await rt.subscribed([
      withOptions("entries/*", { filter: "title ~" }),
      "entries/*",
    ]);
    const superuser = await rt.subscribed(
      [withOptions("entries/*", { filter: "@request.auth.id != '' && title ~ 'keep'" })],
      root.token,
    );
    await createEntry(alice, { title: "drop this", visibility: "public" });
    await createEntry(alice, { title: "keep this", visibility: "public" });
    const names = async (s: SseConnection, n: number) => {
      const out: string[] = [];
      for (let i = 0; i < n; i++) {
        const e = await s.next();
        out.push(
          `${e.event.split("?")[0] ?? ""}${e.event.includes("?") ? "?" : ""} ${title(e.data)}`,
        );
      }
      return out;
    };
    expect(await names(filtered, 3)).toEqual([
      "entries/* drop this",
      "entries/*? keep this",
      "entries/* keep this",
    ]);
    expect(await names(byRequest, 2)).toEqual(["entries/* drop this", "entries/* keep this"]);
    expect(await names(broken, 2)).toEqual(["entries/* drop this", "entries/* keep this"]);
    expect(await names(superuser, 1)).toEqual(["entries/*? keep this"]);
    await nothingUntilMarker(byRequest, broken);
    for (const s of [filtered, byRequest, broken, superuser]) s.close();
  });

  it("sends one event per matching subscription, named as subscribed, in commit order", async () => {
    const entry = await createEntry(alice, { title: "Counter 0", visibility: "public" });
    const subs = [
      "entries/*",
      "entries",
      `${ENTRIES_ID}/*`,
      `entries/${entry.id}`,
      `${ENTRIES_ID}/${entry.id}`,
      withOptions("entries/*", { fields: "title" }),
    ];
    const guest = await rt.subscribed(subs);
    await updateEntry(alice, entry.id, { title: "Counter 1" });
    const first = [];
    for (const _ of subs) first.push(await guest.next());
    expect(first.map((e) => e.event).sort()).toEqual([...subs].sort());
    expect(first.every((e) => title(e.data) === "Counter 1")).toBe(true);
    expect(first.find((e) => e.event === subs[5])?.data).toBe(
      '{"record":{"title":"Counter 1"},"action":"update"}',
    );

    const plain = await rt.subscribed(["entries/*"]);
    for (let n = 2; n <= 21; n++) await updateEntry(alice, entry.id, { title: `Counter ${n}` });
    const seen: string[] = [];
    for (let n = 2; n <= 21; n++) seen.push(title((await plain.next()).data));
    // One event per commit, in commit order; each carries the record as it is when delivered
    // (read again, so a later commit may already show), never older than its own commit.
    expect(seen).toHaveLength(20);
    seen.forEach((t, i) => {
      expect(Number(t.slice(8))).toBeGreaterThanOrEqual(i + 2);
    });
    expect(seen).toEqual([...seen].sort((a, b) => Number(a.slice(8)) - Number(b.slice(8))));
    expect(seen.at(-1)).toBe("Counter 21");
    await nothingUntilMarker(plain);
    guest.close();
    plain.close();
  });

  it("keeps a client's auth current: role changes count, a new password or deletion makes it a guest", async () => {
    const user = await rt.app.createUser();
    const userId = String(user.record.id);
    const stream = await rt.subscribed(["items/*", "entries/*"], user.token);
    const createItem = (code: string) =>
      api("POST", "/api/collections/items/records", root.token, {
        code,
        name: code,
        status: "active",
      });

    await createItem("rt-before-role");
    await nothingUntilMarker(stream);

    // An admin grants the role: the client's cached auth record is refreshed.
    await api("PATCH", `/api/collections/users/records/${userId}`, root.token, { role: "admin" });
    await createItem("rt-after-role");
    expect((await stream.next("items/*")).data).toContain("rt-after-role");

    // A new password rotates the token key: the client is a guest from now on.
    await api("PATCH", `/api/collections/users/records/${userId}`, user.token, {
      oldPassword: "password123",
      password: "password456",
      passwordConfirm: "password456",
    });
    await rt.settled();
    expect(rt.app.realtime.client(stream.clientId)?.auth).toBeNull();
    await createItem("rt-after-password");
    await nothingUntilMarker(stream);
    // As a guest again it may sign in anew (guest → auth).
    const login = await api("POST", "/api/collections/users/auth-with-password", undefined, {
      identity: user.record.email as string,
      password: "password456",
    });
    const token = login.json<{ token: string }>().token;
    expect((await rt.subscribe(stream.clientId, ["items/*", "entries/*"], token)).status).toBe(204);
    await createItem("rt-after-login");
    expect((await stream.next("items/*")).data).toContain("rt-after-login");

    // Deleting the account drops the auth too.
    await api("DELETE", `/api/collections/users/records/${userId}`, token);
    await rt.settled();
    expect(rt.app.realtime.client(stream.clientId)?.auth).toBeNull();
    stream.close();
  });

  it("survives a failing listener or encoder and keeps delivering (B26)", async () => {
    const stream = await rt.subscribed(["entries/*"]);
    const encoder = rt.app.realtime.encoder;
    rt.app.realtime.encoder = {
      ...encoder,
      json: (payload) => {
        if (JSON.stringify(payload).includes("explode")) throw new Error("encoder failure");
        return encoder.json(payload);
      },
    };
    const off = rt.app.records.events.on(() => {
      throw new Error("listener failure");
    });
    try {
      await createEntry(alice, { title: "explode", visibility: "public" });
      await nothingUntilMarker(stream);
    } finally {
      off();
      rt.app.realtime.encoder = encoder;
    }
    const health = await rt.app.http.inject({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(200);
    stream.close();
  });
});

describe.each(DIALECTS)("realtime slow reader (%s)", (dialect) => {
  let rt: RealtimeTestApp;
  let author: Account;

  beforeAll(async () => {
    rt = await startRealtimeApp(dialect);
    author = await rt.app.createUser();
    Object.assign(rt.app.realtime.limits, { maxQueuedBytes: 256 * 1024, maxQueuedMessages: 50 });
  });
  afterAll(async () => {
    await rt.close();
  });

  it("cuts off a client that stops reading while the others keep receiving", async () => {
    const port = Number(new URL(rt.base).port);
    const socket = net.connect(port, "127.0.0.1");
    let head = "";
    const onData = (chunk: Buffer) => (head += chunk.toString());
    socket.on("data", onData);
    socket.on("error", () => undefined);
    socket.write("GET /api/realtime HTTP/1.1\r\nHost: localhost\r\n\r\n");
    for (let i = 0; i < 200 && !/id:(\w{40})/.test(head); i++) {
      await new Promise((r) => setTimeout(r, 10));
    }
    const slowId = /id:(\w{40})/.exec(head)?.[1] ?? "";
    expect((await rt.subscribe(slowId, ["entries/*"])).status).toBe(204);
    // From now on the slow client reads nothing: its socket buffers fill up.
    socket.off("data", onData);
    socket.pause();
    const fast = await rt.subscribed(["entries/*"]);
    const slow = rt.app.realtime.client(slowId);
    expect(slow).toBeDefined();

    const entry = (
      await rt.app.http.inject({
        method: "POST",
        url: "/api/collections/entries/records",
        headers: { authorization: author.token },
        payload: { author: author.record.id, title: "Big", visibility: "public" },
      })
    ).json<Rec>();
    const big = "x".repeat(90_000);
    let updates = 0;
    for (; updates < 400 && !slow?.closed; updates++) {
      await rt.app.http.inject({
        method: "PATCH",
        url: `/api/collections/entries/records/${entry.id}`,
        headers: { authorization: author.token },
        payload: { content: `${big}${updates}`, title: `Big ${updates}` },
      });
      await rt.settled();
    }
    expect(slow?.closeReason).toBe("overflow");
    expect(rt.app.realtime.client(slowId)).toBeUndefined();
    // The reader that keeps up got every event, in order.
    expect(title((await fast.next()).data)).toBe("Big");
    for (let n = 0; n < updates; n++) expect(title((await fast.next()).data)).toBe(`Big ${n}`);
    // Memory stayed bounded: what waited for the slow reader never passed its cap.
    expect(slow?.pending).toEqual({ messages: 0, bytes: 0 });
    socket.destroy();
    fast.close();
  });
});
