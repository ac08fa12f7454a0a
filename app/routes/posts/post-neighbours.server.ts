/**
 * The posts before and after a post on the blog (issue 25 item 2): the blog's order
 * (publication date, then creation, then id), among published and due posts only, read through
 * the reader's API client, so the API's rules apply too.
 */
import { PUBLISHED_FILTER, type PostRecord } from "../../api/records/records.ts";
import { filterExpression, listRecords } from "../../api/records/record-reads.ts";
import type { ApiClient } from "../../api/client/api-client.ts";
import type { NeighbourPost } from "../../features/reading/blog-ways.tsx";

/** What a neighbour's link needs, and nothing more (the text stays on the server). */
const NEIGHBOUR_FIELDS = "title,slug,lang,expand.author.username";

/** The post published just before `post` (`"previous"`) or just after it (`"next"`). */
async function neighbour(
  api: ApiClient,
  post: Pick<PostRecord, "id" | "publishedAt" | "created">,
  side: "previous" | "next",
): Promise<NeighbourPost | null> {
  const [op, dir] = side === "previous" ? ["<", "-"] : [">", ""];
  const beyond = filterExpression(
    api,
    `publishedAt ${op} {:at} || (publishedAt = {:at} && (created ${op} {:created} || (created = {:created} && id ${op} {:id})))`,
    { at: post.publishedAt, created: post.created, id: post.id },
  );
  const list = await listRecords<PostRecord>(api, "posts", 1, 1, {
    filter: `(${PUBLISHED_FILTER}) && (${beyond})`,
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
  post: Pick<PostRecord, "id" | "publishedAt" | "created">,
): Promise<{ previous: NeighbourPost | null; next: NeighbourPost | null }> {
  const [previous, next] = await Promise.all([
    neighbour(api, post, "previous"),
    neighbour(api, post, "next"),
  ]);
  return { previous, next };
}
