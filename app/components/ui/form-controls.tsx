/**
 * Form controls on top of {@link FormField}: each renders its label, the control, the hint and
 * the error, wired with `aria-invalid` and `aria-describedby`, so a form lists its fields
 * instead of repeating that markup:
 *
 * ```tsx
 * <TextInput name="email" type="email" label={t("auth:passwordReset.email")} {...form.field("email")} />
 * <SubmitButton busy={form.busy} busyLabel={t("auth:passwordReset.submitting")}>
 *   {t("auth:passwordReset.submit")}
 * </SubmitButton>
 * ```
 *
 * Every other prop goes to the control itself (`name`, `required`, `defaultValue`, a `ref`…).
 */
import type { ComponentProps, ReactNode } from "react";
import { SUPPORTED_LOCALES } from "#shared/i18n/locales.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { buttonClass } from "./button-link.tsx";
import { FormField, FormMessage, inputClass, type FieldProps } from "./form-field.tsx";

type ControlProps<E extends "input" | "textarea" | "select"> = FieldProps &
  Omit<ComponentProps<E>, "id" | "aria-invalid" | "aria-describedby">;

/** The attributes a control gets from its field: its id, validity, descriptions, classes. */
interface ControlAttributes {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  className: string;
}

/**
 * A {@link FormField} around the control `render` draws with the field's attributes; the
 * props that are not the field's are the control's (`className` adds to the shared classes).
 */
function labelled<P extends FieldProps & { className?: string | undefined }>(
  props: P,
  render: (
    attributes: ControlAttributes,
    control: Omit<P, keyof FieldProps | "className">,
  ) => ReactNode,
) {
  const { label, id, hint, error, describedBy, after, className, ...control } = props;
  return (
    <FormField {...{ label, id, hint, error, describedBy, after }}>
      {(field) =>
        render(
          {
            id: field.id,
            "aria-invalid": field.invalid || undefined,
            "aria-describedby": field.describedBy,
            className: className ? `${inputClass} ${className}` : inputClass,
          },
          control,
        )
      }
    </FormField>
  );
}

/** A labelled `<input>` (text by default: give `type` for email, date, file…). */
export function TextInput(props: ControlProps<"input">) {
  return labelled(props, (attributes, input) => <input {...attributes} {...input} />);
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

/** A labelled email input (`autocomplete="email"`). */
export function EmailInput(props: Omit<ControlProps<"input">, "type" | "autoComplete">) {
  const { name, ...rest } = props;
  return <TextInput name={name} type="email" autoComplete="email" {...rest} />;
}

/** A labelled `<textarea>`. */
export function TextArea(props: ControlProps<"textarea">) {
  return labelled(props, (attributes, textarea) => <textarea {...attributes} {...textarea} />);
}

/** A labelled `<select>`; its `<option>`s are the children. */
export function Select(props: ControlProps<"select">) {
  return labelled(props, (attributes, select) => <select {...attributes} {...select} />);
}

/** The `<option>`s of the interface languages, each named in its own language. */
export function LocaleOptions() {
  const { t } = useAppTranslation();
  return SUPPORTED_LOCALES.map((value) => (
    <option key={value} value={value} lang={value}>
      {t(`common:languages.${value}`)}
    </option>
  ));
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

/** Classes of a form standing alone on a page (a card). */
const FORM_CARD_CLASS = "grid gap-4 rounded border border-stone-200 bg-white p-6";

/**
 * A form its component submits (`method="post"` and `noValidate`: the API's messages replace
 * the browser's), with its `outcome` ({@link FormStatus}) first when given; a `card` stands
 * alone on its page.
 */
export function SubmitForm(
  props: ComponentProps<"form"> & { outcome?: FormOutcome; card?: boolean },
) {
  const { outcome, card, children, ...form } = props;
  return (
    <form method="post" noValidate className={card ? FORM_CARD_CLASS : undefined} {...form}>
      {outcome && <FormStatus form={outcome} />}
      {children}
    </form>
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
