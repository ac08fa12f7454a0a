/**
 * The ways on from the blog and from a post (issue 25 items 2 and 8): the visible "Subscribe
 * (RSS)" link to the blog's feed, and the end of a post: previous and next post by publication
 * date (published and due posts only, as the loader read them), and back to the blog. Plain
 * links: reading pages load no script for them.
 */
import { Link } from "react-router";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { paths } from "../../lib/paths.ts";

/** A post next to another on the blog, as its link needs it. */
export interface NeighbourPost {
  title: string;
  slug: string;
  /** The author's username (the post's address). */
  username: string;
  /** The post's language, when set. */
  lang: string;
}

/** The blog's RSS feed, as the route names it (`feedPath` of `routes/feeds/feed-links.ts`). */
export interface FeedLink {
  href: string;
  /** Its media type (`application/rss+xml`). */
  type: string;
}

/** The visible link to the blog's RSS feed. */
export function SubscribeLink({ feed }: { feed: FeedLink }) {
  const { t } = useAppTranslation();
  return (
    <a
      href={feed.href}
      type={feed.type}
      className="font-medium text-amber-900 underline underline-offset-4 hover:decoration-2"
    >
      {t("listings:blog.subscribe")}
    </a>
  );
}

/** The end of a post: previous and next post, back to the blog, subscribe (feed or email). */
export function PostNavigation(props: {
  previous: NeighbourPost | null;
  next: NeighbourPost | null;
  feed: FeedLink;
}) {
  const { t } = useAppTranslation();
  const neighbour = (post: NeighbourPost, label: string, align: string) => (
    <Link
      to={paths.post(post.username, post.slug)}
      className={`block rounded border border-stone-200 bg-white p-3 hover:border-amber-800 ${align}`}
    >
      <span className="block text-sm text-stone-700">{label}</span>
      <span
        lang={post.lang || undefined}
        className="block font-serif font-semibold text-amber-900 underline underline-offset-4 [overflow-wrap:anywhere]"
      >
        {post.title}
      </span>
    </Link>
  );
  return (
    <nav aria-label={t("listings:post.nav")} className="mt-10 print:hidden">
      {(props.previous ?? props.next) && (
        <ul className="grid gap-3 sm:grid-cols-2">
          <li>{props.previous && neighbour(props.previous, t("listings:post.previous"), "")}</li>
          <li>{props.next && neighbour(props.next, t("listings:post.next"), "sm:text-right")}</li>
        </ul>
      )}
      <p className="mt-4 flex flex-wrap gap-x-6 gap-y-2">
        <Link
          to={paths.blog()}
          className="font-medium text-amber-900 underline underline-offset-4 hover:decoration-2"
        >
          {t("listings:post.backToBlog")}
        </Link>
        <SubscribeLink feed={props.feed} />
        <Link
          to={paths.blogSubscribe()}
          className="font-medium text-amber-900 underline underline-offset-4 hover:decoration-2"
        >
          {t("subscriptions:post.subscribe")}
        </Link>
      </p>
    </nav>
  );
}
