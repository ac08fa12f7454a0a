/**
 * Moves several of the signed-in person's entries into one collection (or out of any) in one
 * batch request: all move or none (issue 25, "move several entries into a collection at once").
 */
import { sdk, type ApiClient } from "../client/api-client.ts";

/** Sets the `collection` of each entry of `ids` to `collection` (`""`: none), all or none. */
export async function moveEntries(
  api: ApiClient,
  ids: readonly string[],
  collection: string,
): Promise<void> {
  if (ids.length === 0) return;
  const batch = sdk(api).createBatch();
  for (const id of ids) batch.collection("entries").update(id, { collection });
  await batch.send();
}
