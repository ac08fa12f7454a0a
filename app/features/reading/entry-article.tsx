/**
 * An entry's page (`/entry/{username}/{name}`, the route loads it): its Markdown (rendered by
 * the loader), date, author, collection, tags and attachments; for its author also the
 * visibility, Edit and Delete. A private entry's files load with a file token, kept valid
 * while the page is open. Kept live: a change elsewhere shows at once; once deleted or no
 * longer shared, it says so.
 */
import { Link } from "react-router";
import { Download, Globe, Link2, Lock } from "lucide-react";
import { Markdown } from "../../components/records/markdown.tsx";
import { collectionHref } from "../../components/records/record-lists.tsx";
import { FormattedDate } from "../../components/ui/formatted-date.tsx";
import { useSession } from "../../components/session-provider.tsx";
import type { EntryRecord } from "../../api/records/records.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { files, paths } from "../../lib/paths.ts";
import { useFreshFileToken } from "../../lib/records/file-token.ts";
import { displayFileName } from "../../lib/records/record-files.ts";
import { LiveRecordFrame, RecordFooter, RecordHeader } from "./record-page.tsx";

/** What the page shows of the entry (its text as the loader's HTML). */
export interface EntryArticleProps {
  entry: Pick<
    EntryRecord,
    | "attachments"
    | "author"
    | "created"
    | "date"
    | "expand"
    | "id"
    | "name"
    | "tags"
    | "title"
    | "visibility"
  >;
  /** The entry's Markdown, rendered on the server; `""` when it has no text. */
  html: string;
  /** The author's username as stored. */
  username: string;
  /** A file token for a private entry's files, `""` when they need none. */
  fileToken: string;
}

const VISIBILITY_ICONS = { private: Lock, unlisted: Link2, public: Globe } as const;

/** The entry, kept live. */
export function EntryArticle(props: EntryArticleProps) {
  const { t } = useAppTranslation();
  const { user } = useSession();
  const { entry, username } = props;
  // The loader's token serves the first view; the browser keeps it valid while the page is open.
  const { token: fileToken, onFileLinkClick } = useFreshFileToken(props.fileToken || undefined);
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
          {props.html ? (
            <Markdown
              html={props.html}
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
