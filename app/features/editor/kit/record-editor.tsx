/**
 * The record-editor kit: what the entry and post editors share, written once. Each editor
 * keeps only what differs (its own fields, its files, where a save leads).
 *
 * - {@link useRecordEditor}: the version being edited (the loaded one, one an autosave wrote,
 *   or one reloaded after a change elsewhere), the form's values and their defaults, the form's
 *   state and saves (`record-form.tsx`), the Markdown editor's handle, moving the focus to a
 *   field of the error summary, taking a draft back, and the explicit save.
 * - {@link RecordEditorForm}: the `<form>` (`record-form-shell.tsx`) with the title, the
 *   Markdown editor and its history, then the editor's own fields.
 *
 * @example
 * const editor = useRecordEditor({ target: postTarget, author, loaded: props.post, valuesOf, files });
 * return <RecordEditorForm editor={editor} …>{own fields}</RecordEditorForm>;
 */
import { useRef, useState, type ReactNode, type RefObject } from "react";
import type { RecordState } from "../../../components/live/live-indicator.tsx";
import type { ApiRecord } from "../../../api/records/records.ts";
import { useAppTranslation } from "../../../lib/i18n/i18n.ts";
import type { AutosaveTarget } from "../autosave/autosave-target.ts";
import type { TitledValues } from "../autosave/stand-in-title.ts";
import { HistoryPanel } from "../history/history-panel.tsx";
import {
  MarkdownEditor,
  type MarkdownEditorHandle,
  type MarkdownEditorProps,
} from "../markdown/markdown-editor.tsx";
import { TitleField, type FieldProblem } from "./editor-form.tsx";
import { useRecordForm, type RecordForm, type SavedRecord } from "./record-form.tsx";
import { RecordFormShell } from "./record-form-shell.tsx";
import {
  QueuedFiles,
  removeQueuedFile,
  useQueuedFiles,
} from "../../../components/offline/queued-files.tsx";

/** A record an editor edits: an entry or a post. */
export type EditedRecord = SavedRecord & ApiRecord & { title: string };

/** Options of {@link useRecordEditor}. */
export interface RecordEditorOptions<V extends TitledValues, R extends EditedRecord> {
  /** The kind of record: its values, their request body and their autosave. */
  target: AutosaveTarget<V, R>;
  /** The author (the signed-in user). */
  author: { id: string; username: string };
  /** The record the page loaded; a new one is created when absent. */
  loaded: R | undefined;
  /** The form values of a stored record, or a new record's defaults. */
  valuesOf: (record: R | undefined) => V;
  /** Whether files were picked or removed (only an explicit save sends them). */
  files: boolean;
  /** A version saved elsewhere was put into the form: the editor resets its own state too. */
  onReloaded?: () => void;
}

/** What one explicit save sends besides the values, and what follows it. */
export interface EditorSave<R> {
  /** The request body: the values' body and the editor's files (multipart then). */
  body: Record<string, unknown>;
  /** Runs after the save (the draft is over by then); returns the record to show. */
  after?: (saved: R) => Promise<R>;
  /** The saved record's page. */
  href: (saved: R) => string;
}

/** The editor's state and actions (see {@link useRecordEditor}). */
export interface RecordEditor<V extends TitledValues, R extends EditedRecord> {
  target: AutosaveTarget<V, R>;
  /** The author (the signed-in user). */
  author: { id: string; username: string };
  /** The record the page loaded (the submit button says "Save" for it, "Create" otherwise). */
  loaded: R | undefined;
  /** The version being edited: the loaded one, one an autosave created or wrote, or reloaded. */
  record: R | undefined;
  /** The values of the stored record (a new record's defaults). */
  initial: V;
  setInitial: (update: (current: V) => V) => void;
  /** The values in the form now. */
  values: V;
  setValues: (update: V | ((current: V) => V)) => void;
  /** Sets one field. */
  set: <K extends keyof V>(field: K, value: V[K]) => void;
  /** The form's state, saves and conflicts. */
  form: RecordForm<V, R>;
  /** The Markdown editor. */
  editorRef: RefObject<MarkdownEditorHandle | null>;
  /** The title field's id. */
  titleId: string;
  /** Moves the focus to a field named by the error summary (`content`: the text). */
  focusField: (target: string) => void;
  /** Takes the offered draft (or pending edits) back into the form; resolves whether it did. */
  restoreDraft: () => Promise<boolean>;
  /** Saves explicitly: the values' body plus `save.body` (the author too, for a new record). */
  save: (save: EditorSave<R>) => void;
}

/** The state and actions an entry or post editor shares; see the module comment. */
export function useRecordEditor<V extends TitledValues, R extends EditedRecord>(
  options: RecordEditorOptions<V, R>,
): RecordEditor<V, R> {
  const { target, author, valuesOf } = options;
  const editorRef = useRef<MarkdownEditorHandle>(null);
  // The version being edited: the loaded one, or one reloaded after a change elsewhere.
  const [record, setRecord] = useState(options.loaded);
  const [initial, setInitial] = useState(() => valuesOf(record));
  const [values, setValues] = useState(initial);
  const form = useRecordForm({
    target,
    author,
    record,
    initial,
    values,
    files: options.files,
    onReload: (fresh: R) => {
      const next = valuesOf(fresh);
      setRecord(fresh);
      setInitial(next);
      setValues(next);
      options.onReloaded?.();
    },
    // An autosave created or updated the record: the form edits that version now.
    onRecord: setRecord,
  });

  return {
    target,
    author,
    loaded: options.loaded,
    record,
    initial,
    setInitial,
    values,
    setValues,
    set: (field, value) => {
      setValues((current) => ({ ...current, [field]: value }));
    },
    form,
    editorRef,
    titleId: `${form.formId}-title`,
    focusField: (id) => {
      if (id === "content") {
        editorRef.current?.focus();
        return;
      }
      const element = document.getElementById(id);
      element?.focus();
      element?.scrollIntoView({ block: "center" });
    },
    restoreDraft: async () => {
      const restored = await form.draft.restore();
      if (restored) setValues(restored);
      return restored !== null;
    },
    save: ({ body, after, href }) => {
      const sent: Record<string, unknown> = { ...target.body(values) };
      if (!record) sent.author = author.id;
      Object.assign(sent, body);
      void form.submit({
        body: sent,
        after: (saved: R) => {
          form.draft.finish();
          return after ? after(saved) : Promise.resolve(saved);
        },
        href,
      });
    },
  };
}

/** Props of {@link RecordEditorForm}. */
export interface RecordEditorFormProps<V extends TitledValues, R extends EditedRecord> {
  editor: RecordEditor<V, R>;
  /** The fields to fix after a refused save, in the summary's order. */
  problems: FieldProblem[];
  onSubmit: () => void;
  /** Where Cancel leads. */
  cancelTo: string;
  /** What the stored record is when not public (said instead of "Live"). */
  recordState: RecordState | undefined;
  /** The Markdown editor's own options: its preview, and attach or image-template tools. */
  markdown: Pick<
    MarkdownEditorProps,
    "renderPreview" | "onAttach" | "onAddImages" | "onFiles" | "imageTemplate" | "describedBy"
  >;
  /** Fields between the title and the text (a post's excerpt). */
  beforeText?: ReactNode;
  /** The editor's other fields, after the text. */
  children: ReactNode;
}

/** The form of an entry or post editor: title, text and history, then the editor's fields. */
export function RecordEditorForm<V extends TitledValues, R extends EditedRecord>(
  props: RecordEditorFormProps<V, R>,
) {
  const { t } = useAppTranslation();
  const { editor } = props;
  const { form, record, values } = editor;
  const { errors } = form;
  // Files an explicit save kept offline for this record, waiting in the outbox (ADR 072).
  const queuedKey = `${editor.target.collection}/${record?.id ?? form.newId}`;
  const queued = useQueuedFiles(editor.author.id, queuedKey);
  return (
    <RecordFormShell
      form={form}
      onRestoreDraft={editor.restoreDraft}
      onOfferAnswered={(restored) => {
        // The offer's buttons are gone: the writer goes on in the text, or starts at the title.
        requestAnimationFrame(() => {
          if (restored) editor.editorRef.current?.focus();
          else document.getElementById(editor.titleId)?.focus();
        });
      }}
      problems={props.problems}
      onFocusField={editor.focusField}
      onSubmit={props.onSubmit}
      submitLabel={editor.loaded ? t("editor:form.save") : t("editor:form.create")}
      cancelTo={props.cancelTo}
      recordState={props.recordState}
    >
      <TitleField
        id={editor.titleId}
        value={values.title}
        onChange={(title) => {
          editor.set("title", title);
        }}
        error={errors.title}
        urlHint={Boolean(record) && !form.standIn}
        standIn={form.standIn && !values.title.trim() ? record?.title : undefined}
      />
      {props.beforeText && <div data-focus-hide="">{props.beforeText}</div>}
      <MarkdownEditor
        name="content"
        value={values.content}
        onChange={(content) => {
          editor.set("content", content);
        }}
        error={errors.content}
        handleRef={editor.editorRef}
        {...props.markdown}
        tools={
          record && (
            <HistoryPanel
              collection={editor.target.collection}
              recordId={record.id}
              current={values}
              unsaved={form.unsaved}
              write={form.ownWrite}
            />
          )
        }
      />
      {/* The record's other fields step aside in focus mode. */}
      <div data-focus-hide="" className="grid gap-6">
        {props.children}
        <QueuedFiles
          heading="h2"
          files={queued}
          onRemove={(key) => {
            removeQueuedFile(editor.author.id, queuedKey, key);
          }}
        />
      </div>
    </RecordFormShell>
  );
}
