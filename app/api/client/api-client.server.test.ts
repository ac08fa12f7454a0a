/**
 * Server rendering trusts the `pb_auth` cookie only after the server confirms it: with the
 * web plugin's session check when there is one (no auth-refresh per page, ADR 048), else with
 * the API's auth-refresh. What a failed confirmation means depends on the answer: 401/403/404
 * (or `null` from the check) end the session (a guest page), anything else (5xx, 429, no
 * answer, a failing check) leaves it unconfirmed, and pages that need an account then answer
 * 503 rather than a login redirect or a 403. The API here is a real HTTP server on loopback
 * answering auth-refresh with the status under test.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BaseAuthStore } from "pocketbase";
import { RouterContextProvider } from "react-router";
import {
  apiContext,
  sessionUnconfirmedContext,
  translateContext,
  userContext,
} from "../../context.ts";
import { AUTH_COOKIE, createApiClient, type SessionConfirmer } from "./api-client.ts";
import { createRequestApiClient } from "./api-client.server.ts";
import type { AppT } from "../../lib/i18n/i18n.ts";
import {
  requireAdmin,
  requireSuperuser,
  requireUser,
  requireWriter,
} from "../../lib/routes/route-data.ts";
import type { SessionUser } from "../auth/session.ts";

/** An unsigned JWT that expires in an hour (only the API checks signatures). */
function token(): string {
  return cookieToken;
}

/** A fresh unsigned JWT. */
function newToken(): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const exp = Math.floor(Date.now() / 1000) + 3600;
  return `${part({ alg: "HS256", typ: "JWT" })}.${part({ type: "auth", exp, refreshable: true })}.x`;
}

const cookieToken = newToken();

const record = {
  id: "abcdefghijklmno",
  collectionId: "_pb_users_auth_",
  collectionName: "users",
  username: "alice",
  role: "admin",
};

/** The `cookie` header a signed-in browser sends. */
function authCookie(): string {
  const store = new BaseAuthStore();
  store.save(token(), record);
  return store.exportToCookie({ httpOnly: false }, AUTH_COOKIE).split(";")[0] ?? "";
}

/** How the API answers the next auth-refresh: a status, or `"hang-up"` (no answer). */
let answer: number | "hang-up" = 200;
let refreshes = 0;
const server = http.createServer((req, res) => {
  refreshes += 1;
  if (req.url !== "/api/collections/users/auth-refresh") {
    res.writeHead(404).end();
    return;
  }
  if (answer === "hang-up") {
    req.socket.destroy();
    return;
  }
  const body =
    answer === 200
      ? { token: newToken(), record }
      : { status: answer, message: "Something happened.", data: {} };
  res.writeHead(answer, { "content-type": "application/json" }).end(JSON.stringify(body));
});
let origin = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** Renders-side client of a request for `/admin` with (or without) the auth cookie. */
function clientFor(cookie: string | null, confirm: SessionConfirmer | null = null) {
  const headers = cookie ? { cookie } : undefined;
  return createRequestApiClient(new Request(`${origin}/admin`, { headers }), null, "en", confirm);
}

describe("createRequestApiClient", () => {
  it("confirms the cookie's session with the API", async () => {
    answer = 200;
    const { pb, user, sessionUnconfirmed } = await clientFor(authCookie());
    expect(user?.username).toBe("alice");
    expect(pb.authStore.isValid).toBe(true);
    expect(sessionUnconfirmed).toBe(false);
  });

  it("is a guest without a cookie, and asks the API nothing", async () => {
    const before = refreshes;
    const result = await clientFor(null);
    expect(result.user).toBeNull();
    expect(result.sessionUnconfirmed).toBe(false);
    expect(refreshes).toBe(before);
  });

  it.each([401, 403, 404])("ends the session when the API answers %i", async (status) => {
    answer = status;
    const { pb, user, sessionUnconfirmed } = await clientFor(authCookie());
    expect(user).toBeNull();
    expect(pb.authStore.token).toBe("");
    expect(sessionUnconfirmed).toBe(false);
  });

  it.each([429, 500, 503, "hang-up" as const])(
    "keeps the session unconfirmed when the API answers %s",
    async (status) => {
      answer = status;
      const { pb, user, sessionUnconfirmed } = await clientFor(authCookie());
      // Nothing on the page may use an account the API did not confirm.
      expect(user).toBeNull();
      expect(pb.authStore.token).toBe("");
      expect(sessionUnconfirmed).toBe(true);
    },
  );
});

describe("createRequestApiClient with the server's session check (ADR 048)", () => {
  const fresh = { ...record, role: "writer", name: "Alice Now" };

  it("takes the account from the check, keeps the token, and sends no auth-refresh", async () => {
    const before = refreshes;
    const checked: string[] = [];
    const { pb, user, sessionUnconfirmed } = await clientFor(authCookie(), (sent) => {
      checked.push(sent);
      return Promise.resolve({ token: sent, record: fresh });
    });
    expect(checked).toEqual([cookieToken]);
    expect(refreshes).toBe(before);
    // The account as it is now, not as the cookie remembers it.
    expect(user).toMatchObject({ username: "alice", role: "writer", name: "Alice Now" });
    expect(pb.authStore.token).toBe(cookieToken);
    expect(pb.authStore.record?.role).toBe("writer");
    expect(sessionUnconfirmed).toBe(false);
  });

  it("ends the session the check refuses", async () => {
    const { pb, user, sessionUnconfirmed } = await clientFor(authCookie(), () =>
      Promise.resolve(null),
    );
    expect(user).toBeNull();
    expect(pb.authStore.token).toBe("");
    expect(sessionUnconfirmed).toBe(false);
  });

  it("is a guest when the token is another collection's than the cookie says", async () => {
    const { user } = await clientFor(authCookie(), (sent) =>
      Promise.resolve({ token: sent, record: { ...fresh, collectionName: "_superusers" } }),
    );
    expect(user).toBeNull();
  });

  it("keeps the session unconfirmed when the check fails", async () => {
    const { pb, user, sessionUnconfirmed } = await clientFor(authCookie(), () =>
      Promise.reject(new Error("database unavailable")),
    );
    expect(user).toBeNull();
    expect(pb.authStore.token).toBe("");
    expect(sessionUnconfirmed).toBe(true);
  });

  it("leaves an expired token to the check, which says whose session it turns away", async () => {
    const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const exp = Math.floor(Date.now() / 1000) - 60;
    const expired = `${part({ alg: "HS256", typ: "JWT" })}.${part({ type: "auth", exp })}.x`;
    const store = new BaseAuthStore();
    store.save(expired, record);
    const cookie = store.exportToCookie({ httpOnly: false }, AUTH_COOKIE).split(";")[0] ?? "";
    const checked: string[] = [];
    const { user, sessionUnconfirmed } = await clientFor(cookie, (sent) => {
      checked.push(sent);
      return Promise.resolve(null);
    });
    expect(checked).toEqual([expired]);
    expect(user).toBeNull();
    expect(sessionUnconfirmed).toBe(false);
  });

  it("asks nothing of a guest", async () => {
    let asked = false;
    const result = await clientFor(null, () => {
      asked = true;
      return Promise.resolve(null);
    });
    expect(asked).toBe(false);
    expect(result.user).toBeNull();
  });
});

/** A loader context as the root middleware fills it. */
function loaderContext(user: SessionUser | null, sessionUnconfirmed: boolean) {
  const context = new RouterContextProvider();
  context.set(apiContext, createApiClient({ baseUrl: origin }));
  context.set(userContext, user);
  context.set(sessionUnconfirmedContext, sessionUnconfirmed);
  context.set(translateContext, ((key: string) => key) as unknown as AppT);
  return context;
}

/** What a guard threw: a status (error page or redirect) and, for pages, the message. */
function thrown(guard: () => unknown): { status: number; message?: string } {
  try {
    guard();
  } catch (error) {
    if (error instanceof Response) return { status: error.status };
    const { init, data } = error as { init: { status: number }; data: { message: string } };
    return { status: init.status, message: data.message };
  }
  throw new Error("the guard let the request through");
}

describe("guards of pages that need an account", () => {
  const guards = { requireUser, requireWriter, requireAdmin, requireSuperuser };

  it.each(Object.entries(guards))(
    "%s answers 503 when the session could not be confirmed",
    (_name, guard) => {
      expect(thrown(() => guard(loaderContext(null, true)))).toEqual({
        status: 503,
        message: "errors:page.sessionUnavailable",
      });
    },
  );

  it("send a guest to /login, with the address to come back to", () => {
    const guest = loaderContext(null, false);
    expect(thrown(() => requireUser(guest)).status).toBe(302);
    expect(thrown(() => requireWriter(guest))).toEqual({
      status: 403,
      message: "errors:page.forbidden",
    });
    const location = (guard: () => unknown) => {
      try {
        guard();
      } catch (error) {
        if (error instanceof Response) return error.headers.get("location");
      }
      return "no redirect";
    };
    const request = new Request(`${origin}/i/create.data?status=active&_routes=routes%2Fitems`);
    expect(location(() => requireAdmin(guest, request))).toBe(
      "/login?redirectTo=%2Fi%2Fcreate%3Fstatus%3Dactive",
    );
    expect(location(() => requireSuperuser(guest, new Request(`${origin}/admin/logs`)))).toBe(
      "/login?redirectTo=%2Fadmin%2Flogs",
    );
    expect(location(() => requireUser(guest, new Request(`${origin}/_root.data`)))).toBe("/login");
    expect(location(() => requireAdmin(guest))).toBe("/login");
  });

  it("answer 403 to signed-in accounts without the role", () => {
    const plain: SessionUser = {
      id: "abcdefghijklmno",
      collectionName: "users",
      collectionId: "_pb_users_auth_",
      username: "alice",
      name: "",
      email: "alice@example.com",
      avatar: "",
      role: "",
      verified: true,
      impersonated: false,
      theme: "",
    };
    const signedIn = loaderContext(plain, false);
    expect(thrown(() => requireAdmin(signedIn)).status).toBe(403);
    expect(thrown(() => requireSuperuser(signedIn)).status).toBe(403);
    expect(requireAdmin(loaderContext({ ...plain, role: "admin" }, false)).role).toBe("admin");
  });
});
