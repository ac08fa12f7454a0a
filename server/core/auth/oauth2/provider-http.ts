/**
 * HTTP calls to OAuth2 providers (token, user info, discovery, keys): the endpoints come from
 * the operator's configuration, never from a request. Each call is bounded: a time limit, a
 * response size limit, and no redirects followed (a provider endpoint that redirects is a
 * misconfiguration, and following it would let the provider steer the server elsewhere).
 */

/** How long one provider call may take. */
export const PROVIDER_TIMEOUT_MS = 10_000;
/** Largest provider response read. */
export const MAX_PROVIDER_RESPONSE_BYTES = 1024 * 1024;

/** A provider call that failed (network, status, size, or not JSON). */
export class ProviderHttpError extends Error {
  override name = "ProviderHttpError";
  /** HTTP status, 0 when no response arrived. */
  readonly status: number;

  constructor(message: string, status = 0) {
    super(message);
    this.status = status;
  }
}

/** A provider response: status and body text. */
export interface ProviderResponse {
  status: number;
  text: string;
}

/** Reads at most `limit` bytes of a response body; throws when it is larger. */
async function readLimited(response: Response, limit: number): Promise<string> {
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > limit) {
    await response.body?.cancel();
    throw new ProviderHttpError("provider response too large", response.status);
  }
  if (!response.body) return "";
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    const bytes = Buffer.from(chunk as Uint8Array);
    size += bytes.byteLength;
    if (size > limit) {
      await response.body.cancel().catch(() => undefined);
      throw new ProviderHttpError("provider response too large", response.status);
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Sends one bounded request to a provider endpoint. */
export async function providerRequest(
  url: string,
  init: { method?: "GET" | "POST"; headers?: Record<string, string>; body?: string } = {},
): Promise<ProviderResponse> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method ?? "GET",
      headers: init.headers,
      body: init.body,
      redirect: "error",
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
  } catch (error) {
    throw new ProviderHttpError(
      `provider request failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return {
    status: response.status,
    text: await readLimited(response, MAX_PROVIDER_RESPONSE_BYTES),
  };
}

/** Parses a provider's JSON answer; throws when it is not JSON or not the expected kind. */
export function parseProviderJson(response: ProviderResponse, what: string): unknown {
  try {
    return JSON.parse(response.text) as unknown;
  } catch {
    throw new ProviderHttpError(`${what}: not a JSON answer (${response.status})`, response.status);
  }
}

/** GETs JSON from a provider; throws on a non-2xx status or a body that is not JSON. */
export async function getProviderJson(
  url: string,
  headers: Record<string, string> = {},
  what = "provider",
): Promise<unknown> {
  const response = await providerRequest(url, {
    headers: { Accept: "application/json", ...headers },
  });
  if (response.status < 200 || response.status >= 300)
    throw new ProviderHttpError(`${what} answered ${response.status}`, response.status);
  return parseProviderJson(response, what);
}

/** Whether a JSON value is a plain object. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
