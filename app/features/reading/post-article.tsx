/**
 * A post's page (`/post/{username}/{title}`, the route loads it): cover, title, date, reading
 * time, excerpt, the Markdown body (rendered by the loader), tags and an author card; its
 * author also sees its state (a draft, a scheduled post), Edit and Delete. Kept live while
 * open: a change elsewhere shows at once; once deleted or unpublished, it says so.
 */
import { Link } from "react-router";
import { Clock } from "lucide-react";
import { Markdown } from "../../components/records/markdown.tsx";
import { Avatar } from "../../components/ui/avatar.tsx";
import { FormattedDate } from "../../components/ui/formatted-date.tsx";
import { useSession } from "../../components/session-provider.tsx";
import type { PostRecord } from "../../api/records/records.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { files, paths } from "../../lib/paths.ts";
import { LiveRecordFrame, RecordFooter, RecordHeader } from "./record-page.tsx";

/** The cover's size in the page and in link previews (one of the field's thumbnails). */
export const COVER = { width: 1200, height: 630 } as const;

/** The address of a thumbnail of the post's cover. */
export function coverPath(post: Pick<PostRecord, "id" | "cover">, thumb: string): string {
  return files.cover(post, thumb);
}

/** What the page shows of the post (its text as the loader's HTML). */
export interface PostArticleProps {
  post: Pick<
    PostRecord,
    | "id"
    | "author"
    | "slug"
    | "title"
    | "excerpt"
    | "cover"
    | "tags"
    | "publishedAt"
    | "lang"
    | "expand"
  >;
  /** The post's Markdown, rendered on the server. */
  html: string;
  /** The author's username as stored. */
  username: string;
  /** Published and due: every reader sees it. */
  live: boolean;
  /** Published with a date still to come. */
  scheduled: boolean;
  /** Reading time. */
  minutes: number;
  /** The interface language (the scheduled date's format). */
  locale: string;
}

/** The post, kept live. */
export function PostArticle(props: PostArticleProps) {
  const { t } = useAppTranslation();
  const { user } = useSession();
  const { post, username, live, scheduled, minutes } = props;
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
                    date: `${new Intl.DateTimeFormat(props.locale, {
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
          <Markdown html={props.html} lang={post.lang} />
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
