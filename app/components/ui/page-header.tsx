/** The heading block of a page: its `h1`, an optional introduction and actions. */
import type { ReactNode } from "react";

/** A page's title and introduction. */
export function PageHeader(props: { title: string; intro?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="mb-8 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="font-serif text-3xl font-bold text-stone-900 sm:text-4xl">{props.title}</h1>
        {props.intro && <p className="mt-2 max-w-prose text-stone-700">{props.intro}</p>}
      </div>
      {props.actions && <div className="flex flex-wrap gap-2">{props.actions}</div>}
    </header>
  );
}
