/**
 * The fan-out's wire format on its own: what a change and a restore look like on the channel,
 * and that the parsers refuse anything a Redis peer could send that is not a well-formed
 * message (B26).
 */
import { describe, expect, it } from "vitest";
import { requireCollection } from "../collections/collection-lookup.ts";
import {
  changeMessage,
  MESSAGE_VERSION,
  parseMessage,
  parseRpcReply,
  parseRpcRequest,
  resetMessage,
  rpcReplyMessage,
} from "./fanout-messages.ts";

const users = requireCollection("users");
const origin = "0123456789abcdef";

describe("changeMessage", () => {
  it("carries the snapshots without password hashes or token keys, and parses back", () => {
    const message = changeMessage(origin, 7, {
      action: "update",
      collection: users,
      id: "u1",
      previous: { id: "u1", name: "Before", password: "$2a$10$hash", tokenKey: "secret" },
    });
    expect(message).toEqual({
      v: MESSAGE_VERSION,
      origin,
      seq: 7,
      action: "update",
      collection: users.id,
      id: "u1",
      previous: { id: "u1", name: "Before" },
    });
    expect(parseMessage(JSON.stringify(message))).toEqual(message);
  });

  it("leaves out the snapshots a change does not have", () => {
    const message = changeMessage(origin, 1, { action: "create", collection: users, id: "u2" });
    expect(Object.keys(message).sort()).toEqual([
      "action",
      "collection",
      "id",
      "origin",
      "seq",
      "v",
    ]);
  });
});

describe("parseMessage", () => {
  it("reads a restore", () => {
    expect(parseMessage(JSON.stringify(resetMessage(origin)))).toEqual({
      v: MESSAGE_VERSION,
      origin,
      action: "reset",
    });
  });

  it.each([
    ["not JSON", "{"],
    ["not an object", "42"],
    ["null", "null"],
    [
      "another version",
      JSON.stringify({
        ...changeMessage(origin, 1, { action: "create", collection: users, id: "x" }),
        v: 2,
      }),
    ],
    [
      "an unknown action",
      JSON.stringify({ v: 1, origin, seq: 1, action: "drop", collection: users.id, id: "x" }),
    ],
    [
      "no sequence",
      JSON.stringify({ v: 1, origin, action: "create", collection: users.id, id: "x" }),
    ],
    [
      "a record that is not an object",
      JSON.stringify({
        v: 1,
        origin,
        seq: 1,
        action: "delete",
        collection: users.id,
        id: "x",
        record: null,
      }),
    ],
    [
      "a previous row that is a string",
      JSON.stringify({
        v: 1,
        origin,
        seq: 1,
        action: "update",
        collection: users.id,
        id: "x",
        previous: "row",
      }),
    ],
  ])("refuses %s", (_, text) => {
    expect(parseMessage(text)).toBeNull();
  });
});

describe("parseRpcRequest", () => {
  const subscribe = {
    v: MESSAGE_VERSION,
    id: `${origin}.1`,
    origin,
    request: {
      kind: "subscribe",
      clientId: "c1",
      ip: "203.0.113.1",
      subscriptions: ["entries/*"],
      auth: null,
    },
  };

  it("reads subscription and OAuth2 requests", () => {
    expect(parseRpcRequest(JSON.stringify(subscribe))).toEqual(subscribe);
    const oauth2 = {
      ...subscribe,
      request: { kind: "oauth2", state: "s", code: "c", error: "", ip: "203.0.113.1" },
    };
    expect(parseRpcRequest(JSON.stringify(oauth2))).toEqual(oauth2);
  });

  it.each([
    ["an origin that is not 16 hex digits", { ...subscribe, origin: "peer" }],
    ["an unknown kind", { ...subscribe, request: { kind: "shutdown" } }],
    [
      "too many subscriptions",
      {
        ...subscribe,
        request: {
          ...subscribe.request,
          subscriptions: Array.from({ length: 1001 }, (_, i) => `t${String(i)}`),
        },
      },
    ],
    [
      "an auth without an id",
      { ...subscribe, request: { ...subscribe.request, auth: { collectionId: users.id } } },
    ],
    [
      "an OAuth2 request without a code",
      { ...subscribe, request: { kind: "oauth2", state: "s", error: "", ip: "x" } },
    ],
  ])("refuses %s", (_, message) => {
    expect(parseRpcRequest(JSON.stringify(message))).toBeNull();
  });
});

describe("parseRpcReply", () => {
  it("reads a result, and a malformed result as not mine", () => {
    expect(parseRpcReply(rpcReplyMessage("a.1", { status: 200, message: "ok" }))).toEqual({
      id: "a.1",
      result: { status: 200, message: "ok" },
    });
    expect(parseRpcReply(rpcReplyMessage("a.1", null))).toEqual({ id: "a.1", result: null });
    expect(parseRpcReply(JSON.stringify({ id: "a.1", result: { status: "200" } }))).toEqual({
      id: "a.1",
      result: null,
    });
  });

  it("ignores a reply without an id", () => {
    expect(parseRpcReply(JSON.stringify({ result: { status: 200, message: "ok" } }))).toBeNull();
    expect(parseRpcReply("[")).toBeNull();
  });
});
