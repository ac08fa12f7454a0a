/**
 * `/api/oauth2-redirect`: PocketBase's redirect scenarios (no state, unknown or closed client,
 * client without `@oauth2`, another IP, error, missing code, GET and form_post), the
 * `@oauth2` message the SDK's popup flow waits for, and the result pages in en and fr.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SseConnection } from "#tests/helpers/sse-client.ts";
import { startRealtimeApp, type RealtimeTestApp } from "./realtime-fixtures.ts";

describe("OAuth2 redirect", () => {
  let rt: RealtimeTestApp;

  beforeAll(async () => {
    rt = await startRealtimeApp("sqlite");
  });
  afterAll(async () => {
    await rt.close();
  });

  const redirect = async (
    query: string,
    options: { method?: "GET" | "POST"; body?: string; remoteAddress?: string } = {},
  ) => {
    const res = await rt.app.http.inject({
      method: options.method ?? "GET",
      url: `/api/oauth2-redirect${query}`,
      remoteAddress: options.remoteAddress ?? "127.0.0.1",
      ...(options.body !== undefined
        ? {
            payload: options.body,
            headers: { "content-type": "application/x-www-form-urlencoded" },
          }
        : {}),
    });
    return { status: res.statusCode, location: res.headers.location };
  };
  const failure = "/api/oauth2-redirect-failure";
  const success = "/api/oauth2-redirect-success";

  /** A stream subscribed to `@oauth2` (and another topic, as the SDK may). */
  const popupClient = async (topics = ["@oauth2"]): Promise<SseConnection> => rt.subscribed(topics);

  it.each([
    ["no state", "?code=123"],
    ["an unknown client", "?code=123&state=missing"],
    ["an empty state", "?state=&code=123"],
  ])("redirects to the failure page for %s (307)", async (_name, query) => {
    expect(await redirect(query)).toEqual({ status: 307, location: failure });
  });

  it("fails for a client without an @oauth2 subscription, and sends it nothing", async () => {
    const client = await popupClient(["posts/*"]);
    expect(await redirect(`?code=123&state=${client.clientId}`)).toEqual({
      status: 307,
      location: failure,
    });
    expect(rt.app.realtime.client(client.clientId)?.subscriptions.has("posts/*")).toBe(true);
    expect(client.events.filter((e) => e.event === "@oauth2")).toEqual([]);
    client.close();
  });

  it("fails for a client connected from another IP", async () => {
    const client = await popupClient();
    expect(
      await redirect(`?code=123&state=${client.clientId}`, { remoteAddress: "10.9.8.7" }),
    ).toEqual({ status: 307, location: failure });
    expect(rt.app.realtime.client(client.clientId)?.subscriptions.has("@oauth2")).toBe(true);
    client.close();
  });

  it("fails for a client that is gone", async () => {
    const client = await popupClient();
    rt.app.realtime.client(client.clientId)?.close("disconnected");
    expect(await redirect(`?code=123&state=${client.clientId}`)).toEqual({
      status: 307,
      location: failure,
    });
    client.close();
  });

  it("sends the code to the subscribed client, unsubscribes it and redirects to success", async () => {
    const client = await popupClient(["test1", "@oauth2"]);
    expect(await redirect(`?code=123&state=${client.clientId}`)).toEqual({
      status: 307,
      location: success,
    });
    const event = await client.next("@oauth2");
    expect(event.id).toBe(client.clientId);
    expect(event.data).toBe(`{"state":"${client.clientId}","code":"123"}`);
    const subscriptions = rt.app.realtime.client(client.clientId)?.subscriptions;
    expect(subscriptions?.has("@oauth2")).toBe(false);
    expect(subscriptions?.has("test1")).toBe(true);
    // A second redirect with the same state finds no subscription any more.
    expect((await redirect(`?code=456&state=${client.clientId}`)).location).toBe(failure);
    client.close();
  });

  it("passes on a provider error (and a missing code) but redirects to failure", async () => {
    const withError = await popupClient();
    expect(await redirect(`?error=access_denied&code=123&state=${withError.clientId}`)).toEqual({
      status: 307,
      location: failure,
    });
    expect((await withError.next("@oauth2")).data).toBe(
      `{"state":"${withError.clientId}","code":"123","error":"access_denied"}`,
    );
    expect(rt.app.realtime.client(withError.clientId)?.subscriptions.has("@oauth2")).toBe(false);

    const withoutCode = await popupClient();
    expect(await redirect(`?state=${withoutCode.clientId}`)).toEqual({
      status: 307,
      location: failure,
    });
    expect((await withoutCode.next("@oauth2")).data).toBe(
      `{"state":"${withoutCode.clientId}","code":""}`,
    );
    withError.close();
    withoutCode.close();
  });

  it("accepts form_post (POST) and answers 303", async () => {
    const client = await popupClient();
    expect(
      await redirect("", { method: "POST", body: `code=123&state=${client.clientId}` }),
    ).toEqual({ status: 303, location: success });
    expect((await client.next("@oauth2")).data).toBe(`{"state":"${client.clientId}","code":"123"}`);
    expect(await redirect("", { method: "POST", body: "code=123" })).toEqual({
      status: 303,
      location: failure,
    });
    client.close();
  });

  it("escapes what the provider sends like every JSON answer", async () => {
    const client = await popupClient();
    await redirect(`?code=${encodeURIComponent("<a>&\u2028")}&state=${client.clientId}`);
    expect((await client.next("@oauth2")).data).toBe(
      `{"state":"${client.clientId}","code":"\\u003ca\\u003e\\u0026\\u2028"}`,
    );
    client.close();
  });

  it("shows the result pages in the visitor's language", async () => {
    const page = async (path: string, headers: Record<string, string> = {}) => {
      const res = await rt.app.http.inject({ method: "GET", url: path, headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.headers["content-security-policy"]).toContain("default-src 'none'");
      return res.body;
    };
    const en = await page(success);
    expect(en).toContain('<html lang="en">');
    expect(en).toContain("<h1>Login successful</h1>");
    expect(en).toContain('name="viewport"');
    expect(await page(failure)).toContain("<h1>Login failed</h1>");
    const fr = await page(success, { "accept-language": "fr-CA,fr;q=0.9,en;q=0.5" });
    expect(fr).toContain('<html lang="fr">');
    expect(fr).toContain("Connexion réussie");
    expect(await page(failure, { cookie: "locale=fr" })).toContain("Échec de la connexion");
    expect(await page(failure, { cookie: "locale=en", "accept-language": "fr" })).toContain(
      "Login failed",
    );
  });

  it("names the site by its settings' name on the result pages", async () => {
    const before = rt.app.settings.appName;
    await rt.app.settings.update({ meta: { appName: "Carnet de Léa" } });
    try {
      const body = async (path: string, locale: string) =>
        (
          await rt.app.http.inject({
            method: "GET",
            url: path,
            headers: { cookie: `locale=${locale}` },
          })
        ).body;
      expect(await body(success, "en")).toContain("go back to Carnet de Léa.");
      expect(await body(failure, "fr")).toContain("réessayez depuis Carnet de Léa.");
      expect(await body(success, "fr")).not.toContain("{{site}}");
    } finally {
      await rt.app.settings.update({ meta: { appName: before } });
    }
  });
});
