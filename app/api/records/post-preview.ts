/**
 * A post's private preview link (issue 25): make one (a new secret, the old link stops),
 * stop it, and read the post a secret names (`/api/posts/{id}/preview`, `/api/posts/preview`).
 */
import { sdk, type ApiClient } from "../client/api-client.ts";
import type { PostRecord } from "./records.ts";

/** A new secret for the post `id`: its preview link is `?preview=<secret>` on its page. */
export async function makePreviewLink(api: ApiClient, id: string): Promise<string> {
  const answer = await sdk(api).send<{ previewToken: string }>(
    `/api/posts/${encodeURIComponent(id)}/preview`,
    { method: "POST", requestKey: null },
  );
  return answer.previewToken;
}

/** Stops the post's preview link. */
export async function stopPreviewLink(api: ApiClient, id: string): Promise<void> {
  await sdk(api).send(`/api/posts/${encodeURIComponent(id)}/preview`, {
    method: "DELETE",
    requestKey: null,
  });
}

/** The post a preview secret names, with its author. */
export function readPreview(api: ApiClient, token: string): Promise<PostRecord> {
  return sdk(api).send<PostRecord>("/api/posts/preview", { query: { token }, requestKey: null });
}
