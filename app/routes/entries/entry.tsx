/**
 * `/entry/{username}/{name}`: one entry, if the visitor may read it (else the 404 page):
 * its Markdown rendered on the server, date, author, collection, tags and attachments; for
 * its author also the visibility, Edit and Delete. Unlisted and private entries are kept out
 * of search engines. The page stays live while open (a change elsewhere shows at once; once
 * deleted or no longer shared, it says so).
 */
import { Link } from "react-router";
import { Download, Globe, Link2, Lock } from "lucide-react";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import type { Route } from "./+types/entry";
import { collectionHref } from "../../components/records/record-lists.tsx";
import { FormattedDate } from "../../components/ui/formatted-date.tsx";
import { useSession } from "../../components/session-provider.tsx";
import { excerpt } from "#shared/markdown/plain-text.ts";
import { displayFileName } from "../../lib/records/record-files.ts";
import { useFreshFileToken } from "../../lib/records/file-token.ts";
import { Markdown } from "../../components/records/markdown.tsx";
import {
  LiveRecordFrame,
  RecordFooter,
  RecordHeader,
} from "../../components/records/record-page.tsx";
import { pageMeta } from "../../lib/routes/meta.ts";
import { findEntry } from "../../api/records/record-pages.ts";
import { markdownHtml } from "../../lib/routes/markdown.server.ts";
import { routeContext, readNamedOr404 } from "../../lib/routes/route-data.ts";
import { absoluteUrl, siteOrigin } from "../../lib/routes/site-url.ts";
import { isoDate, socialMeta } from "../../lib/routes/social-meta.ts";
import { files, paths } from "../../lib/paths.ts";
import type { IntentHandle } from "../../lib/document/hydrate-on-intent.ts";
import { newFileToken } from "../../api/auth/tokens.ts";

/** A reading page: a guest's hydrates on intent (ADR 050). */
export const handle: IntentHandle = { hydrateOnIntent: true };

/** Title, description, canonical link and Open Graph tags; hidden from search unless public. */
export function meta({ loaderData, matches }: Route.MetaArgs) {
  const base = pageMeta({ loaderData: { title: loaderData.title }, matches });
  const { entry, canonical, authorUrl, siteName, locale, description } = loaderData;
  return [
    ...base,
    ...socialMeta({
      title: entry.title,
      description,
      url: canonical,
      siteName,
      type: "article",
      locale,
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
  return {
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
  };
}

const VISIBILITY_ICONS = { private: Lock, unlisted: Link2, public: Globe } as const;

/** The entry page, kept live: changes elsewhere show here; a deleted entry says so. */
export default function Entry({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  const { user } = useSession();
  const { entry, username } = loaderData;
  // The loader's token serves the first view; the browser keeps it valid while the page is open.
  const { token: fileToken, onFileLinkClick } = useFreshFileToken(
    loaderData.fileToken || undefined,
  );
  const author = entry.expand?.author;
  const collection = entry.expand?.collection;
  const isAuthor = user?.id === entry.author;
  const VisibilityIcon = VISIBILITY_ICONS[entry.visibility];
  const ownFiles = files.stored("entries", entry.id, "");
  const fileHref = (name: string) => {
    const query = new URLSearchParams({ download: "1" });
    if (fileToken) query.set("token", fileToken);
    return `${ownFiles}${encodeURIComponent(name)}?${query.toString()}`;
  };
  return (
    <LiveRecordFrame kind="entry" recordId={entry.id}>
      {(live) => (
        <article className="mx-auto max-w-prose">
          <RecordHeader
            title={entry.title}
            live={live}
            details={
              <>
                <FormattedDate value={entry.date || entry.created} />
                {author && (
                  <>
                    <span aria-hidden>·</span>
                    <Link
                      to={paths.profile(author.username)}
                      className="underline underline-offset-4"
                    >
                      {t("records:meta.by", { name: author.name || author.username })}
                    </Link>
                  </>
                )}
              </>
            }
          >
            {collection && (
              <p className="mt-1 text-stone-700">
                <Link
                  to={collectionHref(collection, username)}
                  className="underline underline-offset-4"
                >
                  {t("editor:entry.inCollection", { collection: collection.title })}
                </Link>
              </p>
            )}
            {isAuthor && (
              <p
                className="mt-3 inline-flex items-center gap-1 rounded-full bg-stone-200 px-3 py-1 text-sm font-medium text-stone-900"
                data-testid="visibility-badge"
              >
                <VisibilityIcon aria-hidden size={14} />
                {t("editor:entry.visibilityBadge", {
                  visibility: t(`common:visibility.${entry.visibility}`),
                })}
              </p>
            )}
          </RecordHeader>
          {loaderData.html ? (
            <Markdown
              html={loaderData.html}
              fileToken={fileToken}
              ownFiles={ownFiles}
              onFileLinkClick={onFileLinkClick}
            />
          ) : (
            <p className="text-stone-700">{t("editor:entry.empty")}</p>
          )}
          {entry.attachments.length > 0 && (
            <section aria-labelledby="entry-attachments" className="mt-8">
              <h2 id="entry-attachments" className="font-serif text-xl font-semibold">
                {t("editor:attachments.heading")}
              </h2>
              <ul className="mt-2 grid gap-1">
                {entry.attachments.map((name) => (
                  <li key={name}>
                    <a
                      href={fileHref(name)}
                      className="inline-flex items-center gap-2 break-all underline underline-offset-4"
                      download
                      onClick={onFileLinkClick}
                    >
                      <Download aria-hidden size={16} className="shrink-0" />
                      {displayFileName(name)}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <RecordFooter
            kind="entry"
            recordId={entry.id}
            authorId={entry.author}
            username={username}
            urlKey={entry.name}
            title={entry.title}
            tags={entry.tags}
            tagHref={paths.archiveTag}
            isAuthor={isAuthor}
          />
        </article>
      )}
    </LiveRecordFrame>
  );
}
