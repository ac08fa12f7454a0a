/**
 * Pieces shared by the entry and post forms: the offer of unsaved values, the list of fields
 * to fix after a refused save, the action bar (save button, save status, cancel), Ctrl/Cmd+S,
 * and a few small helpers.
 */
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
  type RefObject,
} from "react";
import { Link } from "react-router";
import { useAppTranslation } from "../../../lib/i18n/i18n.ts";
import { buttonClass } from "../../../components/ui/button-link.tsx";
import { FormField, inputClass } from "../../../components/ui/form-field.tsx";
import { useSession } from "../../../components/session-provider.tsx";

/** Whether the page has hydrated (false in the server render and the first browser render). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

function subscribeNever(): () => void {
  return () => undefined;
}

/**
 * Today in the writer's time zone (`YYYY-MM-DD`); `serverToday` while rendering on the
 * server and hydrating, which cannot know the zone.
 */
export function useLocalToday(serverToday: string): string {
  return useSyncExternalStore(
    subscribeNever,
    () => localToday(),
    () => serverToday,
  );
}

/** The writer's time zone (`Europe/Paris`); `""` on the server and while hydrating. */
export function useTimeZone(): string {
  return useSyncExternalStore(
    subscribeNever,
    () => Intl.DateTimeFormat().resolvedOptions().timeZone,
    () => "",
  );
}

/** How often {@link useClock} ticks. */
const CLOCK_STEP_MS = 30_000;

function subscribeClock(tick: () => void): () => void {
  const timer = setInterval(tick, CLOCK_STEP_MS);
  return () => {
    clearInterval(timer);
  };
}

/**
 * The browser's clock to the half minute (ms since the epoch), to tell scheduled dates from
 * past ones; `null` on the server and while hydrating.
 */
export function useClock(): number | null {
  return useSyncExternalStore(
    subscribeClock,
    () => Math.floor(Date.now() / CLOCK_STEP_MS) * CLOCK_STEP_MS,
    () => null,
  );
}

/** Ctrl+S / Cmd+S submits `form` (the browser's "save page" is not what a writer means). */
export function useSaveShortcut(form: RefObject<HTMLFormElement | null>): void {
  useEffect(() => {
    const handle = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== "s")
        return;
      event.preventDefault();
      // In a dialog of the form (a new collection), the dialog's own form is the one saved.
      const dialog = event.target instanceof Element ? event.target.closest("dialog[open]") : null;
      (dialog?.querySelector("form") ?? form.current)?.requestSubmit();
    };
    document.addEventListener("keydown", handle);
    return () => {
      document.removeEventListener("keydown", handle);
    };
  }, [form]);
}

/** A time in the interface language (`14:05` or `2:05 PM`, with the date when not today). */
export function useTimeFormat(): (time: number) => string {
  const { locale } = useSession();
  return (time) => {
    const date = new Date(time);
    const today = new Date().toDateString() === date.toDateString();
    return new Intl.DateTimeFormat(
      locale,
      today ? { timeStyle: "short" } : { dateStyle: "medium", timeStyle: "short" },
    ).format(date);
  };
}

/**
 * The offer of unsaved values found when the editor opened (a draft in this browser, or
 * pending edits kept on the server): restore or discard.
 */
export function DraftOffer(props: {
  savedAt: number;
  /** The question, given the time the values were kept. */
  message: (time: string) => string;
  hint?: string | undefined;
  restoreLabel: string;
  discardLabel: string;
  /** Takes the offer (it may read the server first: a second press waits for it). */
  onRestore: () => void | Promise<void>;
  onDiscard: () => void;
}) {
  const format = useTimeFormat();
  const [restoring, setRestoring] = useState(false);
  return (
    <div
      role="status"
      data-testid="draft-offer"
      className="flex flex-col gap-3 rounded border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <p>{props.message(format(props.savedAt))}</p>
        {props.hint && <p className="text-sm">{props.hint}</p>}
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          onClick={() => {
            if (restoring) return;
            setRestoring(true);
            void Promise.resolve(props.onRestore()).finally(() => {
              setRestoring(false);
            });
          }}
          aria-busy={restoring || undefined}
          className={buttonClass.primary}
        >
          {props.restoreLabel}
        </button>
        <button type="button" onClick={props.onDiscard} className={buttonClass.secondary}>
          {props.discardLabel}
        </button>
      </div>
    </div>
  );
}

/** One field to fix, for {@link ErrorSummary}. */
export interface FieldProblem {
  /** Id of the control to focus. */
  target: string;
  label: string;
  message: string;
}

/** The refused save: a message and links to each field to fix (focus moves here). */
export function ErrorSummary(props: {
  message: string;
  problems: FieldProblem[];
  onFocusField: (target: string) => void;
}) {
  const { t } = useAppTranslation();
  return (
    <div
      role="alert"
      tabIndex={-1}
      data-testid="error-summary"
      className="rounded border border-red-300 bg-red-50 px-4 py-3 text-red-900"
    >
      <p className="font-semibold">{props.message}</p>
      {props.problems.length > 0 && (
        <>
          <h2 className="sr-only">{t("editor:form.errorSummary")}</h2>
          <ul className="mt-2 list-disc pl-5">
            {props.problems.map((problem) => (
              <li key={problem.target}>
                <a
                  href={`#${problem.target}`}
                  onClick={(event) => {
                    event.preventDefault();
                    props.onFocusField(problem.target);
                  }}
                  className="underline underline-offset-4"
                >
                  {problem.label}: {problem.message}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** The bottom bar: save, the save status, and a way back. */
export function FormActions(props: {
  submitLabel: string;
  busy: boolean;
  hydrated: boolean;
  cancelTo: string;
  /** The save status line. */
  status: ReactNode;
  extra?: ReactNode;
}) {
  const { t } = useAppTranslation();
  return (
    <div className="sticky bottom-0 z-10 -mx-4 flex flex-col gap-2 border-t border-stone-200 bg-stone-50/95 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">{props.status}</div>
      <div className="flex flex-wrap items-center gap-3">
        {props.extra}
        <Link to={props.cancelTo} className={buttonClass.secondary}>
          {t("autosave:close")}
        </Link>
        <button
          type="submit"
          // Saving goes through the API from the browser: the button waits for hydration.
          disabled={props.busy || !props.hydrated}
          className={buttonClass.primary}
        >
          {props.busy ? t("editor:form.saving") : props.submitLabel}
        </button>
      </div>
    </div>
  );
}

/** Classes of the labels of the editor forms. */
export const labelClass = "block text-sm font-semibold text-stone-900";

/** A hint or error line under a control. */
export function FieldNote(props: { id: string; kind: "hint" | "error"; children: ReactNode }) {
  return (
    <p
      id={props.id}
      className={
        props.kind === "error"
          ? "mt-1 text-sm font-medium text-red-800"
          : "mt-1 text-sm text-stone-600"
      }
    >
      {props.children}
    </p>
  );
}

/** Today in the browser's time zone, as `YYYY-MM-DD`. */
export function localToday(now = new Date()): string {
  const local = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

/**
 * The title of an entry or a post; `urlHint` says, once the record exists, that its address
 * keeps the first title, and `standIn`, while the field is empty, under which title the
 * autosave keeps the record (ADR 047). A one-line text that wraps: a long title stays readable as a whole
 * (the field grows with it, no scrolling inside a single line); line breaks are not part of a
 * title, so Enter submits as in a text input and pasted breaks become spaces.
 */
export function TitleField(props: {
  id: string;
  value: string;
  onChange: (title: string) => void;
  error: string | undefined;
  urlHint: boolean;
  /** The stand-in title the record is saved under while the field is empty (ADR 047). */
  standIn?: string;
}) {
  const { t } = useAppTranslation();
  const ref = useRef<HTMLTextAreaElement>(null);
  // The field is as tall as its text: measured after each change and when its width changes.
  useLayoutEffect(() => {
    const field = ref.current;
    if (!field) return;
    const fit = () => {
      field.style.height = "auto";
      field.style.height = `${String(field.scrollHeight + field.offsetHeight - field.clientHeight)}px`;
    };
    fit();
    // Only a new width can change the height the text needs (and resizing here must not
    // observe its own height change).
    let width = field.clientWidth;
    const observer = new ResizeObserver(() => {
      if (field.clientWidth === width) return;
      width = field.clientWidth;
      fit();
    });
    observer.observe(field);
    return () => {
      observer.disconnect();
    };
  }, [props.value]);
  return (
    <FormField
      id={props.id}
      label={t("editor:fields.title")}
      hint={
        props.standIn !== undefined
          ? t("autosave:standIn", { title: props.standIn })
          : props.urlHint
            ? t("editor:fields.urlHint")
            : undefined
      }
      error={props.error}
    >
      {(field) => (
        <textarea
          ref={ref}
          id={field.id}
          name="title"
          rows={1}
          required
          maxLength={200}
          value={props.value}
          onChange={(event) => {
            props.onChange(event.currentTarget.value.replace(/\s*[\r\n]+\s*/g, " "));
          }}
          onKeyDown={(event) => {
            if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
            event.preventDefault();
            event.currentTarget.form?.requestSubmit();
          }}
          aria-invalid={field.invalid || undefined}
          aria-describedby={field.describedBy}
          className={`${inputClass} field-sizing-content resize-none overflow-hidden text-lg break-words`}
        />
      )}
    </FormField>
  );
}
