/**
 * The state every form of the app keeps around its async submit: busy, the form-level error
 * (with the API's own explanation on the superuser pages), the per-field errors, a
 * confirmation, and the notification of a failure. A refused request is mapped through
 * `api-errors.ts` (the API's validation codes, translated):
 *
 * ```tsx
 * const form = useFormSubmit({ failed: t("auth:signUp.failed") });
 * <form onSubmit={form.submit(async (data) => { await pb.collection("users").create(…); })}>
 *   <FormError form={form} />
 *   <TextInput name="email" label={…} error={form.fieldErrors.email} />
 *   <SubmitButton busy={form.busy} busyLabel={…}>{…}</SubmitButton>
 * </form>
 * ```
 *
 * An action that handles one of its failures itself (an expired link, say) catches it and
 * returns; whatever it throws becomes the form's error.
 */
import { useState, type SubmitEvent } from "react";
import { useNotify } from "../notifications/notifications.tsx";
import { requestErrorNotification } from "../notifications/request-error-message.ts";
import { fieldErrors, requestErrorMessage } from "../../lib/forms/api-errors.ts";
import { useAppTranslation, type AppT } from "../../lib/i18n/i18n.ts";

/** Messages per field name (or field path, on the settings page). */
export type FieldMessages = Record<string, string>;

/** How a failed submit shows. */
export interface FormFailure {
  /** Messages under the fields the form shows. */
  fields: FieldMessages;
  /** The form-level message; `null` when the field messages say it all. */
  message: string | null;
  /** The API's own wording of a refusal, under the message (superuser pages). */
  detail?: string | null;
}

/** Options of {@link useFormSubmit}; all optional. */
export interface FormSubmitOptions {
  /** Translates a failure's field errors; the app's validation messages by default. */
  fieldErrors?: (error: unknown, t: AppT) => FieldMessages;
  /** The fields the form shows: errors of the others are left out. All by default. */
  fields?: readonly string[];
  /** The summary of a refusal with field errors (default: the generic request message). */
  failed?: string;
  /**
   * The form-level message of a failure, given its field messages; `null` leaves it to them.
   * By default `failed` when there are field messages, else the request's translated error.
   */
  message?: (error: unknown, fields: FieldMessages, t: AppT) => string | null;
  /** The API's explanation shown under the message (none by default). */
  detail?: (error: unknown, fields: FieldMessages) => string | null;
  /** Whether a failure is also notified (default: yes): its message, else its first field's. */
  notify?: boolean | ((failure: FormFailure) => boolean);
  /** Runs after a failure is shown (to move focus to the first invalid field, say). */
  onFailure?: (failure: FormFailure) => void;
}

/** What a submit shows: busy, the error, field errors, the confirmation. */
export interface FormSubmitState {
  busy: boolean;
  /** The form-level error message. */
  error: string | null;
  /** The API's explanation of {@link error}, when the form shows one. */
  detail: string | null;
  fieldErrors: FieldMessages;
  /** A confirmation shown in the form (e.g. "A link was sent to …"). */
  success: string | null;
}

/**
 * The options of an action whose failure is only notified, worded like `notify.requestError`
 * (nothing for a cancelled request): a button in a list row, a confirmation dialog.
 */
export const NOTIFY_ONLY: FormSubmitOptions = {
  fields: [],
  message: (error, _fields, t) => requestErrorNotification(error, t),
};

/** The state before any submit. */
export const IDLE_FORM: FormSubmitState = {
  busy: false,
  error: null,
  detail: null,
  fieldErrors: {},
  success: null,
};

/** Maps a failed submit to what the form shows (pure: the hook's policy, tested alone). */
export function formFailure(error: unknown, t: AppT, options: FormSubmitOptions = {}): FormFailure {
  const all = (options.fieldErrors ?? fieldErrors)(error, t);
  const fields = options.fields
    ? Object.fromEntries(Object.entries(all).filter(([name]) => options.fields?.includes(name)))
    : all;
  const message = options.message
    ? options.message(error, fields, t)
    : Object.keys(fields).length > 0
      ? (options.failed ?? requestErrorMessage(error, t))
      : requestErrorMessage(error, t);
  return { fields, message, detail: options.detail?.(error, fields) ?? null };
}

/** The notification of a failure: its message, else its first field message. */
export function failureNotice(failure: FormFailure): string | null {
  return failure.message ?? Object.values(failure.fields)[0] ?? null;
}

/** What {@link runFormSubmit} needs from the component. */
export interface FormSubmitDeps {
  update: (change: (state: FormSubmitState) => FormSubmitState) => void;
  /** Maps a failure (the options bound). */
  describe: (error: unknown) => FormFailure;
  /** Notifies a failure's message when the options say so. */
  report: (failure: FormFailure) => void;
}

/** Shows `failure` in the state (the form error, its detail and the field messages). */
export function failedState(state: FormSubmitState, failure: FormFailure): FormSubmitState {
  return {
    ...state,
    error: failure.message,
    detail: failure.detail ?? null,
    fieldErrors: failure.fields,
  };
}

/**
 * Runs `action` as the form's submit: busy and nothing shown meanwhile; a failure shown and
 * reported. Resolves to whether the action succeeded.
 */
export async function runFormSubmit(
  action: () => Promise<void>,
  deps: FormSubmitDeps,
): Promise<boolean> {
  deps.update(() => ({ ...IDLE_FORM, busy: true }));
  try {
    await action();
    return true;
  } catch (error) {
    const failure = deps.describe(error);
    deps.update((state) => failedState(state, failure));
    deps.report(failure);
    return false;
  } finally {
    deps.update((state) => ({ ...state, busy: false }));
  }
}

/** What {@link useFormSubmit} returns. */
export interface FormSubmit extends FormSubmitState {
  /**
   * The `onSubmit` handler running `action` with the submitted values: the default submit is
   * prevented, the form's previous outcome cleared.
   */
  submit: (
    action: (data: FormData, form: HTMLFormElement) => Promise<void>,
  ) => (event: SubmitEvent<HTMLFormElement>) => void;
  /** Runs `action` like a submit (for buttons outside a submit); resolves to its success. */
  run: (action: () => Promise<void>) => Promise<boolean>;
  /** Shows a failure found before sending (a client-side check); not notified. */
  show: (failure: FormFailure) => void;
  /** Shows a confirmation in the form. */
  succeed: (message: string) => void;
  /** Clears everything the form shows. */
  reset: () => void;
  /** A field's `name` and `error`, for a form control: `<TextInput {...form.field("email")} …/>`. */
  field: (name: string) => { name: string; error: string | undefined };
}

/** The submit state of one form; see the module comment. */
export function useFormSubmit(options: FormSubmitOptions = {}): FormSubmit {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const [state, setState] = useState<FormSubmitState>(IDLE_FORM);

  const deps: FormSubmitDeps = {
    update: setState,
    describe: (error) => formFailure(error, t, options),
    report: (failure) => {
      const wanted =
        typeof options.notify === "function" ? options.notify(failure) : options.notify !== false;
      const notice = failureNotice(failure);
      if (wanted && notice) notify.error(notice);
      options.onFailure?.(failure);
    },
  };
  const run = (action: () => Promise<void>) => runFormSubmit(action, deps);

  return {
    ...state,
    run,
    submit: (action) => (event) => {
      event.preventDefault();
      const form = event.currentTarget;
      void run(() => action(new FormData(form), form));
    },
    show: (failure) => {
      setState((current) => failedState({ ...current, success: null }, failure));
      options.onFailure?.(failure);
    },
    succeed: (message) => {
      setState((current) => ({ ...current, success: message }));
    },
    reset: () => {
      setState(IDLE_FORM);
    },
    field: (name) => ({ name, error: state.fieldErrors[name] }),
  };
}
