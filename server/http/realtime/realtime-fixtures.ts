/**
 * Test material for the realtime API: a test app listening on a loopback port (SSE needs a
 * real socket), raw SSE streams, subscription requests, and the record JSON of an event.
 */
import { createTestApp, type DialectName, type TestApp } from "#tests/helpers/test-app.ts";
import { openSse, type SseConnection } from "#tests/helpers/sse-client.ts";

/** A listening test app. */
export interface RealtimeTestApp {
  app: TestApp;
  /** `http://127.0.0.1:<port>` */
  base: string;
  /** Opens `/api/realtime` (waits for `PB_CONNECT`). */
  sse(headers?: Record<string, string>): Promise<SseConnection>;
  /** `POST /api/realtime` through `inject` (from 127.0.0.1 unless `remoteAddress` says otherwise). */
  subscribe(
    clientId: string,
    subscriptions: string[],
    token?: string,
    remoteAddress?: string,
  ): Promise<{ status: number; body: string }>;
  /** Opens a stream, subscribes it (204 expected) and returns it. */
  subscribed(subscriptions: string[], token?: string): Promise<SseConnection>;
  /** Resolves once every committed change so far was handed to the clients. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** Starts a test app on a free loopback port. */
export async function startRealtimeApp(
  dialect: DialectName,
  env: Record<string, string> = {},
): Promise<RealtimeTestApp> {
  const app = await createTestApp(dialect, { GUEST_CACHE_TTL_MS: "0", ...env });
  const address = await app.http.listen({ port: 0, host: "127.0.0.1" });
  const streams = new Set<SseConnection>();
  const fixture: RealtimeTestApp = {
    app,
    base: address,
    async sse(headers = {}) {
      const stream = await openSse(`${address}/api/realtime`, { headers });
      streams.add(stream);
      return stream;
    },
    async subscribe(clientId, subscriptions, token, remoteAddress = "127.0.0.1") {
      const res = await app.http.inject({
        method: "POST",
        url: "/api/realtime",
        remoteAddress,
        headers: token ? { authorization: token } : {},
        payload: { clientId, subscriptions },
      });
      return { status: res.statusCode, body: res.body };
    },
    async subscribed(subscriptions, token) {
      const stream = await fixture.sse();
      const res = await fixture.subscribe(stream.clientId, subscriptions, token);
      if (res.status !== 204) throw new Error(`subscribe failed: ${res.status} ${res.body}`);
      return stream;
    },
    settled: () => app.realtime.settled(),
    async close() {
      for (const s of streams) s.close();
      await app.close();
    },
  };
  return fixture;
}

/** The `record` JSON text of an event's data, exactly as sent (`{"record":…,"action":…}`). */
export function recordText(data: string): string {
  const prefix = '{"record":';
  const suffix = /,"action":"(create|update|delete)"\}$/.exec(data);
  if (!data.startsWith(prefix) || !suffix) throw new Error(`not a record event: ${data}`);
  return data.slice(prefix.length, data.length - suffix[0].length);
}

/** Subscription string with options, as the SDK builds it. */
export function withOptions(
  topic: string,
  query: Record<string, unknown>,
  headers?: Record<string, unknown>,
): string {
  return `${topic}?options=${encodeURIComponent(JSON.stringify({ query, headers }))}`;
}
