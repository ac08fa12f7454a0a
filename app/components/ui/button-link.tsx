/** A link styled as a button (primary or secondary). */
import type { ReactNode } from "react";
import { Link } from "react-router";

/** Classes of buttons and button-like links. */
export const buttonClass = {
  primary:
    "inline-flex items-center justify-center gap-2 rounded bg-amber-800 px-4 py-2 font-semibold text-white hover:bg-amber-900 disabled:opacity-60",
  secondary:
    "inline-flex items-center justify-center gap-2 rounded border border-stone-300 bg-white px-4 py-2 font-semibold text-stone-900 hover:bg-stone-100",
};

/** A navigation link that looks like a button. */
export function ButtonLink(props: {
  to: string;
  variant?: "primary" | "secondary";
  children: ReactNode;
}) {
  return (
    <Link to={props.to} className={buttonClass[props.variant ?? "primary"]}>
      {props.children}
    </Link>
  );
}
