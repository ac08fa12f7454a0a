/** Pieces of an entry's, post's or collection's page besides its Markdown (`markdown.tsx`). */

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
