/**
 * The site the budget and Lighthouse tests read: the built app (`npm run build`, made by
 * Vitest's global setup when stale) served by a real server process on a fresh database of
 * the first engine of `DIALECTS`, filled with the demo content (`cahier seed`), and the
 * pages they measure: home, blog, a post and login.
 */
import { runCli, startServer, type ServerProcess } from "../helpers/server-process.ts";
import { DIALECTS } from "../helpers/test-app.ts";

/** The pages with a budget (the names of `pages.json`). */
export const PAGE_NAMES = ["home", "blog", "post", "login"] as const;

/** One of {@link PAGE_NAMES}. */
export type PageName = (typeof PAGE_NAMES)[number];

/** A started, seeded server and the path of each measured page. */
export interface BudgetSite {
  server: ServerProcess;
  pages: Record<PageName, string>;
}

/** The longest published post of the demo content, as a reader's path. */
async function longestPostPath(url: string): Promise<string> {
  const response = await fetch(
    `${url}/api/collections/posts/records?perPage=200&expand=author&fields=slug,content,expand.author.username`,
  );
  if (!response.ok) throw new Error(`listing posts answered ${String(response.status)}`);
  const { items } = (await response.json()) as {
    items: { slug: string; content: string; expand?: { author?: { username: string } } }[];
  };
  const post = items.toSorted((a, b) => b.content.length - a.content.length)[0];
  const username = post?.expand?.author?.username;
  if (!post || !username) throw new Error("the demo content has no public post");
  return `/post/${encodeURIComponent(username)}/${encodeURIComponent(post.slug)}`;
}

/** Starts the server, seeds it and finds the pages; call `server.cleanup()` when done. */
export async function startBudgetSite(extraEnv: Record<string, string> = {}): Promise<BudgetSite> {
  const server = await startServer(DIALECTS[0] ?? "sqlite", extraEnv);
  try {
    const seeded = await runCli(server.env, ["seed"]);
    if (seeded.code !== 0) throw new Error(`seed failed:\n${seeded.stdout}${seeded.stderr}`);
    const post = await longestPostPath(server.url);
    return { server, pages: { home: "/", blog: "/blog", post, login: "/login" } };
  } catch (error) {
    await server.cleanup();
    throw error;
  }
}
