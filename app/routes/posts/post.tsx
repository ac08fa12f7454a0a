/**
 * `/post/{username}/{title}`: one post (published and due, or the author's own draft or
 * scheduled post; else the 404 page), server-rendered and complete without JavaScript: cover,
 * title, date, reading time, excerpt, the Markdown body, tags and an author card, with the
 * title, description, canonical link and Open Graph/Twitter tags a shared link needs, and the
 * blog's feeds. Under a live post, its likes and boosts from the fediverse (issue 27) and its
 * comments. Then the way on: previous and next post, back to the blog, subscribe. Its
 * author also sees its state, Edit and Delete. The page stays live while open (a change
 * elsewhere shows at once; once deleted or unpublished, it says so).
 */
import { data, redirect } from "react-router";
import type { Route } from "./+types/post";
import { excerpt, readingMinutes } from "#shared/markdown/plain-text.ts";
import { COVER, coverPath, PostArticle } from "../../features/reading/post-article.tsx";
import { postState } from "#shared/records/post-state.ts";
import { pageMeta } from "../../lib/routes/meta.ts";
import { findPost } from "../../api/records/record-pages.ts";
import { readPreview } from "../../api/records/post-preview.ts";
import type { PostRecord } from "../../api/records/records.ts";
import { failedWith } from "../../api/client/api-errors.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { markdownHtml } from "../../lib/routes/markdown.server.ts";
import {
  routeContext,
  readNamedOr404,
  appName,
  respelledPath,
} from "../../lib/routes/route-data.ts";
import { absoluteUrl, siteOrigin } from "../../lib/routes/site-url.ts";
import { isoDate, socialMeta } from "../../lib/routes/social-meta.ts";
import { socialImageUrl } from "../../lib/routes/site-identity.server.ts";
import { SOCIAL_IMAGE_SIZE } from "#shared/site/site-files.ts";
import { paths } from "../../lib/paths.ts";
import type { IntentHandle } from "../../lib/document/hydrate-on-intent.ts";
import { PostNavigation } from "../../features/reading/blog-ways.tsx";
import { ShareLinks } from "../../features/reading/share-links.tsx";
import { blogFeedLinks, BLOG_FEED_BASE, FEED_MEDIA_TYPES, feedPath } from "../feeds/feed-links.ts";
import { postNeighbours } from "./post-neighbours.server.ts";
import { pageTranslation, translationAlternates } from "./post-translation.server.ts";
import { loadCommentSection } from "../../features/comments/comment-data.server.ts";
import { CommentSection } from "../../features/comments/comment-section.tsx";
import { postReactions } from "../../api/fediverse/fediverse.ts";
import { FediverseReactions } from "../../features/fediverse/fediverse-reactions.tsx";

/** A comment written, changed or deleted under the post (ADR 065). */
export { commentAction as action } from "../../features/comments/comment-action.server.ts";

/** The blog's RSS feed, linked at the end of the post. */
const BLOG_RSS = { href: feedPath(BLOG_FEED_BASE, "rss"), type: FEED_MEDIA_TYPES.rss };

/** A reading page: a guest's hydrates on intent (ADR 050). */
export const handle: IntentHandle = { hydrateOnIntent: true };

/**
 * Title, description, canonical link, Open Graph and Twitter tags; drafts are not indexed.
 * The blog's feeds, as `/blog` announces them (issue 25 item 8).
 */
export function meta({ loaderData, matches }: Route.MetaArgs) {
  const base = pageMeta({ loaderData: { title: loaderData.title }, matches });
  const { post, canonical, authorUrl, siteName, description, coverUrl, socialImage, live } =
    loaderData;
  return [
    ...base,
    ...socialMeta({
      title: loaderData.title,
      description,
      url: canonical,
      siteName,
      type: "article",
      locale: post.lang || loaderData.locale,
      image: coverUrl
        ? { url: coverUrl, ...COVER }
        : socialImage
          ? { url: socialImage, ...SOCIAL_IMAGE_SIZE }
          : undefined,
      publishedTime: isoDate(post.publishedAt),
      modifiedTime: isoDate(post.updated),
      author: authorUrl,
      tags: post.tags,
      noindex: !live,
    }),
    ...blogFeedLinks({ matches }),
    ...loaderData.alternates,
    // Who wrote it on the fediverse (ADR 071): Mastodon credits the author of a shared link.
    { name: "fediverse:creator", content: loaderData.creator },
  ];
}

/** The response headers of a preview: kept by nobody. */
const NO_STORE = { "Cache-Control": "private, no-store" };

/** A preview's `Cache-Control` (other post pages send the server's). */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const cacheControl = loaderHeaders.get("Cache-Control");
  return cacheControl ? { "Cache-Control": cacheControl } : {};
}

/**
 * The post of the URL's `?preview=` secret, when it names this very post (its author and
 * slug); null without one, or for a secret that names nothing or another post.
 */
async function previewOf(
  api: Parameters<typeof readPreview>[0],
  url: URL,
  username: string,
  slug: string,
): Promise<PostRecord | null> {
  const token = url.searchParams.get("preview");
  if (!token) return null;
  try {
    const post = await readPreview(api, token);
    const author = post.expand?.author?.username ?? "";
    return post.slug === slug && author.toLowerCase() === username.toLowerCase() ? post : null;
  } catch (error) {
    if (failedWith(error, 400, 404)) return null;
    throw error;
  }
}

/** The post, through the API's view rule. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { api, locale } = routeContext(context);
  const origin = siteOrigin(context, request);
  const url = new URL(request.url);
  // A private preview link shows its post, a draft included, to whoever has it (issue 25).
  const previewed = await previewOf(api, url, params.username, params.title);
  // Another spelling of the username redirects: one address per post (ADR 037).
  const post =
    previewed ??
    (await readNamedOr404(context, url, params.username, 2, (username) =>
      findPost(api, username, params.title),
    ));
  // A former address of the post (its slug changed): one address per post.
  if (post.slug !== params.title) throw redirect(respelledPath(url, 3, post.slug), 301);
  const username = post.expand?.author?.username ?? params.username;
  const state = postState(post, Date.now());
  // The text travels as the server's HTML (ADR 050); the author's biography as an excerpt.
  const { content, ...shown } = post;
  const author = post.expand?.author;
  // Previous and next on the blog: only around a post every reader sees.
  const neighbours =
    state === "live" ? await postNeighbours(api, post, locale) : { previous: null, next: null };
  // The same post in the other language, when every reader sees both (issue 29).
  const translation =
    state === "live" && !previewed ? await pageTranslation(api, post, username, origin) : null;
  // Comments live under a post every reader sees (ADR 065).
  const comments =
    state === "live"
      ? await loadCommentSection(context, request, {
          id: post.id,
          collection: "posts",
          author: post.author,
          comments: post.comments ?? "",
          published: post.publishedAt,
        })
      : null;
  // Likes and boosts from the fediverse: only a live post has any readers see.
  const reactions = state === "live" ? await postReactions(api, post.id) : null;
  const pageUrl = absoluteUrl(origin, paths.post(username, post.slug));
  const page = {
    // What search engines and social cards show, when the writer set it (issue 25).
    title: post.seoTitle || post.title,
    description:
      post.seoDescription || (post.excerpt ? excerpt(post.excerpt, 200) : excerpt(content, 160)),
    post: {
      ...shown,
      expand: author ? { author: { ...author, bio: excerpt(author.bio, 200) } } : undefined,
    },
    html: markdownHtml(context, content, post.lang),
    username,
    live: state === "live",
    ...neighbours,
    translation,
    alternates: translationAlternates({ lang: post.lang, canonical: pageUrl }, translation),
    comments,
    reactions,
    scheduled: state === "scheduled",
    minutes: readingMinutes(`${post.excerpt}\n\n${content}`),
    locale,
    siteName: appName(context),
    canonical: pageUrl,
    authorUrl: absoluteUrl(origin, paths.profile(username)),
    creator: `@${username}@${new URL(origin).host}`,
    coverUrl: post.cover
      ? absoluteUrl(origin, coverPath(post, `${COVER.width}x${COVER.height}`))
      : "",
    // Without a cover, link previews show the site's social image (ADR 069).
    socialImage: post.cover ? "" : socialImageUrl(context, origin),
    preview: previewed !== null,
  };
  // A preview is never kept, by the page cache or anyone else: its link may be stopped.
  return data(page, previewed ? { headers: NO_STORE } : undefined);
}

/** The post page, kept live: changes elsewhere show here; an unpublished post says so. */
export default function Post({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  return (
    <>
      {loaderData.preview && (
        <p
          role="note"
          data-testid="preview-note"
          className="mx-auto mb-6 max-w-prose rounded border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950"
        >
          {t("editor:preview.note")}
        </p>
      )}
      {loaderData.translation && (
        <p className="mx-auto mb-6 max-w-prose">
          <a
            href={loaderData.translation.path}
            hrefLang={loaderData.translation.lang}
            lang={loaderData.translation.lang}
            rel="alternate"
            className="text-link font-medium underline underline-offset-2"
          >
            {loaderData.translation.label}
          </a>
        </p>
      )}
      <PostArticle
        post={loaderData.post}
        html={loaderData.html}
        username={loaderData.username}
        live={loaderData.live}
        scheduled={loaderData.scheduled}
        minutes={loaderData.minutes}
        locale={loaderData.locale}
      />
      {loaderData.live && (
        <div className="mx-auto max-w-prose">
          <ShareLinks url={loaderData.canonical} title={loaderData.post.title} />
          {loaderData.reactions && <FediverseReactions counts={loaderData.reactions} />}
        </div>
      )}
      {loaderData.comments && <CommentSection data={loaderData.comments} refused={actionData} />}
      <div className="mx-auto max-w-prose">
        <PostNavigation previous={loaderData.previous} next={loaderData.next} feed={BLOG_RSS} />
      </div>
    </>
  );
}
