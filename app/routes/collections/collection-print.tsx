/**
 * `/collection/{username}/{name}/print`: a collection as a book, for the print dialog ("Print
 * or save as PDF"): a title page (title, author, dates, description), a table of contents,
 * then every entry the visitor may read, oldest first, each on its own page in print
 * (`app/print.css`). On screen it is a long reading page with a way back. The owner's book
 * holds their private and unlisted entries too; others get the public ones, as on the
 * collection page. Kept out of search engines: it repeats the collection's entries.
 */
import type { Route } from "./+types/collection-print";
import { ArrowLeft } from "lucide-react";
import { Markdown } from "../../components/records/markdown.tsx";
import { personName, personSummary } from "../../components/records/summaries.ts";
import { ButtonLink } from "../../components/ui/button-link.tsx";
import { FormattedDate, formatDate } from "../../components/ui/formatted-date.tsx";
import { PrintButton } from "../../components/ui/print-button.tsx";
import { useSession } from "../../components/session-provider.tsx";
import { useFreshFileToken } from "../../lib/records/file-token.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { pageMeta } from "../../lib/routes/meta.ts";
import { files, paths } from "../../lib/paths.ts";
import { type EntryRecord } from "../../api/records/records.ts";
import { findCollection } from "../../api/records/record-pages.ts";
import { markdownHtml } from "../../lib/routes/markdown.server.ts";
import { readNamedOr404, routeContext } from "../../lib/routes/route-data.ts";
import type { IntentHandle } from "../../lib/document/hydrate-on-intent.ts";
import { newFileToken } from "../../api/auth/tokens.ts";
import { filterExpression, listRecords } from "../../api/records/record-reads.ts";

/** Most entries in one book (one list request; the API's largest page). */
export const BOOK_LIMIT = 1000;

/** A reading page: a guest's hydrates on intent (ADR 050). */
export const handle: IntentHandle = { hydrateOnIntent: true };

/** Title, and no indexing. */
export function meta(args: Route.MetaArgs) {
  return [...pageMeta(args), { name: "robots", content: "noindex" }];
}

/** The collection and the entries the visitor may read, oldest first. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { api, user, t } = routeContext(context);
  const url = new URL(request.url);
  // Another spelling of the username redirects: one address per collection (ADR 037).
  const collection = await readNamedOr404(context, url, params.username, 2, (username) =>
    findCollection(api, username, params.name),
  );
  const isOwner = user?.id === collection.owner;
  const list = await listRecords<EntryRecord>(api, "entries", 1, BOOK_LIMIT, {
    filter: filterExpression(
      api,
      isOwner ? "collection = {:id}" : 'collection = {:id} && visibility = "public"',
      { id: collection.id },
    ),
    sort: "date,created,id",
  });
  // Protected files of private entries reach only their author, through a short-lived token.
  const fileToken =
    isOwner && list.items.some((e) => e.visibility === "private" && e.attachments.length > 0)
      ? await newFileToken(api)
      : "";
  const owner = personSummary(collection.expand?.owner);
  return {
    title: t("data:book.title", { title: collection.title }),
    collection: {
      name: collection.name,
      title: collection.title,
    },
    // Texts travel as the server's HTML (ADR 050).
    descriptionHtml: markdownHtml(context, collection.description),
    author: owner ? personName(owner) : params.username,
    username: owner?.username ?? params.username,
    entries: list.items.map((entry) => ({
      id: entry.id,
      name: entry.name,
      title: entry.title,
      html: markdownHtml(context, entry.content),
      date: entry.date || entry.created,
      tags: entry.tags,
      isPrivate: entry.visibility === "private",
    })),
    total: list.totalItems,
    fileToken,
  };
}

/** The book. */
export default function CollectionPrint({ loaderData }: Route.ComponentProps) {
  const { t } = useAppTranslation();
  const { locale } = useSession();
  const { collection, author, username, entries, total } = loaderData;
  const { token: fileToken, onFileLinkClick } = useFreshFileToken(
    loaderData.fileToken || undefined,
  );
  const first = entries[0];
  const last = entries.at(-1);
  return (
    <div className="mx-auto max-w-prose">
      <div className="mb-8 flex flex-wrap gap-3 print:hidden" data-print="hide">
        <ButtonLink to={paths.collection(username, collection.name)} variant="secondary">
          <ArrowLeft aria-hidden size={16} />
          {t("data:book.back")}
        </ButtonLink>
        <PrintButton />
      </div>

      <header className="book-title-page mb-12 text-center" data-testid="book-title-page">
        <h1 className="font-serif text-4xl font-bold break-words sm:text-5xl">
          {collection.title}
        </h1>
        <p className="mt-4 text-lg text-stone-700">{t("data:book.by", { name: author })}</p>
        {first && last && (
          <p className="mt-2 text-stone-700">
            {t("data:book.range", {
              from: formatDate(first.date, locale),
              to: formatDate(last.date, locale),
            })}
          </p>
        )}
        <p className="mt-2 text-stone-700">{t("data:book.entries", { count: entries.length })}</p>
        {loaderData.descriptionHtml && (
          <div className="mx-auto mt-8 text-left">
            <Markdown html={loaderData.descriptionHtml} />
          </div>
        )}
      </header>

      {total > entries.length && (
        <p className="mb-8 rounded border border-amber-300 bg-amber-50 px-4 py-2 text-amber-950">
          {t("data:book.truncated", { count: entries.length })}
        </p>
      )}

      {entries.length === 0 ? (
        <p className="text-stone-700">{t("data:book.empty")}</p>
      ) : (
        <>
          <nav aria-labelledby="book-contents" className="book-contents mb-12">
            <h2 id="book-contents" className="font-serif text-2xl font-semibold">
              {t("data:book.contents")}
            </h2>
            <ol className="mt-4 grid gap-2">
              {entries.map((entry) => (
                <li key={entry.id} className="flex items-baseline gap-2">
                  <a
                    href={`#entry-${entry.name}`}
                    className="min-w-0 break-words underline underline-offset-4"
                  >
                    {entry.title}
                  </a>
                  <span aria-hidden className="flex-1 border-b border-dotted border-stone-400" />
                  <span className="shrink-0 text-sm text-stone-700">
                    <FormattedDate value={entry.date} />
                  </span>
                </li>
              ))}
            </ol>
          </nav>

          {entries.map((entry) => {
            const ownFiles = files.stored("entries", entry.id, "");
            return (
              <article
                key={entry.id}
                id={`entry-${entry.name}`}
                aria-labelledby={`entry-${entry.name}-title`}
                className="book-entry mb-12"
              >
                <header className="mb-4">
                  <h2
                    id={`entry-${entry.name}-title`}
                    className="font-serif text-3xl font-bold break-words"
                  >
                    {entry.title}
                  </h2>
                  <p className="mt-1 text-stone-700">
                    <FormattedDate value={entry.date} />
                    {entry.tags.length > 0 && <> · {entry.tags.join(", ")}</>}
                  </p>
                </header>
                <Markdown
                  html={entry.html}
                  fileToken={entry.isPrivate ? fileToken : undefined}
                  ownFiles={ownFiles}
                  onFileLinkClick={onFileLinkClick}
                />
              </article>
            );
          })}
        </>
      )}
    </div>
  );
}
