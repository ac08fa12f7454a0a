/**
 * The editor's live word count: words, characters and reading time of the text, in the
 * interface language's number format. The visible line follows every change (it reads the
 * editor's deferred text, so typing never waits for it); screen readers hear the count once
 * the writer pauses, not on every keystroke.
 */
import { useEffect, useMemo, useRef, useState } from "react";
import { useAppTranslation } from "../../../lib/i18n/i18n.ts";
import { textStats, type TextStats } from "./text-stats.ts";

/** How long typing must pause before the count is announced. */
export const ANNOUNCE_AFTER_MS = 2_500;

/** Props of {@link WordCount}. */
export interface WordCountProps {
  /** The Markdown text (the editor's deferred value). */
  text: string;
  /** Id of the visible line (an editor may point `aria-describedby` at it). */
  id?: string;
}

/** "1,234 words · 6,789 characters · 6 min read". */
export function WordCount({ text, id }: WordCountProps) {
  const { t } = useAppTranslation();
  const stats = useMemo(() => textStats(text), [text]);
  const line = statsLine(stats, t);
  // Nothing is spoken for the text the editor opened with, only once it changed.
  const [announced, setAnnounced] = useState("");
  const opened = useRef<string | null>(null);

  useEffect(() => {
    opened.current ??= line;
    if (line === announced || (announced === "" && line === opened.current)) return;
    const timer = setTimeout(() => {
      setAnnounced(line);
    }, ANNOUNCE_AFTER_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [line, announced]);

  return (
    <>
      <p id={id} data-testid="word-count" className="text-sm text-stone-700 tabular-nums">
        {line}
      </p>
      <p aria-live="polite" className="sr-only" data-testid="word-count-announcement">
        {announced}
      </p>
    </>
  );
}

type Translate = ReturnType<typeof useAppTranslation>["t"];

function statsLine(stats: TextStats, t: Translate): string {
  const parts: string[] = [
    t("editor:stats.words", { count: stats.words }),
    t("editor:stats.characters", { count: stats.characters }),
  ];
  if (stats.minutes > 0) parts.push(t("editor:stats.readingTime", { count: stats.minutes }));
  return parts.join(" · ");
}
