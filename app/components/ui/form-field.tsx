/** A labelled form control with an optional hint and error, wired for screen readers. */
import { useId, type ReactNode } from "react";

/** What a labelled control takes besides the control itself. */
export interface FieldProps {
  label: string;
  /** The control's id (a generated one by default): error summaries link to a fixed one. */
  id?: string;
  hint?: ReactNode;
  error?: string | undefined;
  /** Ids of more text describing the control, rendered in `after` (a counter, a live state). */
  describedBy?: string;
  /** Rendered under the hint and above the error. */
  after?: ReactNode;
}

/** The ids a control must use, and whether it is invalid. */
export interface FieldIds {
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
}

/** Classes of text inputs, selects and text areas. */
export const inputClass =
  "mt-1 block w-full rounded border border-stone-400 bg-white px-3 py-2 text-stone-900 aria-invalid:border-red-700";

/** One field of a form: label, control, hint, error, wired for screen readers. */
export function FormField({
  label,
  hint,
  error,
  after,
  children,
  ...props
}: FieldProps & {
  /** Renders the control with the ids it must use. */
  children: (ids: FieldIds) => ReactNode;
}) {
  const generated = useId();
  const id = props.id ?? generated;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : "", error ? errorId : "", props.describedBy ?? ""]
    .filter(Boolean)
    .join(" ");
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-stone-900">
        {label}
      </label>
      {children({ id, describedBy: describedBy || undefined, invalid: Boolean(error) })}
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-stone-600">
          {hint}
        </p>
      )}
      {after}
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

/** A form-level message (an error in red, or a confirmation), announced when it appears. */
export function FormMessage({
  kind,
  children,
}: {
  kind: "error" | "success";
  children: ReactNode;
}) {
  return (
    <p
      role={kind === "error" ? "alert" : "status"}
      className={`rounded border px-3 py-2 text-sm wrap-anywhere ${
        kind === "error"
          ? "border-red-300 bg-red-50 text-red-900"
          : "border-green-300 bg-green-50 text-green-900"
      }`}
    >
      {children}
    </p>
  );
}
