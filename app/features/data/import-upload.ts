/**
 * Sends an import to `POST /api/import` with `XMLHttpRequest`, the one browser API that
 * reports upload progress (`fetch` does not), so a long import shows a real progress bar:
 * the upload's share first, then the server's work until its report arrives. Never retried:
 * an import is a write.
 */

/** What the server answered: its status and its parsed JSON body (null when not JSON). */
export interface ImportResponse {
  status: number;
  body: unknown;
}

/** Options of {@link uploadImport}. */
export interface UploadOptions {
  /** The endpoint's absolute or root-relative address. */
  url: string;
  /** The auth token (sent as PocketBase's `Authorization` header). */
  token: string;
  /** The multipart body: `file`, `format`, `dryRun`. */
  body: FormData;
  /** Upload progress, in bytes. */
  onProgress: (loaded: number, total: number) => void;
  /** The whole body was sent; the server is working. */
  onUploaded: () => void;
}

/** Thrown when the request did not get an answer (network failure, aborted). */
export class UploadFailure extends Error {
  override name = "UploadFailure";
}

/** The parsed JSON of a body; null when it is not JSON. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Uploads an import; resolves with the server's answer whatever its status. */
export function uploadImport(options: UploadOptions): Promise<ImportResponse> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", options.url);
    if (options.token) request.setRequestHeader("Authorization", options.token);
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) options.onProgress(event.loaded, event.total);
    });
    request.upload.addEventListener("load", () => {
      options.onUploaded();
    });
    request.addEventListener("load", () => {
      resolve({ status: request.status, body: parseJson(request.responseText) });
    });
    request.addEventListener("error", () => {
      reject(new UploadFailure("network"));
    });
    request.addEventListener("abort", () => {
      reject(new UploadFailure("aborted"));
    });
    request.send(options.body);
  });
}
