/**
 * The `<form>` the entry and post editors share (its state and saves are `record-form.tsx`):
 * the conflict warning, the offer of unsaved values (a browser draft, or pending edits kept
 * on the server), the error summary, the editor's fields, the action bar with the save
 * status, the leave guard and the overwrite question; Ctrl/Cmd+S submits it, and focus mode
 * (`focus-mode.tsx`) leaves only the words on the screen.
 */
import { useRef, type ReactNode, type SubmitEvent } from "react";
import { useAppTranslation } from "../../../lib/i18n/i18n.ts";
import { useNotify } from "../../../components/notifications/notifications.tsx";
import { LiveIndicator, type RecordState } from "../../../components/live/live-indicator.tsx";
import { ConflictBanner, OverwriteQuestion } from "./conflict-banner.tsx";
import {
  DraftOffer,
  ErrorSummary,
  FormActions,
  useSaveShortcut,
  type FieldProblem,
} from "./editor-form.tsx";
import type { RecordForm, SavedRecord } from "./record-form.tsx";
import { SaveStatusLine } from "../autosave/save-status.tsx";
import type { TitledValues } from "../autosave/stand-in-title.ts";
import { UnsavedChangesGuard } from "./unsaved-changes.tsx";
import { FocusModeButton, useFocusMode } from "./focus-mode.tsx";

/** Props of {@link RecordFormShell}. */
export interface RecordFormShellProps<V extends TitledValues, R extends SavedRecord> {
  form: RecordForm<V, R>;
  /** Restores the offered values into the form; resolves whether it did. */
  onRestoreDraft: () => Promise<boolean>;
  /** The writer answered the offer: restored it, or not. */
  onOfferAnswered: (restored: boolean) => void;
  problems: FieldProblem[];
  onFocusField: (target: string) => void;
  onSubmit: () => void;
  submitLabel: string;
  cancelTo: string;
  /** What the stored record is when not public (said instead of "Live"). */
  recordState?: RecordState | undefined;
  children: ReactNode;
}

/** The `<form>` around an editor's fields, with everything the two editors share. */
export function RecordFormShell<V extends TitledValues, R extends SavedRecord>(
  props: RecordFormShellProps<V, R>,
) {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const { form } = props;
  const { offer } = form.draft;
  const formRef = useRef<HTMLFormElement>(null);
  useSaveShortcut(formRef);
  const focus = useFocusMode(Boolean(form.failure));
  const server = offer?.source === "server";
  const started = offer?.started ?? null;
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
      <div className="flex justify-end">
        <FocusModeButton on={focus.on} onToggle={focus.toggle} />
      </div>
      <ConflictBanner conflict={form.conflict} />
      {offer && started && (
        <DraftOffer
          message={(time) =>
            started.title
              ? t("autosave:started.found", { title: started.title, time })
              : t("autosave:started.foundUntitled", { time })
          }
          hint={started.kept ? t("autosave:started.kept") : undefined}
          restoreLabel={t("autosave:started.continue")}
          discardLabel={t("autosave:started.discard")}
          savedAt={offer.savedAt}
          onRestore={async () => {
            if (!(await props.onRestoreDraft())) return;
            notify.info(t("autosave:started.continued"));
            props.onOfferAnswered(true);
          }}
          onDiscard={() => {
            form.draft.discard();
            notify.info(t("autosave:started.discarded"));
            props.onOfferAnswered(false);
          }}
        />
      )}
      {offer && !started && (
        <DraftOffer
          message={(time) =>
            server ? t("autosave:offer.found", { time }) : t("editor:draft.found", { time })
          }
          hint={server ? t("autosave:offer.hint") : undefined}
          restoreLabel={server ? t("autosave:offer.restore") : t("editor:draft.restore")}
          discardLabel={server ? t("autosave:offer.discard") : t("editor:draft.discard")}
          savedAt={offer.savedAt}
          onRestore={async () => {
            if (!(await props.onRestoreDraft())) return;
            notify.info(
              server
                ? t("autosave:offer.restored", { action: props.submitLabel })
                : t("editor:draft.restored"),
            );
            props.onOfferAnswered(true);
          }}
          onDiscard={() => {
            form.draft.discard();
            notify.info(server ? t("autosave:offer.discarded") : t("editor:draft.discarded"));
            props.onOfferAnswered(false);
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
        status={<SaveStatusLine {...form.status} action={props.submitLabel} />}
        extra={<LiveIndicator status={form.live} state={props.recordState} />}
      />
      <UnsavedChangesGuard dirty={form.dirty} />
      <OverwriteQuestion conflict={form.conflict} />
    </form>
  );
}
