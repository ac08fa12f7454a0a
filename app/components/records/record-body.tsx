/**
 * The text of an entry, post or collection, shown as plain paragraphs (Markdown rendering
 * comes with the editor issue). React escapes it, so nothing in it runs.
 */

/** Renders `text` as paragraphs split on blank lines. */
export function PlainText({ text }: { text: string }) {
  const paragraphs = text.split(/\n{2,}/).filter((p) => p.trim() !== "");
  return (
    <div className="prose prose-stone max-w-none">
      {paragraphs.map((paragraph, index) => (
        <p key={index} className="whitespace-pre-line">
          {paragraph}
        </p>
      ))}
    </div>
  );
}

/** Tags as a list of small labels. */
export function TagList({ tags, label }: { tags: string[]; label: string }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {tags.map((tag) => (
        <li key={tag} className="rounded-full bg-stone-200 px-3 py-0.5 text-sm text-stone-800">
          {tag}
        </li>
      ))}
    </ul>
  );
}
