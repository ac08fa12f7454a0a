/** An empty list: what is missing, and what to do next. */
import type { ReactNode } from "react";

/** A dashed box saying why a list is empty, with the actions that fill it. */
export function EmptyState(props: { text: string; children?: ReactNode }) {
  return (
    <div className="rounded border border-dashed border-stone-300 bg-white p-6">
      <p className="text-stone-700">{props.text}</p>
      {props.children && <div className="mt-4 flex flex-wrap gap-3">{props.children}</div>}
    </div>
  );
}
