/**
 * `/post/{username}/{title}`: one post (published and due, or the author's own draft or
 * scheduled post; else the 404 page), server-rendered and complete without JavaScript: cover,
 * title, date, reading time, excerpt, the Markdown body, tags and an author card, with the
 * title, description, canonical link and Open Graph/Twitter tags a shared link needs. Its
 * author also sees its state, Edit and Delete. The page stays live while open (a change
 * elsewhere shows at once; once deleted or unpublished, it says so).
 */
import { Link } from "react-router";
import { Clock } from "lucide-react";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import type { Route } from "./+types/post";
import { Avatar } from "../../components/ui/avatar.tsx";
import { FormattedDate } from "../../components/ui/formatted-date.tsx";
import { useSession } from "../../components/session-provider.tsx";
import { excerpt, readingMinutes } from "#shared/markdown/plain-text.ts";
import { Markdown } from "../../components/records/markdown.tsx";
import {
  LiveRecordFrame,
  RecordFooter,
  RecordHeader,
} from "../../components/records/record-page.tsx";
import { postState } from "#shared/records/post-state.ts";
import { pageMeta } from "../../lib/routes/meta.ts";
import { type PostRecord } from "../../api/records/records.ts";
import { findPost } from "../../api/records/record-pages.ts";
import { markdownHtml } from "../../lib/routes/markdown.server.ts";
import { routeContext, readNamedOr404, appName } from "../../lib/routes/route-data.ts";
import { absoluteUrl, siteOrigin } from "../../lib/routes/site-url.ts";
import { isoDate, socialMeta } from "../../lib/routes/social-meta.ts";
import { files, paths } from "../../lib/paths.ts";
import type { IntentHandle } from "../../lib/document/hydrate-on-intent.ts";

/** The cover's size in the page and in link previews (one of the field's thumbnails). */
const COVER = { width: 1200, height: 630 } as const;

function coverPath(post: Pick<PostRecord, "id" | "cover">, thumb: string): string {
  return files.cover(post, thumb);
}

/** A reading page: a guest's hydrates on intent (ADR 050). */
export const handle: IntentHandle = { hydrateOnIntent: true };

/** Title, description, canonical link, Open Graph and Twitter tags; drafts are not indexed. */
export function meta({ loaderData, matches }: Route.MetaArgs) {
  const base = pageMeta({ loaderData: { title: loaderData.title }, matches });
  const { post, canonical, authorUrl, siteName, description, coverUrl, live } = loaderData;
  return [
    ...base,
    ...socialMeta({
      title: post.title,
      description,
      url: canonical,
      siteName,
      type: "article",
      locale: post.lang || loaderData.locale,
      image: coverUrl ? { url: coverUrl, ...COVER } : undefined,
      publishedTime: isoDate(post.publishedAt),
      modifiedTime: isoDate(post.updated),
      author: authorUrl,
      tags: post.tags,
      noindex: !live,
    }),
  ];
}

/** The post, through the API's view rule. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { api, locale } = routeContext(context);
  const origin = siteOrigin(context, request);
  const url = new URL(request.url);
  // Another spelling of the username redirects: one address per post (ADR 037).
  const post = await readNamedOr404(context, url, params.username, 2, (username) =>
    findPost(api, username, params.title),
  );
  const username = post.expand?.author?.username ?? params.username;
  const state = postState(post, Date.now());
  // The text travels as the server's HTML (ADR 050); the author's biography as an excerpt.
  const { content, ...shown } = post;
  const author = post.expand?.author;
  return {
    title: post.title,
    description: post.excerpt ? excerpt(post.excerpt, 200) : excerpt(content, 160),
    post: {
      ...shown,
      expand: author ? { author: { ...author, bio: excerpt(author.bio, 200) } } : undefined,
    },
    html: markdownHtml(context, content, post.lang),
    username,
    live: state === "live",
    scheduled: state === "scheduled",
    minutes: readingMinutes(`${post.excerpt}\n\n${content}`),
    locale,
    siteName: appName(context),
    canonical: absoluteUrl(origin, paths.post(username, post.slug)),
    authorUrl: absoluteUrl(origin, paths.profile(username)),
    coverUrl: post.cover
      ? absoluteUrl(origin, coverPath(post, `${COVER.width}x${COVER.height}`))
      : "",
  };
}

/** The post page, kept live: changes elsewhere show here; an unpublished post says so. */
export default function Post({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  const { user } = useSession();
  const { post, username, live, scheduled, minutes } = loaderData;
  const author = post.expand?.author;
  const isAuthor = user?.id === post.author;
  const authorName = author ? author.name || author.username : username;
  const profile = paths.profile(username);
  return (
    <LiveRecordFrame kind="post" recordId={post.id}>
      {(status) => (
        <article className="mx-auto max-w-prose">
          {isAuthor && !live && (
            <p
              role="note"
              data-testid="post-state"
              className="mb-6 rounded border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950"
            >
              {scheduled
                ? t("editor:post.scheduledNotice", {
                    // UTC on the server and in the browser alike, and said so.
                    date: `${new Intl.DateTimeFormat(loaderData.locale, {
                      dateStyle: "long",
                      timeStyle: "short",
                      timeZone: "UTC",
                    }).format(new Date(post.publishedAt.replace(" ", "T")))} UTC`,
                  })
                : t("editor:post.draftNotice")}
            </p>
          )}
          {post.cover && (
            <img
              src={coverPath(post, `${COVER.width}x${COVER.height}`)}
              srcSet={`${coverPath(post, "600x315")} 600w, ${coverPath(post, `${COVER.width}x${COVER.height}`)} 1200w`}
              sizes="(min-width: 768px) 65ch, 100vw"
              alt=""
              width={COVER.width}
              height={COVER.height}
              fetchPriority="high"
              className="mb-6 h-auto w-full rounded object-cover"
            />
          )}
          <RecordHeader
            title={post.title}
            lang={post.lang}
            live={status}
            state={scheduled ? "scheduled" : live ? undefined : "draft"}
            details={
              <>
                {post.publishedAt ? (
                  <FormattedDate value={post.publishedAt} />
                ) : (
                  <span>{t("records:post.draft")}</span>
                )}
                <span aria-hidden>·</span>
                <span className="inline-flex items-center gap-1">
                  <Clock aria-hidden size={14} />
                  {t("editor:post.readingTime", { count: minutes })}
                </span>
                <span aria-hidden>·</span>
                <Link to={profile} className="underline underline-offset-4">
                  {t("records:meta.by", { name: authorName })}
                </Link>
              </>
            }
          >
            {post.excerpt && (
              <p lang={post.lang || undefined} className="mt-4 text-lg text-stone-800">
                {post.excerpt}
              </p>
            )}
          </RecordHeader>
          <Markdown html={loaderData.html} lang={post.lang} />
          <RecordFooter
            kind="post"
            recordId={post.id}
            authorId={post.author}
            username={username}
            urlKey={post.slug}
            title={post.title}
            tags={post.tags}
            tagHref={paths.blogTag}
            isAuthor={isAuthor}
          />
          <aside
            aria-labelledby="post-author"
            className="mt-10 flex gap-4 rounded border border-stone-200 bg-white p-4"
          >
            {author && <Avatar user={author} size="large" />}
            <div className="min-w-0">
              <h2
                id="post-author"
                className="text-sm font-semibold tracking-wide text-stone-600 uppercase"
              >
                {t("editor:post.aboutAuthor")}
              </h2>
              <p className="font-serif text-lg font-semibold">{authorName}</p>
              {author?.bio && <p className="mt-1 text-stone-700">{author.bio}</p>}
              <Link to={profile} className="mt-2 inline-block underline underline-offset-4">
                {t("editor:post.authorProfile", { name: authorName })}
              </Link>
            </div>
          </aside>
        </article>
      )}
    </LiveRecordFrame>
  );
}
