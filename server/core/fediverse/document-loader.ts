/**
 * Remote documents (actors, keys, objects) fetched with limits (ADR 071): public addresses
 * only (Fedify's check of every address and redirect), at most {@link MAX_DOCUMENT_BYTES}
 * bytes, {@link FETCH_TIMEOUT_MS} milliseconds and five redirects, cached in the key-value
 * store. Loaded with the federation only (it imports Fedify).
 */
import {
  kvCache,
  type KvStore,
  createActivityPubRequest,
  FetchError,
  getRemoteDocument,
  preloadedContexts,
  validatePublicUrl,
  type DocumentLoader,
  type DocumentLoaderOptions,
  type RemoteDocument,
} from "@fedify/fedify";

/** The largest remote document read. */
export const MAX_DOCUMENT_BYTES = 1024 * 1024;
/** The longest a remote fetch may take. */
export const FETCH_TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 5;

/** The body of `response`, refused past `max` bytes. */
async function limitedBody(url: string, response: Response, max: number): Promise<ArrayBuffer> {
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > max) {
    await response.body?.cancel();
    throw new FetchError(url, `The document is larger than ${String(max)} bytes`);
  }
  const reader = (response.body as ReadableStream<Uint8Array> | null)?.getReader();
  if (!reader) return new ArrayBuffer(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw new FetchError(url, `The document is larger than ${String(max)} bytes`);
    }
    chunks.push(value);
  }
  const body = new ArrayBuffer(size);
  const view = new Uint8Array(body);
  let at = 0;
  for (const chunk of chunks) {
    view.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

/** A document loader with the limits above, for public addresses only. */
export function limitedDocumentLoader(userAgent: string): DocumentLoader {
  const load = async (
    url: string,
    options?: DocumentLoaderOptions,
    redirected = 0,
  ): Promise<RemoteDocument> => {
    const href = new URL(url).href;
    if (href in preloadedContexts)
      return { contextUrl: null, document: preloadedContexts[href], documentUrl: href };
    await validatePublicUrl(href);
    const timeout = AbortSignal.timeout(FETCH_TIMEOUT_MS);
    const signal = options?.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    const response = await fetch(createActivityPubRequest(href, { userAgent }), {
      redirect: "manual",
      signal,
    });
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      if (redirected >= MAX_REDIRECTS) throw new FetchError(href, "Too many redirections");
      return load(new URL(location, href).href, options, redirected + 1);
    }
    const body = await limitedBody(href, response, MAX_DOCUMENT_BYTES);
    const copy = new Response(body, { status: response.status, headers: response.headers });
    return getRemoteDocument(href, copy, (next) => load(next, options, redirected + 1));
  };
  return (url, options) => load(url, options);
}

/** The loader, cached in the key-value store (Fedify's cache rules: five minutes). */
export function cachedDocumentLoader(kv: KvStore, userAgent: string): DocumentLoader {
  return kvCache({ loader: limitedDocumentLoader(userAgent), kv });
}
