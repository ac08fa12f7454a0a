/**
 * Form controls on top of {@link FormField}: each renders its label, the control, the hint and
 * the error, wired with `aria-invalid` and `aria-describedby`, so a form lists its fields
 * instead of repeating that markup:
 *
 * ```tsx
 * <TextInput name="email" type="email" label={t("…email")} error={form.fieldErrors.email} />
 * <SubmitButton busy={form.busy} busyLabel={t("…sending")}>{t("…send")}</SubmitButton>
 * ```
 *
 * Every other prop goes to the control itself (`name`, `required`, `defaultValue`, a `ref`…).
 */
import type { ComponentProps, ReactNode } from "react";
import { buttonClass } from "./button-link.tsx";
import { FormField, FormMessage, inputClass } from "./form-field.tsx";

/** What every labelled control takes besides its element's own props. */
export interface FieldProps {
  label: string;
  /** The control's id (a generated one by default). */
  id?: string;
  hint?: ReactNode;
  error?: string | undefined;
  /** Ids of more text describing the control, rendered in `after`. */
  describedBy?: string;
  /** Rendered under the hint and above the error (a counter, a live state). */
  after?: ReactNode;
}

type ControlProps<E extends "input" | "textarea" | "select"> = FieldProps &
  Omit<ComponentProps<E>, "id" | "aria-invalid" | "aria-describedby">;

/** The classes of a control: the shared ones, then `extra` (e.g. `font-mono`). */
function controlClass(extra: string | undefined): string {
  return extra ? `${inputClass} ${extra}` : inputClass;
}

/** A labelled `<input>` (text by default: give `type` for email, date, file…). */
export function TextInput(props: ControlProps<"input">) {
  const { label, id, hint, error, describedBy, after, className, ...input } = props;
  return (
    <FormField {...{ label, id, hint, error, describedBy, after }}>
      {(field) => (
        <input
          id={field.id}
          {...input}
          aria-invalid={field.invalid || undefined}
          aria-describedby={field.describedBy}
          className={controlClass(className)}
        />
      )}
    </FormField>
  );
}

/** A labelled password input (`autoComplete` says whether it is the current or a new one). */
export function PasswordInput(
  props: Omit<ControlProps<"input">, "type" | "autoComplete"> & {
    autoComplete: "current-password" | "new-password";
  },
) {
  const { name, autoComplete, ...rest } = props;
  return <TextInput name={name} type="password" autoComplete={autoComplete} {...rest} />;
}

/** A labelled `<textarea>`. */
export function TextArea(props: ControlProps<"textarea">) {
  const { label, id, hint, error, describedBy, after, className, ...textarea } = props;
  return (
    <FormField {...{ label, id, hint, error, describedBy, after }}>
      {(field) => (
        <textarea
          id={field.id}
          {...textarea}
          aria-invalid={field.invalid || undefined}
          aria-describedby={field.describedBy}
          className={controlClass(className)}
        />
      )}
    </FormField>
  );
}

/** A labelled `<select>`; its `<option>`s are the children. */
export function Select(props: ControlProps<"select">) {
  const { label, id, hint, error, describedBy, after, className, children, ...select } = props;
  return (
    <FormField {...{ label, id, hint, error, describedBy, after }}>
      {(field) => (
        <select
          id={field.id}
          {...select}
          aria-invalid={field.invalid || undefined}
          aria-describedby={field.describedBy}
          className={controlClass(className)}
        >
          {children}
        </select>
      )}
    </FormField>
  );
}

/** A checkbox with its label on the right. */
export function Checkbox(
  props: { label: string } & Omit<ComponentProps<"input">, "type" | "className">,
) {
  const { label, ...input } = props;
  return (
    <label className="flex min-h-10 items-center gap-3 font-semibold text-stone-900">
      <input type="checkbox" {...input} className="size-5 accent-amber-800" />
      {label}
    </label>
  );
}

/** A form's submit button: disabled and saying `busyLabel` while the submit runs. */
export function SubmitButton(props: {
  busy: boolean;
  busyLabel: string;
  /** The button's classes (the primary button's by default). */
  className?: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" disabled={props.busy} className={props.className ?? buttonClass.primary}>
      {props.busy ? props.busyLabel : props.children}
    </button>
  );
}

/** What {@link FormStatus} shows: a submit's outcome (see `use-form-submit.ts`). */
export interface FormOutcome {
  error: string | null;
  /** The API's explanation under the error. */
  detail?: string | null;
  success?: string | null;
}

/**
 * A form's outcome: its confirmation (`role="status"`) and its error (`role="alert"`), with
 * the API's own explanation under it; nothing when there is neither.
 */
export function FormStatus({ form }: { form: FormOutcome }) {
  return (
    <>
      {form.success && <FormMessage kind="success">{form.success}</FormMessage>}
      <FormError form={form} />
    </>
  );
}

/** A form's error (`role="alert"`), with the API's explanation under it; nothing without one. */
export function FormError({ form }: { form: Pick<FormOutcome, "error" | "detail"> }) {
  if (!form.error) return null;
  return (
    <FormMessage kind="error">
      {form.error}
      {form.detail && <span className="mt-1 block font-mono text-xs">{form.detail}</span>}
    </FormMessage>
  );
}
