/**
 * The form shell the entry and post editors share: the `<form>` with its draft offer, error
 * summary, action bar and leave guard; the save (create or update through the browser's SDK
 * client, field errors, notifications, then the record's page); and edit conflicts (ADR 028):
 * a non-blocking warning when the record is saved or deleted elsewhere while it is open, and
 * a question before a save would overwrite a newer version, checked with a fresh read even
 * when realtime is unavailable.
 */
import { useEffect, useId, useRef, useState, type ReactNode, type SubmitEvent } from "react";
import { ClientResponseError } from "pocketbase";
import { useAppTranslation } from "../../lib/i18n.ts";
import { getBrowserClient } from "../../lib/browser-client.ts";
import { requestErrorMessage } from "../../lib/api-errors.ts";
import { useSafeNavigate } from "../../lib/navigation.ts";
import { useNotify } from "../../components/notifications/notifications.tsx";
import { buttonClass } from "../../components/ui/button-link.tsx";
import { LiveIndicator } from "../../components/live/live-indicator.tsx";
import type { LiveStatus } from "../../components/live/live-session.ts";
import { useLiveRecords, type LiveEvent } from "../../components/live/use-live-records.ts";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { apiTime, isNewer, remoteChange, type RemoteChange } from "./conflict.ts";
import { editorFieldErrors } from "./editor-errors.ts";
import {
  DraftOffer,
  ErrorSummary,
  FormActions,
  useHydrated,
  useSaveShortcut,
  useTimeFormat,
  type FieldProblem,
} from "./editor-form.tsx";
import { UnsavedChangesGuard } from "./unsaved-changes.tsx";
import type { EditorDraft } from "./use-editor-draft.ts";

/** A saved entry or post, as far as the shell is concerned. */
export interface SavedRecord {
  id: string;
  updated: string;
}

/** Options of {@link useRecordForm}. */
export interface RecordFormOptions<R extends SavedRecord> {
  collection: "entries" | "posts";
  /** The record being edited (as loaded); a new one is created when absent. */
  record: R | undefined;
  /** Puts a version saved elsewhere into the form ("Reload their version"). */
  onReload: (fresh: R) => void;
}

/** What one save sends and does, given by each editor. */
export interface SaveSpec<R extends SavedRecord> {
  /** The request body (files included; multipart then). */
  body: Record<string, unknown>;
  /**
   * Runs after a successful save (ends the draft, fixes links to new files); returns the
   * record to show.
   */
  after: (saved: R) => Promise<R>;
  /** The saved record's page. */
  href: (saved: R) => string;
}

/** Field errors by field name. */
export type FieldErrors = Record<string, string>;

/** The form's shared state and its save. */
export interface RecordForm<R extends SavedRecord> {
  formId: string;
  busy: boolean;
  hydrated: boolean;
  errors: FieldErrors;
  setErrors: (update: (current: FieldErrors) => FieldErrors) => void;
  failure: string | null;
  /** Set once saved: the leave guard lets the page go. */
  saved: () => boolean;
  /** Saves with this spec (asks first if a newer version exists on the server). */
  submit: (spec: SaveSpec<R>) => Promise<void>;
  /** What the conflict UI needs. */
  conflict: ConflictState;
  /** Whether changes elsewhere reach this form now (the warning works only then). */
  live: LiveStatus;
}

/** The conflict UI's state and actions. */
export interface ConflictState {
  kind: "entry" | "post";
  /** A version saved or a delete elsewhere, not yet acknowledged. */
  remote: RemoteChange | null;
  /** The newer version a save would overwrite (the question is open), or null. */
  overwrite: string | null;
  reloading: boolean;
  reload: () => void;
  keepMine: () => void;
  confirmOverwrite: () => void;
  cancelOverwrite: () => void;
}

/** Shared state, save and conflict handling of an entry or post form. */
export function useRecordForm<R extends SavedRecord>(options: RecordFormOptions<R>): RecordForm<R> {
  const { t } = useAppTranslation();
  const navigate = useSafeNavigate();
  const notify = useNotify();
  const hydrated = useHydrated();
  const formId = useId();
  const { collection, record } = options;
  const kind = collection === "entries" ? "entry" : "post";
  const savedRef = useRef(false);
  // While this form's own PATCH is in flight, its own event may arrive before the answer.
  const savingRef = useRef(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The `updated` of the version the form is based on (or that the writer chose to replace).
  const [base, setBase] = useState(record?.updated ?? "");
  const baseRef = useRef(base);
  const [remote, setRemote] = useState<RemoteChange | null>(null);
  const [overwrite, setOverwrite] = useState<{ updated: string; spec: SaveSpec<R> } | null>(null);
  const [reloading, setReloading] = useState(false);
  const onReload = useRef(options.onReload);
  useEffect(() => {
    baseRef.current = base;
    onReload.current = options.onReload;
  });

  const { status: live } = useLiveRecords({
    topics: record ? [{ collection, topic: record.id }] : [],
    onEvents: (events: LiveEvent[]) => {
      for (const event of events) {
        if (event.kind !== "record" || savedRef.current || savingRef.current) continue;
        const change = remoteChange(baseRef.current, event);
        if (change) setRemote(change);
      }
      // The form keeps the writer's text: nothing to revalidate.
      return false;
    },
  });

  function fail(error: unknown) {
    const byField = editorFieldErrors(error, t) as FieldErrors;
    setErrors(byField);
    const message = Object.keys(byField).length
      ? t("editor:form.failed")
      : error instanceof ClientResponseError && error.status === 403
        ? t("shell:requestErrors.forbidden")
        : requestErrorMessage(error, t);
    setFailure(message);
    notify.error(message);
    requestAnimationFrame(() => {
      document.querySelector<HTMLElement>('[data-testid="error-summary"]')?.focus();
    });
  }

  async function save(spec: SaveSpec<R>, checked: boolean) {
    const records = getBrowserClient().collection(collection);
    let saved: R;
    try {
      if (record && !checked) {
        // Without realtime too: a fresh read tells whether someone saved since (ADR 028).
        const current = await records.getOne<SavedRecord>(record.id, { fields: "id,updated" });
        if (isNewer(current.updated, baseRef.current)) {
          setOverwrite({ updated: current.updated, spec });
          setBusy(false);
          return;
        }
      }
      savingRef.current = true;
      saved = record
        ? await records.update<R>(record.id, spec.body)
        : await records.create<R>(spec.body);
    } catch (error) {
      savingRef.current = false;
      fail(error);
      setBusy(false);
      return;
    }
    savedRef.current = true;
    saved = await spec.after(saved);
    setBase(saved.updated);
    notify.success(t("editor:form.saved"));
    setBusy(false);
    await navigate(spec.href(saved));
  }

  return {
    formId,
    busy,
    hydrated,
    errors,
    setErrors,
    failure,
    saved: () => savedRef.current,
    live,
    submit: async (spec) => {
      if (busy) return;
      setBusy(true);
      setErrors({});
      setFailure(null);
      await save(spec, false);
    },
    conflict: {
      kind,
      remote,
      overwrite: overwrite?.updated ?? null,
      reloading,
      reload: () => {
        if (!record) return;
        setReloading(true);
        getBrowserClient()
          .collection(collection)
          .getOne<R>(record.id)
          .then(
            (fresh) => {
              setBase(fresh.updated);
              baseRef.current = fresh.updated;
              setRemote(null);
              setOverwrite(null);
              onReload.current(fresh);
              notify.info(t("live:conflict.reloaded"));
            },
            (error: unknown) => {
              notify.requestError(error);
            },
          )
          .finally(() => {
            setReloading(false);
          });
      },
      keepMine: () => {
        if (remote?.kind === "updated") setBase(remote.updated);
        setRemote(null);
        notify.info(t("live:conflict.kept"));
      },
      confirmOverwrite: () => {
        if (!overwrite) return;
        setBase(overwrite.updated);
        baseRef.current = overwrite.updated;
        setRemote(null);
        setOverwrite(null);
        setBusy(true);
        void save(overwrite.spec, true);
      },
      cancelOverwrite: () => {
        if (overwrite) setRemote({ kind: "updated", updated: overwrite.updated });
        setOverwrite(null);
      },
    },
  };
}

/** Props of {@link RecordFormShell}. */
export interface RecordFormShellProps<R extends SavedRecord> {
  form: RecordForm<R>;
  draft: Pick<EditorDraft<unknown>, "lastSaved" | "discard"> & {
    offer: { savedAt: number } | null;
  };
  /** Restores the offered draft's values into the form. */
  onRestoreDraft: () => void;
  problems: FieldProblem[];
  onFocusField: (target: string) => void;
  onSubmit: () => void;
  submitLabel: string;
  cancelTo: string;
  /** Whether leaving would lose something. */
  dirty: () => boolean;
  children: ReactNode;
}

/** The `<form>` around an editor's fields, with everything the two editors share. */
export function RecordFormShell<R extends SavedRecord>(props: RecordFormShellProps<R>) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const { form, draft } = props;
  const formRef = useRef<HTMLFormElement>(null);
  useSaveShortcut(formRef);
  return (
    <form
      ref={formRef}
      method="post"
      noValidate
      onSubmit={(event: SubmitEvent<HTMLFormElement>) => {
        event.preventDefault();
        props.onSubmit();
      }}
      className="grid gap-6"
      aria-busy={form.busy || undefined}
    >
      <ConflictBanner conflict={form.conflict} />
      {draft.offer && (
        <DraftOffer
          savedAt={draft.offer.savedAt}
          onRestore={() => {
            props.onRestoreDraft();
            notify.info(t("editor:draft.restored"));
          }}
          onDiscard={() => {
            draft.discard();
            notify.info(t("editor:draft.discarded"));
          }}
        />
      )}
      {form.failure && (
        <ErrorSummary
          message={form.failure}
          problems={props.problems}
          onFocusField={props.onFocusField}
        />
      )}
      {props.children}
      <FormActions
        submitLabel={props.submitLabel}
        busy={form.busy}
        hydrated={form.hydrated}
        cancelTo={props.cancelTo}
        lastSaved={draft.lastSaved}
        extra={<LiveIndicator status={form.live} />}
      />
      <UnsavedChangesGuard dirty={props.dirty} />
      <OverwriteQuestion conflict={form.conflict} />
    </form>
  );
}

/** "This entry was changed elsewhere at 14:32 — Reload their version / Keep mine". */
function ConflictBanner({ conflict }: { conflict: ConflictState }) {
  const { t } = useAppTranslation();
  const format = useTimeFormat();
  const { remote, kind } = conflict;
  return (
    // Empty, it leaves the grid's flow (no gap) but stays a live region.
    <div aria-live="polite" className="empty:absolute" data-testid="edit-conflict">
      {remote?.kind === "deleted" && (
        <p className="rounded border border-red-300 bg-red-50 p-4 text-red-900">
          {kind === "entry" ? t("live:conflict.deletedEntry") : t("live:conflict.deletedPost")}
        </p>
      )}
      {remote?.kind === "updated" && (
        <div className="flex flex-col gap-3 rounded border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p className="font-semibold">
              {t(kind === "entry" ? "live:conflict.changedEntry" : "live:conflict.changedPost", {
                time: format(apiTime(remote.updated)),
              })}
            </p>
            <p className="text-sm">{t("live:conflict.changedHint")}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              onClick={conflict.reload}
              disabled={conflict.reloading}
              className={buttonClass.primary}
            >
              {t("live:conflict.reload")}
            </button>
            <button type="button" onClick={conflict.keepMine} className={buttonClass.secondary}>
              {t("live:conflict.keep")}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

/** The question before a save would replace a newer version. */
function OverwriteQuestion({ conflict }: { conflict: ConflictState }) {
  const { t } = useAppTranslation();
  const format = useTimeFormat();
  return (
    <ConfirmDialog
      open={conflict.overwrite !== null}
      title={t("live:conflict.confirmTitle")}
      confirmLabel={t("live:conflict.confirmSave")}
      cancelLabel={t("live:conflict.confirmCancel")}
      destructive
      onConfirm={conflict.confirmOverwrite}
      onCancel={conflict.cancelOverwrite}
    >
      <p>
        {t("live:conflict.confirmText", {
          time: conflict.overwrite ? format(apiTime(conflict.overwrite)) : "",
        })}
      </p>
    </ConfirmDialog>
  );
}
