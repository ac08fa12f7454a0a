/**
 * The transport of server-rendered pages' API calls (ADR 014): the SDK's requests dispatched
 * to this same Fastify instance with `inject`, so they pass through the same routes, hooks
 * and access rules as a browser's, without a socket.
 */
import type { FastifyInstance } from "fastify";

/** A `fetch`-compatible function. */
export type FetchLike = (input: Request | string | URL, init?: RequestInit) => Promise<Response>;

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);
type InjectMethod = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";

/**
 * A `fetch` that answers from `api.inject` instead of the network. Relative URLs
 * (`/api/...`, as the SDK builds them with base URL `/`) are accepted. `remoteAddress` is the
 * address the API sees (the visitor's, so rate limits count their page's calls against
 * them; `127.0.0.1` by default).
 */
export function createInProcessFetch(
  api: Pick<FastifyInstance, "inject">,
  options: { remoteAddress?: string | undefined } = {},
): FetchLike {
  return async (input, init) => {
    const request =
      input instanceof Request && init === undefined
        ? input
        : new Request(
            input instanceof Request ? input : new URL(String(input), "http://in-process.invalid"),
            init,
          );
    const url = new URL(request.url);
    const method = request.method.toUpperCase() as InjectMethod;
    const payload =
      method === "GET" || method === "HEAD" ? undefined : Buffer.from(await request.arrayBuffer());
    const response = await api.inject({
      method,
      url: url.pathname + url.search,
      // Answers come back as they are (identity): nothing here would decode a coding.
      headers: { ...Object.fromEntries(request.headers), "accept-encoding": "identity" },
      ...(payload ? { payload } : {}),
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [String(value)]) headers.append(name, item);
    }
    const empty = NULL_BODY_STATUSES.has(response.statusCode) || method === "HEAD";
    return new Response(empty ? null : new Uint8Array(response.rawPayload), {
      status: response.statusCode,
      headers,
    });
  };
}
