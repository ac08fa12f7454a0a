/**
 * The request log: every `/api` request is recorded after its answer (method, URL without
 * secrets, status, duration, auth collection, client IP, user agent; never tokens, cookies or
 * bodies), and superusers read it through `GET /api/logs`, `/api/logs/stats` and
 * `/api/logs/{id}` as in PocketBase.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { LOG_LEVELS, type LogService } from "../../core/logs/log-service.ts";
import { queryOf, requestInfo } from "../request-context.ts";
import { requireSuperuser } from "../superuser.ts";

/** Query parameters whose values are secrets (file tokens, OAuth2 codes, passwords). */
const SECRET_PARAMS = /token|code|password|secret|state|otp/i;

/** The request URL with secret query values replaced by `***`. */
export function redactUrl(url: string): string {
  const at = url.indexOf("?");
  if (at < 0) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  let changed = false;
  for (const key of new Set(params.keys())) {
    if (!SECRET_PARAMS.test(key)) continue;
    params.set(key, "***");
    changed = true;
  }
  return changed ? `${url.slice(0, at)}?${params.toString()}` : url;
}

function levelOf(status: number): number {
  if (status >= 500) return LOG_LEVELS.error;
  if (status >= 400) return LOG_LEVELS.warn;
  return LOG_LEVELS.info;
}

function header(request: FastifyRequest, name: string): string {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? "";
}

/** Records every `/api` request once it has been answered. */
export function registerRequestLogger(app: FastifyInstance, logs: LogService): void {
  app.addHook("onResponse", (request, reply, done) => {
    if (request.url.startsWith("/api/") || request.url === "/api") {
      const settings = logs.current;
      const url = redactUrl(request.url);
      const status = reply.statusCode;
      logs.add({
        level: levelOf(status),
        message: `${request.method} ${url}`,
        data: {
          type: "request",
          method: request.method,
          url,
          status,
          execTime: Math.round(reply.elapsedTime * 1000) / 1000,
          auth: request.auth?.collection.name ?? "",
          ...(settings.logAuthId && request.auth
            ? { authId: typeof request.auth.record.id === "string" ? request.auth.record.id : "" }
            : {}),
          ...(settings.logIP
            ? { userIP: request.ip, remoteIP: request.socket.remoteAddress ?? "" }
            : {}),
          referer: header(request, "referer"),
          userAgent: header(request, "user-agent"),
        },
      });
    }
    done();
  });
}

/** Registers the logs API. */
export function registerLogRoutes(app: FastifyInstance, logs: LogService): void {
  app.get("/api/logs", async (request) => {
    requireSuperuser(request);
    return logs.list(requestInfo(request), queryOf(request));
  });

  app.get("/api/logs/stats", async (request) => {
    requireSuperuser(request);
    return logs.stats(requestInfo(request), queryOf(request).filter);
  });

  app.get("/api/logs/:id", async (request) => {
    requireSuperuser(request);
    const { id } = request.params as { id: string };
    return logs.view(requestInfo(request), id);
  });
}
