/**
 * `POST /api/files/token` and protected files (`entries.attachments`): a file token of someone
 * who may view the record opens the file; the Authorization header, other tokens and other
 * people never do (404, as PocketBase).
 */
import { decodeJwt } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { runScenario } from "#tests/helpers/api-scenario.ts";
import { createTestApp, DIALECTS, type TestApp } from "#tests/helpers/test-app.ts";
import type { RecordData } from "#server/core/records/request-info.ts";
import { multipartBody } from "#tests/helpers/file-fixtures.ts";

type Who = "guest" | "alice" | "bob" | "admin" | "root";

describe.each(DIALECTS)("file tokens and protected files (%s)", (dialect) => {
  let app: TestApp;
  const tokens: Partial<Record<Who, string>> = {};
  const accounts: Partial<Record<Who, { record: RecordData; token: string }>> = {};
  const entries: Record<"private" | "unlisted" | "public", RecordData> = {} as never;
  const CONTENT = Buffer.from("attachment bytes\n");

  const fileToken = async (who: Who): Promise<string> => {
    const res = await app.http.inject({
      method: "POST",
      url: "/api/files/token",
      headers: { authorization: tokens[who] ?? "" },
    });
    return res.json<{ token: string }>().token;
  };
  const url = (visibility: keyof typeof entries, query = "") => {
    const entry = entries[visibility];
    return `/api/files/entries/${String(entry.id)}/${(entry.attachments as string[])[0]!}${query}`;
  };

  beforeAll(async () => {
    app = await createTestApp(dialect);
    accounts.alice = await app.createUser({ role: "writer" });
    accounts.bob = await app.createUser();
    accounts.admin = await app.createUser({ role: "admin" });
    accounts.root = await app.createSuperuser();
    for (const who of ["alice", "bob", "admin", "root"] as const)
      tokens[who] = accounts[who]!.token;
    for (const visibility of ["private", "unlisted", "public"] as const) {
      const { body, headers } = multipartBody([
        { name: "author", value: String(accounts.alice.record.id) },
        { name: "title", value: `${visibility} entry` },
        { name: "visibility", value: visibility },
        { name: "attachments", filename: "secret.txt", data: CONTENT },
      ]);
      const res = await app.http.inject({
        method: "POST",
        url: "/api/collections/entries/records",
        headers: { ...headers, authorization: tokens.alice! },
        payload: body,
      });
      entries[visibility] = res.json<RecordData>();
    }
  });
  afterAll(() => app.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  describe("POST /api/files/token", () => {
    it("answers 401 to guests and to garbage tokens", async () => {
      for (const authorization of [undefined, "garbage", "Bearer nope"]) {
        await runScenario(app, {
          name: `token for ${String(authorization)}`,
          method: "POST",
          url: "/api/files/token",
          token: authorization,
          expectedStatus: 401,
          expectedContent: [
            '{"data":{},"message":"The request requires valid record authorization token.","status":401}',
          ],
        });
      }
    });

    it.each(["alice", "root"] as const)("gives %s a 180 s file token", async (who) => {
      const res = await runScenario(app, {
        name: `token for ${who}`,
        method: "POST",
        url: "/api/files/token",
        token: tokens[who],
        expectedStatus: 200,
        expectedContent: ['{"token":"'],
      });
      const { token } = res.json() as { token: string };
      const claims = decodeJwt(token);
      expect(claims).toMatchObject({
        id: accounts[who]!.record.id,
        type: "file",
        collectionId: who === "root" ? "pbc_3142635823" : "_pb_users_auth_",
      });
      expect(claims.exp! - Math.floor(Date.now() / 1000)).toBeGreaterThan(170);
      expect(claims.exp! - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(180);
      expect(claims).not.toHaveProperty("refreshable");
    });

    it("is not an auth token", async () => {
      const file = await fileToken("alice");
      await runScenario(app, {
        name: "a file token as Authorization",
        method: "POST",
        url: "/api/files/token",
        token: file,
        expectedStatus: 401,
      });
    });
  });

  describe("protected files", () => {
    const cases: {
      name: string;
      visibility: "private" | "unlisted" | "public";
      as: Who | "none";
      status: number;
    }[] = [
      { name: "guest, private", visibility: "private", as: "none", status: 404 },
      { name: "author's token, private", visibility: "private", as: "alice", status: 200 },
      { name: "other user's token, private", visibility: "private", as: "bob", status: 404 },
      { name: "admin's token, private", visibility: "private", as: "admin", status: 404 },
      { name: "superuser's token, private", visibility: "private", as: "root", status: 200 },
      { name: "guest, unlisted", visibility: "unlisted", as: "none", status: 200 },
      { name: "other user's token, unlisted", visibility: "unlisted", as: "bob", status: 200 },
      { name: "guest, public", visibility: "public", as: "none", status: 200 },
    ];

    it.each(cases)("$name → $status", async ({ visibility, as, status }) => {
      const query = as === "none" ? "" : `?token=${await fileToken(as)}`;
      const res = await runScenario(app, {
        name: `${visibility} as ${as}`,
        method: "GET",
        url: url(visibility, query),
        expectedStatus: status,
      });
      if (status === 200) expect(res.body).toBe(CONTENT.toString());
      else expect(res.body).toContain("The requested resource wasn't found.");
    });

    it("ignores the Authorization header: only the file token counts", async () => {
      await runScenario(app, {
        name: "author's auth header, no file token",
        method: "GET",
        url: url("private"),
        token: tokens.alice,
        expectedStatus: 404,
      });
      await runScenario(app, {
        name: "author's auth header, another user's file token",
        method: "GET",
        url: url("private", `?token=${await fileToken("bob")}`),
        token: tokens.alice,
        expectedStatus: 404,
      });
    });

    it.each([
      ["an auth token", () => Promise.resolve(tokens.alice!)],
      ["a garbage token", () => Promise.resolve("garbage")],
      [
        "a token with a forged signature",
        async () => {
          const [header, payload] = (await fileToken("alice")).split(".");
          return `${header!}.${payload!}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`;
        },
      ],
    ])("refuses %s as a file token", async (_name, token) => {
      await runScenario(app, {
        name: _name,
        method: "GET",
        url: url("private", `?token=${await token()}`),
        expectedStatus: 404,
      });
    });

    it("refuses an expired file token", async () => {
      const token = await fileToken("alice");
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(Date.now() + 181_000);
      await runScenario(app, {
        name: "expired",
        method: "GET",
        url: url("private", `?token=${token}`),
        expectedStatus: 404,
      });
    });

    it("refuses file tokens issued before a password change", async () => {
      const carol = await app.createUser({ password: "password123" });
      const { body, headers } = multipartBody([
        { name: "author", value: String(carol.record.id) },
        { name: "title", value: "Carol's" },
        { name: "attachments", filename: "c.txt", data: CONTENT },
      ]);
      const created = (
        await app.http.inject({
          method: "POST",
          url: "/api/collections/entries/records",
          headers: { ...headers, authorization: carol.token },
          payload: body,
        })
      ).json<RecordData>();
      const fileUrl = `/api/files/entries/${String(created.id)}/${(created.attachments as string[])[0]!}`;
      const token = (
        await app.http.inject({
          method: "POST",
          url: "/api/files/token",
          headers: { authorization: carol.token },
        })
      ).json<{ token: string }>().token;
      await runScenario(app, {
        name: "before",
        method: "GET",
        url: `${fileUrl}?token=${token}`,
        expectedStatus: 200,
      });
      await runScenario(app, {
        name: "change password",
        method: "PATCH",
        url: `/api/collections/users/records/${String(carol.record.id)}`,
        token: carol.token,
        body: {
          password: "newpassword1",
          passwordConfirm: "newpassword1",
          oldPassword: "password123",
        },
        expectedStatus: 200,
      });
      await runScenario(app, {
        name: "after",
        method: "GET",
        url: `${fileUrl}?token=${token}`,
        expectedStatus: 404,
      });
    });

    it("refuses file tokens of a device signed out since, for files and the export alike", async () => {
      // Dave signs in on two devices, and a file token is minted on the laptop.
      const dave = await app.createUser({ password: "password123" });
      const signIn = async (browser: string) =>
        (
          await app.http.inject({
            method: "POST",
            url: "/api/collections/users/auth-with-password",
            headers: { "user-agent": browser },
            payload: { identity: dave.record.email, password: "password123" },
          })
        ).json<{ token: string }>().token;
      const phone = await signIn("Dave's phone");
      const laptop = await signIn("Dave's laptop");
      const { body, headers } = multipartBody([
        { name: "author", value: String(dave.record.id) },
        { name: "title", value: "Dave's" },
        { name: "attachments", filename: "d.txt", data: CONTENT },
      ]);
      const created = (
        await app.http.inject({
          method: "POST",
          url: "/api/collections/entries/records",
          headers: { ...headers, authorization: laptop },
          payload: body,
        })
      ).json<RecordData>();
      const fileUrl = `/api/files/entries/${String(created.id)}/${(created.attachments as string[])[0]!}`;
      const mint = async (session: string) =>
        (
          await app.http.inject({
            method: "POST",
            url: "/api/files/token",
            headers: { authorization: session },
          })
        ).json<{ token: string }>().token;
      const laptopFiles = await mint(laptop);
      const phoneFiles = await mint(phone);
      for (const [name, url, status] of [
        ["file, laptop", `${fileUrl}?token=${laptopFiles}`, 200],
        ["export, laptop", `/api/export?token=${laptopFiles}`, 200],
      ] as const) {
        await runScenario(app, { name, method: "GET", url, expectedStatus: status });
      }

      // From the phone, Dave signs every other device out: the laptop's file token dies too.
      await runScenario(app, {
        name: "sign the laptop out",
        method: "POST",
        url: "/api/collections/users/devices/sign-out-others",
        token: phone,
        expectedStatus: 204,
      });
      for (const [name, url, status] of [
        ["file, laptop signed out", `${fileUrl}?token=${laptopFiles}`, 404],
        ["export, laptop signed out", `/api/export?token=${laptopFiles}`, 401],
        ["file, phone", `${fileUrl}?token=${phoneFiles}`, 200],
        ["export, phone", `/api/export?token=${phoneFiles}`, 200],
      ] as const) {
        await runScenario(app, { name, method: "GET", url, expectedStatus: status });
      }
      // Each file token names the device of the session it was minted with.
      expect(decodeJwt(laptopFiles).device).toBe(decodeJwt(laptop).device);
    });

    it("applies the same rule to thumbnails", async () => {
      await runScenario(app, {
        name: "private thumb as guest",
        method: "GET",
        url: url("private", "?thumb=100x100"),
        expectedStatus: 404,
      });
    });
  });
});
