/**
 * The parts an entry's and a post's page share: the header (title, the live dot, a line of
 * details, extras), the footer (tag links, and Edit and Delete for the author), and the live
 * frame that keeps the page current and says so when the record is gone.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { PenLine } from "lucide-react";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { ButtonLink } from "../../components/ui/button-link.tsx";
import { PrintButton } from "../../components/ui/print-button.tsx";
import {
  LiveIndicator,
  RecordGone,
  type RecordState,
} from "../../components/live/live-indicator.tsx";
import type { LiveStatus } from "../../components/live/live-session.ts";
import { useLiveRecord } from "../../components/live/use-live-record.ts";
import { DeleteRecord } from "./delete-record.tsx";
import { paths } from "../../lib/paths.ts";

/** Props of {@link RecordHeader}. */
export interface RecordHeaderProps {
  title: string;
  /** The language of the title when it is not the interface's. */
  lang?: string;
  /** The line of details under the title (date, author, reading time). */
  details: ReactNode;
  /** The live connection of the page. */
  live: LiveStatus;
  /** What the record is when not every reader sees it (a draft, a scheduled post). */
  state?: RecordState | undefined;
  /** More lines under the details (collection, visibility, excerpt). */
  children?: ReactNode;
}

/** The title block of an entry or a post, with the "Print or save as PDF" action. */
export function RecordHeader(props: RecordHeaderProps) {
  return (
    <header className="mb-6">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <h1
          lang={props.lang || undefined}
          className="min-w-0 font-serif text-3xl font-bold break-words sm:text-4xl"
        >
          {props.title}
        </h1>
        <div className="flex items-center gap-2">
          <PrintButton compact />
          <LiveIndicator status={props.live} state={props.state} />
        </div>
      </div>
      <p className="mt-2 flex flex-wrap items-center gap-x-2 text-stone-700">{props.details}</p>
      {props.children}
    </header>
  );
}

/** Props of {@link RecordFooter}. */
export interface RecordFooterProps {
  kind: "entry" | "post";
  recordId: string;
  authorId: string;
  /** The author's username (for the edit URL). */
  username: string;
  /** The record's URL key (entry name, post slug). */
  urlKey: string;
  title: string;
  tags: string[];
  /** Where a tag leads. */
  tagHref: (tag: string) => string;
  /** Whether the viewer wrote it (Edit and Delete). */
  isAuthor: boolean;
}

/** Tag links, and the author's Edit and Delete. */
export function RecordFooter(props: RecordFooterProps) {
  const { t } = useAppTranslation();
  const { kind } = props;
  if (props.tags.length === 0 && !props.isAuthor) return null;
  return (
    <footer className="mt-8 flex flex-wrap items-center gap-4">
      {props.tags.length > 0 && (
        <ul aria-label={t("records:meta.tags")} className="flex flex-wrap gap-2">
          {props.tags.map((tag) => (
            <li key={tag}>
              <Link
                to={props.tagHref(tag)}
                className="rounded-full bg-stone-200 px-3 py-0.5 text-sm text-stone-800 hover:bg-stone-300"
              >
                {tag}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {props.isAuthor && (
        <div className="flex flex-wrap gap-3 print:hidden">
          <ButtonLink
            to={
              kind === "entry"
                ? paths.entryUpdate(props.username, props.urlKey)
                : paths.postUpdate(props.username, props.urlKey)
            }
            variant="secondary"
          >
            <PenLine aria-hidden size={16} />
            {t(`editor:${kind}.edit`)}
          </ButtonLink>
          <DeleteRecord
            collection={kind === "entry" ? "entries" : "posts"}
            recordId={props.recordId}
            authorId={props.authorId}
            title={props.title}
            redirectTo={kind === "entry" ? paths.archive() : paths.blog()}
          />
        </div>
      )}
    </footer>
  );
}

/**
 * Keeps an open entry or post live: renders `children` with the live status while the record
 * is there, the "no longer available" notice once it is gone, and announces refreshes.
 */
export function LiveRecordFrame(props: {
  kind: "entry" | "post";
  recordId: string;
  children: (live: LiveStatus) => ReactNode;
}) {
  const { t } = useAppTranslation();
  const live = useLiveRecord(props.kind === "entry" ? "entries" : "posts", props.recordId);
  if (live.gone) return <RecordGone kind={props.kind} />;
  return (
    <>
      {props.children(live.status)}
      <p aria-live="polite" className="sr-only" data-testid="record-refreshed">
        {live.refreshed > 0 ? t("live:record.updated") : ""}
      </p>
    </>
  );
}
