/**
 * Which page a counted request shows (ADR 070), read from its path alone (the query is
 * ignored: `/blog?page=2` is the blog): a post's or an entry's reading page (its author's
 * username and its slug or name, resolved to the record when the views are written), one of
 * the site's own pages counted for its totals (home, blog, a profile), or a feed (whose
 * fetchers' subscriber reports are kept). A page's data (`/post/a/b.data`, what a client-side
 * navigation loads) is the page. Everything else is not counted.
 */

/** A counted page. */
export type CountedPage =
  | { kind: "record"; collection: "posts" | "entries"; username: string; key: string }
  | { kind: "page"; path: string; username: string | null }
  | { kind: "feed"; feed: string; username: string | null };

/** Longest path looked at. */
const MAX_PATH = 512;
const FEED_FILES = new Set(["rss.xml", "atom.xml", "feed.json"]);

function decode(segment: string): string | null {
  try {
    const value = decodeURIComponent(segment);
    return value && !value.includes("/") ? value : null;
  } catch {
    return null;
  }
}

/** The page a request's URL (path and query, as sent) shows, or null when it is not counted. */
export function countedPage(url: string): CountedPage | null {
  const end = url.indexOf("?");
  let path = end === -1 ? url : url.slice(0, end);
  if (path.length > MAX_PATH || !path.startsWith("/")) return null;
  if (path === "/_root.data") path = "/";
  else if (path.endsWith(".data")) path = path.slice(0, -5);
  if (path.length > 1 && path.endsWith("/")) path = path.slice(0, -1);
  if (path === "/" || path === "/blog") return { kind: "page", path, username: null };
  const parts = path.slice(1).split("/");
  const [first, second, third, fourth] = parts;
  if (first === "blog" && parts.length === 2 && second && FEED_FILES.has(second))
    return { kind: "feed", feed: path, username: null };
  if (first === "profile" && second) {
    const username = decode(second);
    if (!username) return null;
    if (parts.length === 2) return { kind: "page", path: `/profile/${username}`, username };
    if (parts.length === 3 && third && FEED_FILES.has(third))
      return { kind: "feed", feed: `/profile/${username}/${third}`, username };
    return null;
  }
  if (first === "collection" && parts.length === 4 && second && third && fourth) {
    const username = decode(second);
    if (!username || !FEED_FILES.has(fourth)) return null;
    return { kind: "feed", feed: path, username };
  }
  if ((first === "post" || first === "entry") && parts.length === 3 && second && third) {
    const username = decode(second);
    const key = decode(third);
    if (!username || !key) return null;
    return { kind: "record", collection: first === "post" ? "posts" : "entries", username, key };
  }
  return null;
}

/** A counted page's identity within a batch (`posts alice my-post`, `page /blog`). */
export function pageIdentity(page: CountedPage): string {
  switch (page.kind) {
    case "record":
      return `${page.collection}\n${page.username}\n${page.key}`;
    case "page":
      return `page\n${page.path}`;
    case "feed":
      return `feed\n${page.feed}`;
  }
}
