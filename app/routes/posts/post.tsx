/**
 * `/post/{username}/{title}`: one post (published and due, or the author's own draft or
 * scheduled post; else the 404 page), server-rendered and complete without JavaScript: cover,
 * title, date, reading time, excerpt, the Markdown body, tags and an author card, with the
 * title, description, canonical link and Open Graph/Twitter tags a shared link needs. Its
 * author also sees its state, Edit and Delete.
 */
import { Link } from "react-router";
import { Clock, PenLine } from "lucide-react";
import { useAppTranslation } from "../../lib/i18n.ts";
import type { Route } from "./+types/post";
import { Avatar } from "../../components/ui/avatar.tsx";
import { ButtonLink } from "../../components/ui/button-link.tsx";
import { FormattedDate } from "../../components/ui/formatted-date.tsx";
import { useSession } from "../../components/session-provider.tsx";
import { excerpt, readingMinutes } from "#shared/markdown/plain-text.ts";
import { DeleteRecord } from "../../features/editor/delete-record.tsx";
import { MarkdownPreview } from "../../features/editor/markdown-preview.tsx";
import { pageMeta } from "../../lib/meta.ts";
import { findPost, type PostRecord } from "../../lib/records.ts";
import { findOr404, routeContext } from "../../lib/route-data.ts";
import { absoluteUrl } from "../../lib/site-url.server.ts";
import { isoDate, socialMeta } from "../../lib/social-meta.ts";

/** The cover's size in the page and in link previews (one of the field's thumbnails). */
const COVER = { width: 1200, height: 630 } as const;

function coverPath(post: PostRecord, thumb: string): string {
  return `/api/files/posts/${encodeURIComponent(post.id)}/${encodeURIComponent(post.cover)}?thumb=${thumb}`;
}

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
  const { pb, t, locale } = routeContext(context);
  const post = await findOr404(context, new URL(request.url), () =>
    findPost(pb, params.username, params.title),
  );
  const username = post.expand?.author?.username ?? params.username;
  const published = post.publishedAt ? Date.parse(post.publishedAt.replace(" ", "T")) : NaN;
  const live = post.status === "published" && published <= Date.now();
  return {
    title: post.title,
    description: post.excerpt ? excerpt(post.excerpt, 200) : excerpt(post.content, 160),
    post,
    username,
    live,
    scheduled: post.status === "published" && !live,
    minutes: readingMinutes(`${post.excerpt}\n\n${post.content}`),
    locale,
    siteName: t("common:app.name"),
    canonical: absoluteUrl(
      request,
      `/post/${encodeURIComponent(username)}/${encodeURIComponent(post.slug)}`,
    ),
    authorUrl: absoluteUrl(request, `/profile/${encodeURIComponent(username)}`),
    coverUrl: post.cover
      ? absoluteUrl(request, coverPath(post, `${COVER.width}x${COVER.height}`))
      : "",
  };
}

/** The post page. */
export default function Post({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  const { user } = useSession();
  const { post, username, live, scheduled, minutes } = loaderData;
  const author = post.expand?.author;
  const isAuthor = user?.id === post.author;
  const authorName = author ? author.name || author.username : username;
  const profile = `/profile/${encodeURIComponent(username)}`;
  return (
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
      <header className="mb-6">
        <h1
          lang={post.lang || undefined}
          className="font-serif text-3xl font-bold break-words sm:text-4xl"
        >
          {post.title}
        </h1>
        <p className="mt-2 flex flex-wrap items-center gap-x-2 text-stone-700">
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
        </p>
        {post.excerpt && (
          <p lang={post.lang || undefined} className="mt-4 text-lg text-stone-800">
            {post.excerpt}
          </p>
        )}
      </header>
      <MarkdownPreview text={post.content} lang={post.lang} />
      {post.tags.length > 0 && (
        <ul aria-label={t("records:meta.tags")} className="mt-8 flex flex-wrap gap-2">
          {post.tags.map((tag) => (
            <li key={tag}>
              <Link
                to={`/blog?tag=${encodeURIComponent(tag)}`}
                className="rounded-full bg-stone-200 px-3 py-0.5 text-sm text-stone-800 hover:bg-stone-300"
              >
                {tag}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {isAuthor && (
        <div className="mt-8 flex flex-wrap gap-3">
          <ButtonLink
            to={`/post/update/${encodeURIComponent(username)}/${encodeURIComponent(post.slug)}`}
            variant="secondary"
          >
            <PenLine aria-hidden size={16} />
            {t("editor:post.edit")}
          </ButtonLink>
          <DeleteRecord
            collection="posts"
            recordId={post.id}
            authorId={post.author}
            title={post.title}
            redirectTo="/blog"
          />
        </div>
      )}
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
          {author?.bio && <p className="mt-1 text-stone-700">{excerpt(author.bio, 200)}</p>}
          <Link to={profile} className="mt-2 inline-block underline underline-offset-4">
            {t("editor:post.authorProfile", { name: authorName })}
          </Link>
        </div>
      </aside>
    </article>
  );
}
