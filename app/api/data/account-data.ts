/**
 * An account's data (ADR 044): the export's download address (`GET /api/export`, with a file
 * token: the browser downloads it itself), and the import (`POST /api/import`) sent with
 * `XMLHttpRequest`, the one browser API that reports upload progress (`fetch` does not), so a
 * long import shows a real progress bar: the upload's share first, then the server's work.
 * The upload asks not to wait (`Prefer: respond-async`): the server answers 202 with the
 * import, followed at `GET /api/imports/{id}` until its report (issue 23 finding 2). Never
 * retried: an import is a write.
 */
import { sdk, type ApiClient } from "../client/api-client.ts";
import { newFileToken } from "../auth/tokens.ts";
import type { ImportRun } from "#shared/records/import-run.ts";

export type { ImportRun, ImportRunProgress } from "#shared/records/import-run.ts";

/** The address that downloads the account's export (a fresh file token in it). */
export async function exportDownloadUrl(api: ApiClient): Promise<string> {
  const token = await newFileToken(api);
  return sdk(api).buildURL(`/api/export?token=${encodeURIComponent(token)}`);
}

/** What the server answered: its status and its parsed JSON body (null when not JSON). */
export interface ImportResponse {
  status: number;
  body: unknown;
}

/** Options of {@link uploadImport}. */
export interface UploadOptions {
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

/**
 * Uploads an import with the client's session (PocketBase's `Authorization` header); resolves
 * with the server's answer whatever its status.
 */
export function uploadImport(api: ApiClient, options: UploadOptions): Promise<ImportResponse> {
  const pb = sdk(api);
  const url = pb.buildURL("/api/import");
  const token = pb.authStore.token;
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    if (token) request.setRequestHeader("Authorization", token);
    request.setRequestHeader("Prefer", "respond-async");
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

/** The import `id` as it is now (`GET /api/imports/{id}`). */
export function followImport(api: ApiClient, id: string): Promise<ImportRun> {
  return sdk(api).send<ImportRun>(`/api/imports/${encodeURIComponent(id)}`, {
    method: "GET",
    requestKey: null,
  });
}
