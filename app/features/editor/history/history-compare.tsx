/**
 * One version beside the text in the editor: its title and text compared word by word with
 * the editor's (`<ins>` for what was added since, `<del>` for what was removed, marked by
 * underline and strike-through as well as colour, and named for screen readers), what a
 * restore brings back, and the Restore button.
 */
import { useMemo, type ReactNode } from "react";
import { RotateCcw } from "lucide-react";
import { useAppTranslation } from "../../../lib/i18n/i18n.ts";
import { buttonClass } from "../../../components/ui/button-link.tsx";
import { apiTime } from "../kit/conflict.ts";
import { useTimeFormat } from "../kit/editor-form.tsx";
import { textDiff, type DiffPart } from "./history-diff.ts";
import type { HistoryCollection, RevisionRecord } from "../../../api/records/revisions.ts";

/** The editor's current title and text. */
export interface CurrentText {
  title: string;
  content: string;
}

/** Props of {@link HistoryCompare}. */
export interface HistoryCompareProps {
  id: string;
  collection: HistoryCollection;
  revision: RevisionRecord;
  current: CurrentText;
  restoring: boolean;
  /** Why the last restore failed, if it did. */
  error: string | null;
  onRestore: () => void;
}

/** The comparison and the restore. */
export function HistoryCompare(props: HistoryCompareProps) {
  const { t } = useAppTranslation();
  const format = useTimeFormat();
  const { revision, current } = props;
  const title = useMemo(
    () => (revision.title === current.title ? null : textDiff(revision.title, current.title)),
    [revision.title, current.title],
  );
  const text = useMemo(
    () => textDiff(revision.content, current.content),
    [revision.content, current.content],
  );
  const headingId = `${props.id}-heading`;
  const sameText = revision.content === current.content;

  return (
    <section
      id={props.id}
      aria-labelledby={headingId}
      className="grid content-start gap-4"
      data-testid="history-compare"
    >
      <div>
        <h3 id={headingId} className="font-serif text-lg font-bold text-stone-900">
          {t("editor:history.compareHeading", {
            kind: t(`editor:history.kinds.${revision.kind}`),
            time: format(apiTime(revision.updated)),
          })}
        </h3>
        <p className="text-sm text-stone-700">
          {t("editor:history.version", { version: revision.version })}
        </p>
      </div>
      <p className="text-sm text-stone-700">{t("editor:history.legend")}</p>

      <div className="grid gap-1">
        <h4 className="text-sm font-semibold text-stone-900">{t("editor:history.titleLabel")}</h4>
        {title ? (
          <DiffText parts={title.parts} />
        ) : (
          <p className="text-sm text-stone-700">
            <span className="font-semibold text-stone-900">{revision.title}</span>{" "}
            {t("editor:history.sameTitle")}
          </p>
        )}
      </div>

      <div className="grid gap-1">
        <h4 className="text-sm font-semibold text-stone-900">{t("editor:history.textLabel")}</h4>
        {sameText ? (
          <p className="text-sm text-stone-700">{t("editor:history.same")}</p>
        ) : (
          <>
            {!text.exact && (
              <p className="text-sm text-stone-700">{t("editor:history.notExact")}</p>
            )}
            <DiffText parts={text.parts} block />
          </>
        )}
      </div>

      <div className="grid gap-2 border-t border-stone-200 pt-4">
        <p className="text-sm text-stone-700">
          {props.collection === "posts"
            ? t("editor:history.restoreHintPost")
            : t("editor:history.restoreHintEntry")}
        </p>
        {props.error && (
          <p role="alert" className="text-sm font-medium text-red-800">
            {props.error}
          </p>
        )}
        <div>
          <button
            type="button"
            onClick={props.onRestore}
            disabled={props.restoring}
            className={buttonClass.primary}
          >
            <RotateCcw aria-hidden size={16} />
            {props.restoring ? t("editor:history.restoring") : t("editor:history.restore")}
          </button>
        </div>
      </div>
    </section>
  );
}

/** A diff as text: unchanged runs plain, additions `<ins>`, removals `<del>`. */
function DiffText({ parts, block = false }: { parts: DiffPart[]; block?: boolean }) {
  const { t } = useAppTranslation();
  const marked = (start: string, children: ReactNode) => (
    <>
      <span className="sr-only">{start}</span>
      {children}
      <span className="sr-only">{t("editor:history.changeEnd")}</span>
    </>
  );
  return (
    <div
      data-testid="history-diff"
      className={`whitespace-pre-wrap text-stone-900 [overflow-wrap:anywhere] ${
        block ? "rounded border border-stone-200 bg-white p-3" : ""
      }`}
    >
      {parts.map((part, index) => {
        if (part.kind === "same") return <span key={index}>{part.text}</span>;
        // Spaces around a change stay outside its mark: only words are underlined or struck.
        const [, lead = "", core = "", trail = ""] = /^(\s*)([\s\S]*?)(\s*)$/.exec(part.text) ?? [];
        return (
          <span key={index}>
            {lead}
            {part.kind === "added" ? (
              <ins className="bg-emerald-100 text-emerald-950 underline decoration-2 underline-offset-2">
                {marked(t("editor:history.addedStart"), core)}
              </ins>
            ) : (
              <del className="bg-red-100 text-red-950 line-through decoration-2">
                {marked(t("editor:history.removedStart"), core)}
              </del>
            )}
            {trail}
          </span>
        );
      })}
    </div>
  );
}
