/**
 * The list of versions in the history dialog, newest first: what made each one (in words),
 * when, and how many words it added and removed. A single-select listbox: one tab stop, the
 * arrow keys (and Home/End) move the selection, which the comparison beside it follows.
 */
import { useMemo, useRef, type KeyboardEvent } from "react";
import { useAppTranslation } from "../../../lib/i18n/i18n.ts";
import { buttonClass } from "../../../components/ui/button-link.tsx";
import { apiTime } from "../kit/conflict.ts";
import { useTimeFormat } from "../kit/editor-form.tsx";
import { versionChanges } from "./history-diff.ts";
import type { RevisionRecord } from "../../../api/records/revisions.ts";

/** Props of {@link HistoryVersions}. */
export interface HistoryVersionsProps {
  /** Id of the comparison the selection drives. */
  controls: string;
  versions: RevisionRecord[];
  /** The version before the oldest shown, when fetched. */
  older: RevisionRecord | null;
  total: number;
  selected: string | null;
  onSelect: (id: string) => void;
  more: boolean;
  loadingMore: boolean;
  moreFailed: boolean;
  onLoadMore: () => void;
}

/** The versions, selectable. */
export function HistoryVersions(props: HistoryVersionsProps) {
  const { t } = useAppTranslation();
  const format = useTimeFormat();
  const { versions, older, selected, onSelect } = props;
  const changes = useMemo(() => versionChanges(versions, older), [versions, older]);
  const list = useRef<HTMLOListElement>(null);
  const active = Math.max(
    0,
    versions.findIndex((revision) => revision.id === selected),
  );

  function move(index: number) {
    const revision = versions[index];
    if (!revision) return;
    onSelect(revision.id);
    list.current?.querySelectorAll<HTMLElement>('[role="option"]')[index]?.focus();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLLIElement>) {
    const last = versions.length - 1;
    const next =
      event.key === "ArrowDown"
        ? Math.min(last, active + 1)
        : event.key === "ArrowUp"
          ? Math.max(0, active - 1)
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    move(next);
  }

  return (
    <div className="grid content-start gap-3">
      <p className="text-sm text-stone-700" data-testid="history-count">
        {t("editor:history.count", { count: props.total })}
      </p>
      <ol
        ref={list}
        role="listbox"
        aria-label={t("editor:history.versions")}
        aria-controls={props.controls}
        className="grid gap-1"
      >
        {versions.map((revision, index) => {
          const isSelected = index === active && selected !== null;
          const change = changes[index];
          return (
            <li
              key={revision.id}
              role="option"
              aria-selected={isSelected}
              tabIndex={index === active ? 0 : -1}
              data-testid="history-version"
              onClick={() => {
                move(index);
              }}
              onKeyDown={handleKeyDown}
              className={`cursor-pointer rounded border px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-amber-800 ${
                isSelected
                  ? "border-amber-700 bg-amber-50 text-amber-950"
                  : "border-stone-200 bg-white text-stone-900 hover:bg-stone-50"
              }`}
            >
              <span className="flex flex-wrap items-baseline justify-between gap-x-2">
                <span className="font-semibold">{t(`editor:history.kinds.${revision.kind}`)}</span>
                <span className="text-stone-700">{format(apiTime(revision.updated))}</span>
              </span>
              <span className="flex flex-wrap items-baseline justify-between gap-x-2 text-stone-700">
                <span>
                  {t("editor:history.version", { version: revision.version })}
                  {index === 0 && (
                    <span className="ml-2 rounded bg-stone-200 px-1.5 py-0.5 text-xs font-semibold text-stone-900">
                      {t("editor:history.latest")}
                    </span>
                  )}
                </span>
                {change && (
                  <>
                    <span aria-hidden className="tabular-nums">
                      {t("editor:history.changes", {
                        added: change.added,
                        removed: change.removed,
                      })}
                    </span>
                    <span className="sr-only">
                      {t("editor:history.changesSpoken", {
                        added: change.added,
                        removed: change.removed,
                      })}
                    </span>
                  </>
                )}
              </span>
            </li>
          );
        })}
      </ol>
      {props.moreFailed && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {t("editor:history.failed")}
        </p>
      )}
      {props.more && (
        <div>
          <button
            type="button"
            onClick={props.onLoadMore}
            disabled={props.loadingMore}
            className={buttonClass.secondary}
          >
            {props.loadingMore ? t("editor:history.loading") : t("editor:history.loadMore")}
          </button>
        </div>
      )}
    </div>
  );
}
