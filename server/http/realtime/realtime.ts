/**
 * `/api/realtime` (PocketBase's `apis/realtime.go`): `GET` opens an SSE stream that starts
 * with `PB_CONNECT`; `POST {clientId, subscriptions}` replaces the client's subscriptions and
 * sets its auth from this request's Authorization header.
 *
 * The stream is written straight to the socket (the reply is hijacked), so no compression,
 * serializer or `onSend` hook ever touches or buffers it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { badRequest, CoreError } from "../../core/errors.ts";
import type { RealtimeBroker } from "../../core/realtime/realtime-broker.ts";
import type { RealtimeSink } from "../../core/realtime/realtime-client.ts";
import type { RecordData } from "../../core/records/request-info.ts";
import { readBody } from "../middlewares/body.ts";
import { pickFields } from "../presenters/fields.ts";

/** Seconds a client is told to wait when the instance has no room for another stream. */
const RETRY_AFTER_SECONDS = 5;

/** A sink over a raw HTTP response. */
function responseSink(reply: FastifyReply): RealtimeSink {
  const raw = reply.raw;
  return {
    write: (chunk) => raw.write(chunk),
    onceDrain(listener) {
      raw.once("drain", listener);
      return () => raw.off("drain", listener);
    },
    end: () => {
      raw.end();
    },
    destroy: () => {
      raw.destroy();
    },
  };
}

/**
 * Reads `{clientId, subscriptions}` as Go's binder would: JSON values must have the right
 * types (anything else is a 400 without field data); form values are strings, one or many.
 */
function readSubscribeForm(
  body: Record<string, unknown>,
  json: boolean,
): { clientId: string; subscriptions: string[] } {
  const { clientId, subscriptions } = body;
  const text = (v: unknown): string | null =>
    typeof v === "string"
      ? v
      : !json && (typeof v === "number" || typeof v === "boolean")
        ? String(v)
        : null;
  let id = "";
  if (clientId !== undefined && clientId !== null) {
    const value = text(clientId);
    if (value === null) throw badRequest();
    id = value;
  }
  let list: string[] = [];
  if (subscriptions !== undefined && subscriptions !== null) {
    const values = Array.isArray(subscriptions) ? subscriptions : json ? null : [subscriptions];
    if (values === null) throw badRequest();
    list = values.map((v) => {
      const value = text(v);
      if (value === null) throw badRequest();
      return value;
    });
  }
  return { clientId: id, subscriptions: list };
}

/**
 * Registers `/api/realtime` and installs the REST JSON encoder (`serialize`, the `fields`
 * picker) on the broker, so realtime records are encoded exactly as REST answers are.
 */
export function registerRealtimeRoutes(
  app: FastifyInstance,
  broker: RealtimeBroker,
  serialize: (payload: unknown) => string,
): void {
  broker.encoder = {
    // The REST serializer ends bodies with a newline; an SSE `data:` line cannot hold one.
    json: (payload) => serialize(payload).slice(0, -1),
    pick: (record: RecordData, fields: string) => pickFields(record, fields),
  };

  // Streams end before the server waits for its connections to close.
  app.addHook("preClose", (done) => {
    broker.closeAll("shutdown");
    done();
  });

  app.get("/api/realtime", (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method === "HEAD") {
      // A probe: the stream's headers, but no client is registered for a body nobody reads.
      return reply
        .header("content-type", "text/event-stream")
        .header("cache-control", "no-store")
        .header("x-accel-buffering", "no")
        .send();
    }
    try {
      broker.admit(request.ip);
    } catch (error) {
      if (error instanceof CoreError && error.status === 503) {
        reply.header("Retry-After", String(RETRY_AFTER_SECONDS));
      }
      throw error;
    }
    reply.hijack();
    const raw = reply.raw;
    // The global hooks' headers (security, CORS) were set on the reply; the stream's own win.
    const headers: Record<string, string | number | string[]> = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) headers[name] = value;
    }
    raw.writeHead(200, {
      ...headers,
      "content-type": "text/event-stream",
      "cache-control": "no-store",
      // https://nginx.org/en/docs/http/ngx_http_proxy_module.html#proxy_buffering
      "x-accel-buffering": "no",
      // A stream the server ends (idle, lifetime, shutdown) takes its socket with it, instead
      // of leaving an idle keep-alive connection that would hold up a shutdown.
      connection: "close",
    });
    request.raw.socket.setNoDelay(true);
    const client = broker.connect(request.ip, responseSink(reply));
    const closed = () => {
      client.close("disconnected");
    };
    raw.once("close", closed);
    raw.on("error", closed);
    return reply;
  });

  app.post("/api/realtime", async (request, reply) => {
    const json = /^application\/json\b/i.test(request.headers["content-type"] ?? "");
    const body = await readBody(request, "Something went wrong while processing your request.");
    await broker.setSubscriptions(readSubscribeForm(body, json), request.ip, request.auth);
    return reply.status(204).send();
  });
}
