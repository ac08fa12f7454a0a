/**
 * Pieces shared by the entry and post forms: the draft offer, the list of fields to fix after
 * a refused save, the action bar (save button, draft status, cancel), Ctrl/Cmd+S, and a
 * few small helpers.
 */
import { useEffect, useSyncExternalStore, type ReactNode, type RefObject } from "react";
import { Link } from "react-router";
import { useAppTranslation } from "../../lib/i18n.ts";
import { buttonClass } from "../../components/ui/button-link.tsx";
import { FormField, inputClass } from "../../components/ui/form-field.tsx";
import { useSession } from "../../components/session-provider.tsx";

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
      form.current?.requestSubmit();
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

/** The offer of a draft found in the browser. */
export function DraftOffer(props: {
  savedAt: number;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  const { t } = useAppTranslation();
  const format = useTimeFormat();
  return (
    <div
      role="status"
      data-testid="draft-offer"
      className="flex flex-col gap-3 rounded border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-center sm:justify-between"
    >
      <p>{t("editor:draft.found", { time: format(props.savedAt) })}</p>
      <div className="flex flex-wrap gap-2">
        <button type="button" onClick={props.onRestore} className={buttonClass.primary}>
          {t("editor:draft.restore")}
        </button>
        <button type="button" onClick={props.onDiscard} className={buttonClass.secondary}>
          {t("editor:draft.discard")}
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

/** The bottom bar: save, the draft's status, and a way back. */
export function FormActions(props: {
  submitLabel: string;
  busy: boolean;
  hydrated: boolean;
  cancelTo: string;
  lastSaved: number | false | null;
  extra?: ReactNode;
}) {
  const { t } = useAppTranslation();
  const format = useTimeFormat();
  return (
    <div className="sticky bottom-0 z-10 -mx-4 flex flex-col gap-2 border-t border-stone-200 bg-stone-50/95 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
      <p aria-live="polite" className="text-sm text-stone-700" data-testid="draft-status">
        {props.lastSaved === false
          ? t("editor:draft.notKept")
          : props.lastSaved
            ? t("editor:draft.kept", { time: format(props.lastSaved) })
            : ""}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {props.extra}
        <Link to={props.cancelTo} className={buttonClass.secondary}>
          {t("editor:form.cancel")}
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
 * keeps the first title.
 */
export function TitleField(props: {
  id: string;
  value: string;
  onChange: (title: string) => void;
  error: string | undefined;
  urlHint: boolean;
}) {
  const { t } = useAppTranslation();
  return (
    <FormField
      id={props.id}
      label={t("editor:fields.title")}
      hint={props.urlHint ? t("editor:fields.urlHint") : undefined}
      error={props.error}
    >
      {(field) => (
        <input
          id={field.id}
          name="title"
          type="text"
          required
          maxLength={200}
          value={props.value}
          onChange={(event) => {
            props.onChange(event.currentTarget.value);
          }}
          aria-invalid={field.invalid || undefined}
          aria-describedby={field.describedBy}
          className={`${inputClass} text-lg`}
        />
      )}
    </FormField>
  );
}
