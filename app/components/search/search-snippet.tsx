/**
 * A search result's snippet with its matches highlighted: the API's `<mark>` parts become
 * `<mark>` elements and everything else plain text (React escapes it), never inserted HTML.
 */
import { snippetParts } from "../../lib/records/search.ts";

/** The snippet of a result. */
export function SearchSnippet(props: { snippet: string; className?: string }) {
  const parts = snippetParts(props.snippet);
  if (parts.length === 0) return null;
  return (
    <p className={props.className}>
      {parts.map((part, index) =>
        part.marked ? (
          <mark key={index} className="rounded-sm bg-amber-200 px-0.5 text-stone-950">
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}
