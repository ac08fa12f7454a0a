/**
 * The entry form of `/entry/create` and `/entry/update/{username}/{name}`: the record-editor
 * kit's title, Markdown text and history (`../kit/record-editor.tsx`: drafts, autosave,
 * conflicts, the error summary, the save), plus the entry's own fields: date, collection,
 * visibility, tags and attachments (multipart when files go with the save; links to files
 * picked before it are resolved once their stored names are known). The entry's name (its
 * URL) is made by the server from the title on creation and never changes afterwards, unless
 * the autosave created it under a stand-in title: the writer's first title then makes it
 * again (ADR 047).
 */
import { useRef, useState } from "react";
import { useAppTranslation } from "../../../lib/i18n/i18n.ts";
import { getBrowserClient } from "../../../api/client/browser-client.ts";
import type { CollectionRecord, EntryRecord } from "../../../api/records/records.ts";
import { useNotify } from "../../../components/notifications/notifications.tsx";
import { TextInput } from "../../../components/ui/form-controls.tsx";
import { AttachmentsField } from "./attachments-field.tsx";
import { CollectionField } from "./collection-field.tsx";
import {
  addedNames,
  hasPendingLinks,
  MAX_ATTACHMENT_SIZE,
  MAX_ATTACHMENTS,
  newPendingFile,
  previewPendingLinks,
  resolvePendingLinks,
  type PendingFile,
} from "./attachments.ts";
import { useLocalToday, type FieldProblem } from "../kit/editor-form.tsx";
import { fileMarkdown, isImageName } from "../markdown/format-commands.ts";
import { useFreshFileToken } from "../../../lib/records/file-token.ts";
import { MarkdownPreview } from "../../../components/records/markdown-preview.tsx";
import { RecordEditorForm, useRecordEditor } from "../kit/record-editor.tsx";
import { entryTarget, entryValues, type EntryValues } from "./entry-values.ts";
import { entryRecordState } from "../../../components/live/live-indicator.tsx";
import { TagInput } from "../kit/tag-input.tsx";
import { usePendingPreviews } from "./use-pending-previews.ts";
import { VisibilityField } from "./visibility-field.tsx";
import { CommentModeField } from "../kit/comment-mode-field.tsx";
import { files, paths } from "../../../lib/paths.ts";
import { updateRecord } from "../../../api/records/record-writes.ts";

/** Props of {@link EntryEditor}. */
export interface EntryEditorProps {
  /** The author (the signed-in user). */
  author: { id: string; username: string };
  /** The entry to edit; a new one is created when absent. */
  entry?: EntryRecord;
  /** The author's collections. */
  collections: Pick<CollectionRecord, "id" | "title">[];
  /** Today on the server (`YYYY-MM-DD`), the default date of a new entry. */
  today: string;
  /** A file token for the protected attachments of a private entry. */
  fileToken?: string;
}

/** The entry form. */
export function EntryEditor(props: EntryEditorProps) {
  const { t } = useAppTranslation();
  const { author } = props;
  const notify = useNotify();
  const fileInputRef = useRef<HTMLInputElement>(null);
  const insertPicked = useRef(false);
  // The loader's file token, kept valid however long the form stays open.
  const { token: fileToken, onFileLinkClick } = useFreshFileToken(props.fileToken);
  const [pending, setPending] = useState<PendingFile[]>([]);
  const [removed, setRemoved] = useState<string[]>([]);
  const previews = usePendingPreviews(pending);
  const editor = useRecordEditor({
    target: entryTarget,
    author,
    loaded: props.entry,
    valuesOf: (entry: EntryRecord | undefined) => entryValues(entry, props.today),
    files: pending.length > 0 || removed.length > 0,
    onReloaded: () => {
      setRemoved([]);
    },
  });
  const { record: entry, values, set, form, editorRef } = editor;
  const { formId, errors, setErrors } = form;
  const stored = entry?.attachments ?? [];

  const ids = {
    title: editor.titleId,
    date: `${formId}-date`,
    collection: `${formId}-collection`,
  };

  // A new entry is about the writer's today, not the server's (their time zones may differ).
  const today = useLocalToday(props.today);
  const [seenToday, setSeenToday] = useState(props.today);
  if (!entry && seenToday !== today) {
    setSeenToday(today);
    const moveDate = (current: EntryValues) =>
      current.date === seenToday ? { ...current, date: today } : current;
    editor.setInitial(moveDate);
    editor.setValues(moveDate);
  }

  function pick(files: File[]) {
    const room = MAX_ATTACHMENTS - (stored.length - removed.length) - pending.length;
    const accepted: PendingFile[] = [];
    const refused: string[] = [];
    for (const file of files) {
      if (file.size > MAX_ATTACHMENT_SIZE)
        refused.push(
          t("editor:attachments.tooLarge", {
            name: file.name,
            size: MAX_ATTACHMENT_SIZE / 1024 / 1024,
          }),
        );
      else if (accepted.length >= room)
        refused.push(t("editor:attachments.tooMany", { max: MAX_ATTACHMENTS }));
      else accepted.push(newPendingFile(file, [...pending, ...accepted]));
    }
    setErrors((current) => {
      const next = { ...current };
      if (refused.length) next.attachments = [...new Set(refused)].join(" ");
      else delete next.attachments;
      return next;
    });
    setPending((current) => [...current, ...accepted]);
    if (insertPicked.current) {
      insertPicked.current = false;
      for (const { file, ref } of accepted) {
        editorRef.current?.insert(fileMarkdown(file.name, ref, isImageName(file.name)), true);
      }
    }
  }

  function handleSubmit() {
    const uploads: Record<string, unknown> = {};
    if (pending.length) uploads["attachments+"] = pending.map((p) => p.file);
    if (removed.length) uploads["attachments-"] = removed;
    editor.save({
      body: uploads,
      // Links to files picked before the save point at placeholders until now.
      after: async (saved) => {
        if (!hasPendingLinks(values.content, pending)) return saved;
        const names = addedNames(stored, saved.attachments);
        const content = resolvePendingLinks(values.content, pending, names, (name) =>
          files.stored("entries", saved.id, name),
        );
        try {
          if (content !== values.content)
            return await updateRecord<EntryRecord>(getBrowserClient(), "entries", saved.id, {
              content,
            });
        } catch (error) {
          notify.requestError(error);
        }
        return saved;
      },
      href: (saved) => paths.entry(author.username, saved.name),
    });
  }

  const problems: FieldProblem[] = (
    [
      ["title", ids.title, t("editor:fields.title")],
      ["content", "content", t("editor:markdown.label")],
      ["date", ids.date, t("editor:fields.date")],
      ["collection", ids.collection, t("editor:fields.collection")],
      ["visibility", `${formId}-visibility-${values.visibility}`, t("editor:fields.visibility")],
      ["tags", `${formId}-tags`, t("editor:fields.tags")],
      ["comments", `${formId}-comments`, t("comments:mode.label")],
      ["attachments", `${formId}-attachments`, t("editor:attachments.label")],
    ] as const
  ).flatMap(([field, target, label]) => {
    const message = errors[field];
    return message ? [{ target, label, message }] : [];
  });
  const other = Object.entries(errors).filter(
    ([field]) =>
      ![
        "title",
        "content",
        "date",
        "collection",
        "visibility",
        "tags",
        "comments",
        "attachments",
      ].includes(field),
  );

  const cancelTo = entry ? paths.entry(author.username, entry.name) : paths.archive();
  const fileUrl = (name: string) => (entry ? files.stored("entries", entry.id, name) : "");
  const downloadUrl = (name: string) => {
    const query = new URLSearchParams({ download: "1" });
    if (fileToken) query.set("token", fileToken);
    return `${fileUrl(name)}?${query.toString()}`;
  };

  return (
    <RecordEditorForm
      editor={editor}
      problems={[
        ...problems,
        ...other.map(([field, message]) => ({
          target: ids.title,
          label: field,
          message,
        })),
      ]}
      onSubmit={handleSubmit}
      cancelTo={cancelTo}
      recordState={entryRecordState(entry)}
      markdown={{
        onAttach: () => {
          insertPicked.current = true;
          fileInputRef.current?.click();
        },
        // Pasted or dropped: attached and linked at the caret, as picked ones are.
        onFiles: (dropped) => {
          insertPicked.current = true;
          pick(dropped);
        },
        renderPreview: (text) => (
          <MarkdownPreview
            text={previewPendingLinks(text, pending)}
            localFiles={previews}
            fileToken={fileToken}
            ownFiles={entry ? files.stored("entries", entry.id, "") : undefined}
            onFileLinkClick={onFileLinkClick}
          />
        ),
      }}
    >
      <div className="grid gap-6 md:grid-cols-2">
        <TextInput
          id={ids.date}
          label={t("editor:fields.date")}
          hint={t("editor:fields.dateHint")}
          error={errors.date}
          name="date"
          type="date"
          value={values.date}
          onChange={(event) => {
            set("date", event.currentTarget.value);
          }}
        />
        <CollectionField
          id={ids.collection}
          value={values.collection}
          onChange={(collection) => {
            set("collection", collection);
          }}
          error={errors.collection}
          collections={props.collections}
          ownerId={author.id}
        />
      </div>

      <VisibilityField
        idPrefix={`${formId}-visibility`}
        value={values.visibility}
        onChange={(visibility) => {
          set("visibility", visibility);
        }}
        error={errors.visibility}
      />

      {/* Comments show under public entries only (ADR 065): the choice waits until then. */}
      {values.visibility === "public" && (
        <CommentModeField
          id={`${formId}-comments`}
          value={values.comments ?? ""}
          onChange={(mode) => {
            set("comments", mode);
          }}
          error={errors.comments}
        />
      )}

      <div id={`${formId}-tags-field`}>
        <TagInput
          id={`${formId}-tags`}
          name="tags"
          value={values.tags}
          onChange={(tags) => {
            set("tags", tags);
          }}
          error={errors.tags}
        />
      </div>

      <div id={`${formId}-attachments`} tabIndex={-1}>
        <AttachmentsField
          stored={stored}
          removed={removed}
          pending={pending}
          onAdd={() => {
            insertPicked.current = false;
            fileInputRef.current?.click();
          }}
          onToggleRemove={(name) => {
            setRemoved((current) =>
              current.includes(name) ? current.filter((n) => n !== name) : [...current, name],
            );
          }}
          onDropPending={(key) => {
            setPending((current) => current.filter((file) => file.key !== key));
          }}
          onInsert={(markdown) => {
            editorRef.current?.insert(markdown, true);
          }}
          linkUrl={fileUrl}
          downloadUrl={downloadUrl}
          onDownloadClick={onFileLinkClick}
          error={errors.attachments}
        />
        <input
          ref={fileInputRef}
          type="file"
          multiple
          hidden
          tabIndex={-1}
          onChange={(event) => {
            const files = Array.from(event.currentTarget.files ?? []);
            event.currentTarget.value = "";
            if (files.length) pick(files);
          }}
        />
      </div>
    </RecordEditorForm>
  );
}
