/**
 * The blog's tags (`GET /api/posts/tags`, issue 25): every tag of the posts readers can see,
 * with how many posts carry it, most used first. The answer is the same for everyone.
 */
import { sdk, type ApiClient } from "../client/api-client.ts";

/** One tag and its number of live posts. */
export interface TagCount {
  tag: string;
  count: number;
}

/** The live posts' tags, most used first. */
export async function postTags(api: ApiClient): Promise<TagCount[]> {
  const answer = await sdk(api).send<{ items: TagCount[] }>("/api/posts/tags", {
    requestKey: null,
  });
  return answer.items;
}
