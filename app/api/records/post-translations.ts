/**
 * A post's linked translation (`posts.translations`, issue 29): the few fields its page needs
 * to point at it, as the reader may see it (the view rule: a draft translation is not found).
 */
import { sdk, type ApiClient } from "../client/api-client.ts";
import { failedWith } from "../client/api-errors.ts";
import type { PostRecord } from "./records.ts";

/** What a page needs of a translation. */
export type TranslationFields = Pick<
  PostRecord,
  "id" | "slug" | "title" | "lang" | "status" | "publishedAt" | "translations"
>;

const FIELDS = "id,slug,title,lang,status,publishedAt,translations";

/** The post `id` as the reader may see it, or null when they may not (or it is gone). */
export async function readTranslation(
  api: ApiClient,
  id: string,
): Promise<TranslationFields | null> {
  try {
    return await sdk(api)
      .collection("posts")
      .getOne<TranslationFields>(id, { fields: FIELDS, requestKey: null });
  } catch (error) {
    if (failedWith(error, 404)) return null;
    throw error;
  }
}

/** A post its author may link as a translation: what the editor's choice shows. */
export type TranslationCandidate = Pick<PostRecord, "id" | "title" | "lang" | "translations">;

/** Most posts offered as a translation (the author's latest edited). */
const MAX_CANDIDATES = 200;

/** The author's posts, latest edited first, that the editor offers as a translation. */
export async function translationCandidates(
  api: ApiClient,
  authorId: string,
): Promise<TranslationCandidate[]> {
  const pb = sdk(api);
  const list = await pb.collection("posts").getList<TranslationCandidate>(1, MAX_CANDIDATES, {
    filter: pb.filter('author = {:author} && lang != ""', { author: authorId }),
    sort: "-updated",
    fields: "id,title,lang,translations",
    skipTotal: true,
    requestKey: null,
  });
  return list.items;
}
