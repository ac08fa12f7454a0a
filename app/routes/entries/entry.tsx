/**
 * `/entry/{username}/{name}`: one entry, if the visitor may read it (else the 404 page):
 * its Markdown rendered on the server, date, author, collection, tags and attachments; for
 * its author also the visibility, Edit and Delete. Unlisted and private entries are kept out
 * of search engines. The page stays live while open (a change elsewhere shows at once; once
 * deleted or no longer shared, it says so).
 */
import type { Route } from "./+types/entry";
import { excerpt } from "#shared/markdown/plain-text.ts";
import { EntryArticle } from "../../features/reading/entry-article.tsx";
import { pageMeta } from "../../lib/routes/meta.ts";
import { findEntry } from "../../api/records/record-pages.ts";
import { markdownHtml } from "../../lib/routes/markdown.server.ts";
import { routeContext, readNamedOr404 } from "../../lib/routes/route-data.ts";
import { absoluteUrl, siteOrigin } from "../../lib/routes/site-url.ts";
import { isoDate, socialMeta } from "../../lib/routes/social-meta.ts";
import { socialImageUrl } from "../../lib/routes/site-identity.server.ts";
import { SOCIAL_IMAGE_SIZE } from "#shared/site/site-files.ts";
import { paths } from "../../lib/paths.ts";
import type { IntentHandle } from "../../lib/document/hydrate-on-intent.ts";
import { newFileToken } from "../../api/auth/tokens.ts";
import { loadCommentSection } from "../../features/comments/comment-data.server.ts";
import { CommentSection } from "../../features/comments/comment-section.tsx";

/** A comment written, changed or deleted under the entry (ADR 065). */
export { commentAction as action } from "../../features/comments/comment-action.server.ts";

/** A reading page: a guest's hydrates on intent (ADR 050). */
export const handle: IntentHandle = { hydrateOnIntent: true };

/** Title, description, canonical link and Open Graph tags; hidden from search unless public. */
export function meta({ loaderData, matches }: Route.MetaArgs) {
  const base = pageMeta({ loaderData: { title: loaderData.title }, matches });
  const { entry, canonical, authorUrl, siteName, locale, description, socialImage } = loaderData;
  return [
    ...base,
    ...socialMeta({
      title: entry.title,
      description,
      url: canonical,
      siteName,
      type: "article",
      locale,
      image: socialImage ? { url: socialImage, ...SOCIAL_IMAGE_SIZE } : undefined,
      publishedTime: isoDate(entry.date || entry.created),
      modifiedTime: isoDate(entry.updated),
      author: authorUrl,
      tags: entry.tags,
      noindex: entry.visibility !== "public",
    }),
  ];
}

/** The entry through the API's view rule, and a file token when its files need one. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { api, t, locale } = routeContext(context);
  const origin = siteOrigin(context, request);
  const url = new URL(request.url);
  // Another spelling of the username redirects: one address per entry (ADR 037).
  const entry = await readNamedOr404(context, url, params.username, 2, (username) =>
    findEntry(api, username, params.name),
  );
  const username = entry.expand?.author?.username ?? params.username;
  // Protected files of a private entry reach only its author, through a short-lived token.
  const fileToken =
    entry.visibility === "private" && entry.attachments.length > 0 ? await newFileToken(api) : "";
  // The text travels as the server's HTML (ADR 050).
  const { content, ...shown } = entry;
  // Comments live under a public entry only (ADR 065).
  const comments =
    entry.visibility === "public"
      ? await loadCommentSection(context, request, {
          id: entry.id,
          collection: "entries",
          author: entry.author,
          comments: entry.comments ?? "",
          published: entry.date || entry.created,
        })
      : null;
  return {
    comments,
    title: entry.title,
    description: excerpt(content, 160),
    entry: shown,
    html: markdownHtml(context, content),
    username,
    fileToken,
    locale,
    siteName: t("common:app.name"),
    canonical: absoluteUrl(origin, paths.entry(username, entry.name)),
    authorUrl: absoluteUrl(origin, paths.profile(username)),
    // Link previews show the site's social image (ADR 069).
    socialImage: socialImageUrl(context, origin),
  };
}

/** The entry page, kept live: changes elsewhere show here; a deleted entry says so. */
export default function Entry({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <EntryArticle
        entry={loaderData.entry}
        html={loaderData.html}
        username={loaderData.username}
        fileToken={loaderData.fileToken}
      />
      {loaderData.comments && <CommentSection data={loaderData.comments} refused={actionData} />}
    </>
  );
}
