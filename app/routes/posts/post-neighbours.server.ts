/**
 * The posts before and after a post on the blog (issue 25 item 2): the blog's order
 * (publication date, then creation, then id), among published and due posts only, read through
 * the reader's API client, so the API's rules apply too.
 */
import { PUBLISHED_FILTER, type PostRecord } from "../../api/records/records.ts";
import { filterExpression, listRecords } from "../../api/records/record-reads.ts";
import type { ApiClient } from "../../api/client/api-client.ts";
import type { NeighbourPost } from "../../features/reading/blog-ways.tsx";
import { oneWorkPerLanguageFilter } from "#shared/records/post-state.ts";
import type { Locale } from "#shared/i18n/locales.ts";

/** The post whose neighbours are read: its place in the blog's order and its translation. */
type Placed = Pick<PostRecord, "id" | "publishedAt" | "created" | "translations">;

/** What a neighbour's link needs, and nothing more (the text stays on the server). */
const NEIGHBOUR_FIELDS = "title,slug,lang,expand.author.username";

/** The post published just before `post` (`"previous"`) or just after it (`"next"`). */
async function neighbour(
  api: ApiClient,
  post: Placed,
  side: "previous" | "next",
  lang: Locale,
): Promise<NeighbourPost | null> {
  const [op, dir] = side === "previous" ? ["<", "-"] : [">", ""];
  const beyond = filterExpression(
    api,
    `publishedAt ${op} {:at} || (publishedAt = {:at} && (created ${op} {:created} || (created = {:created} && id ${op} {:id})))`,
    { at: post.publishedAt, created: post.created, id: post.id },
  );
  const list = await listRecords<PostRecord>(api, "posts", 1, 1, {
    // Each work once, in the reader's language, and never the post's own translation.
    filter: `(${PUBLISHED_FILTER}) && ${oneWorkPerLanguageFilter(lang)} && (${beyond})${
      post.translations
        ? ` && ${filterExpression(api, "id != {:other}", { other: post.translations })}`
        : ""
    }`,
    sort: `${dir}publishedAt,${dir}created,${dir}id`,
    expand: "author",
    fields: NEIGHBOUR_FIELDS,
    skipTotal: true,
  });
  const found = list.items[0];
  const username = found?.expand?.author?.username;
  if (!found || !username) return null;
  return { title: found.title, slug: found.slug, username, lang: found.lang };
}

/** The previous and next post of a live post. */
export async function postNeighbours(
  api: ApiClient,
  post: Placed,
  lang: Locale,
): Promise<{ previous: NeighbourPost | null; next: NeighbourPost | null }> {
  const [previous, next] = await Promise.all([
    neighbour(api, post, "previous", lang),
    neighbour(api, post, "next", lang),
  ]);
  return { previous, next };
}
