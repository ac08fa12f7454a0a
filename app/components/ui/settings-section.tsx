/** A titled card of a settings page (profile settings, system pages; one form per section). */
import { useId, type ReactNode } from "react";

/** A section with its `h2`, an optional introduction, and its content. */
export function SettingsSection(props: {
  title: string;
  intro?: ReactNode;
  tone?: "default" | "danger";
  children: ReactNode;
}) {
  const headingId = useId();
  const danger = props.tone === "danger";
  return (
    <section
      aria-labelledby={headingId}
      className={`grid gap-4 rounded border bg-white p-6 ${danger ? "border-red-300" : "border-stone-200"}`}
    >
      <div>
        <h2
          id={headingId}
          className={`font-serif text-2xl font-semibold ${danger ? "text-red-800" : "text-stone-900"}`}
        >
          {props.title}
        </h2>
        {props.intro && <p className="mt-1 text-sm text-stone-700">{props.intro}</p>}
      </div>
      {props.children}
    </section>
  );
}

/** Classes of buttons that destroy something. */
export const dangerButtonClass =
  "inline-flex items-center justify-center gap-2 rounded bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:opacity-60";

/** Classes of the secondary button that starts a destructive action. */
export const dangerOutlineButtonClass =
  "inline-flex items-center justify-center gap-2 rounded border border-red-700 bg-white px-4 py-2 font-semibold text-red-800 hover:bg-red-50";
