/**
 * The heading block of a page: its `h1`, an optional introduction and actions. A long title
 * or introduction (an entry's title on its edit page, a word longer than the screen) wraps
 * inside the page instead of pushing it sideways.
 */
import type { ReactNode } from "react";

/** A page's title and introduction; the actions are for the screen (never printed). */
export function PageHeader(props: { title: string; intro?: ReactNode; actions?: ReactNode }) {
  return (
    <header
      data-focus-hide=""
      className="mb-8 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between"
    >
      <div className="min-w-0">
        <h1 className="font-serif text-3xl font-bold break-words text-stone-900 sm:text-4xl">
          {props.title}
        </h1>
        {props.intro && (
          <p className="mt-2 max-w-prose break-words text-stone-700">{props.intro}</p>
        )}
      </div>
      {props.actions && <div className="flex flex-wrap gap-2 print:hidden">{props.actions}</div>}
    </header>
  );
}
