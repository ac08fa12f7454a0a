/**
 * The quick actions of the rows of "My writing": Edit (the editor), Preview or View (the
 * record's page), Statistics (what others can read, ADR 070), Publish (a draft post, now, after a confirmation) and Delete (after a dialog
 * naming what goes). One publish dialog and one delete dialog serve the whole list (so the
 * page carries two, not two a row). Writes go through the browser's API client, so the API
 * decides; the page's data is then reloaded.
 */
import { useState, type ReactNode } from "react";
import { Link, useRevalidator } from "react-router";
import { BarChart3, Eye, Pencil, Send, Trash } from "lucide-react";
import { useNotify } from "../../components/notifications/notifications.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { parseApiDate } from "../../components/ui/formatted-date.tsx";
import { getBrowserClient } from "../../api/client/browser-client.ts";
import { browserDraftStorage, clearDraft, draftKey } from "../../lib/records/draft-storage.ts";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { NOTIFY_ONLY, useFormSubmit } from "../../components/forms/use-form-submit.ts";
import { paths } from "../../lib/paths.ts";
import { formatDateTime } from "./writing-dates.ts";
import type { PostRow, WritingItem } from "./writing-item.ts";
import { deleteRecord, updateRecord } from "../../api/records/record-writes.ts";

const actionClass =
  "inline-flex min-h-9 items-center gap-1.5 rounded border px-2.5 py-1 text-sm font-semibold disabled:opacity-60";

const TONES = {
  plain: "border-stone-300 bg-white text-stone-900 hover:bg-stone-100",
  publish: "border-amber-800 bg-amber-800 text-white hover:bg-amber-900",
  danger: "border-red-300 bg-white text-red-800 hover:bg-red-50",
};

/** An action asked for, waiting for its confirmation. */
export type PendingAction =
  { action: "publish"; item: PostRow } | { action: "delete"; item: WritingItem };

/** The list's actions: what waits for confirmation, and how to ask, confirm or cancel. */
export interface RowActions {
  pending: PendingAction | null;
  busy: boolean;
  ask: (pending: PendingAction) => void;
  confirm: () => void;
  cancel: () => void;
}

/**
 * The state of the list's actions. `authorId` is the signed-in author (a deleted record's
 * browser draft goes with it); `onRemoved` runs once a deleted row is gone.
 */
export function useRowActions(authorId: string, onRemoved: () => void): RowActions {
  const { t } = useAppTranslation();
  const notify = useNotify();
  const { revalidate } = useRevalidator();
  const { busy, run } = useFormSubmit(NOTIFY_ONLY);
  const [pending, setPending] = useState<PendingAction | null>(null);

  const confirm = () => {
    if (!pending) return;
    const { item } = pending;
    const title = item.title;
    void run(async () => {
      if (pending.action === "publish") {
        // An empty date is stamped with the server's "now" as the post is published.
        await updateRecord(getBrowserClient(), "posts", item.id, {
          status: "published",
          publishedAt: "",
        });
        setPending(null);
        notify.success(t("writing:actions.published", { title }));
        await revalidate();
        return;
      }
      const collection = item.kind === "entry" ? "entries" : "posts";
      await deleteRecord(getBrowserClient(), collection, item.id);
      const storage = browserDraftStorage();
      if (storage) clearDraft(storage, draftKey(authorId, collection, item.id));
      setPending(null);
      notify.success(t("writing:actions.deleted", { title }));
      await revalidate();
      onRemoved();
    });
  };

  return {
    pending,
    busy,
    ask: setPending,
    confirm,
    cancel: () => {
      setPending(null);
    },
  };
}

/** The publish and delete dialogs of the list. */
export function WritingDialogs({ actions, locale }: { actions: RowActions; locale: string }) {
  const { t } = useAppTranslation();
  const { pending } = actions;
  // The last item asked about stays named while its dialog closes.
  const [shown, setShown] = useState<PendingAction | null>(pending);
  if (pending && pending !== shown) setShown(pending);
  const title = shown?.item.title ?? "";
  const publishing = shown?.action === "publish" ? shown.item : null;
  const dated = publishing !== null && parseApiDate(publishing.publishedAt) !== null;
  return (
    <>
      <ConfirmDialog
        open={pending?.action === "publish"}
        busy={actions.busy}
        title={t("writing:actions.publishTitle", { title })}
        confirmLabel={t("writing:actions.publishConfirm")}
        cancelLabel={t("writing:actions.cancel")}
        onConfirm={actions.confirm}
        onCancel={actions.cancel}
      >
        <p className="wrap-anywhere">
          {dated
            ? t("writing:actions.publishBodyDated", {
                date: formatDateTime(publishing.publishedAt, locale),
              })
            : t("writing:actions.publishBody")}
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={pending?.action === "delete"}
        busy={actions.busy}
        destructive
        title={t("writing:actions.deleteTitle", { title })}
        confirmLabel={t("writing:actions.deleteConfirm")}
        cancelLabel={t("writing:actions.cancel")}
        onConfirm={actions.confirm}
        onCancel={actions.cancel}
      >
        <p>
          {shown?.item.kind === "post"
            ? t("writing:actions.deletePostBody")
            : t("writing:actions.deleteEntryBody")}
        </p>
      </ConfirmDialog>
    </>
  );
}

/** An action that is a button. */
function ActionButton(props: {
  label: string;
  tone: keyof typeof TONES;
  icon: typeof Eye;
  busy: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  const Icon = props.icon;
  return (
    <button
      type="button"
      aria-label={props.label}
      disabled={props.busy}
      onClick={props.onClick}
      className={`${actionClass} ${TONES[props.tone]}`}
    >
      <Icon aria-hidden="true" className="size-4" />
      {props.children}
    </button>
  );
}

/** An action that is a link. */
function ActionLink(props: { to: string; label: string; icon: typeof Eye; children: ReactNode }) {
  const Icon = props.icon;
  return (
    <Link to={props.to} aria-label={props.label} className={`${actionClass} ${TONES.plain}`}>
      <Icon aria-hidden="true" className="size-4" />
      {props.children}
    </Link>
  );
}

/** The actions of one row; Publish only for a draft post of an author who may publish. */
export function WritingActions(props: {
  item: WritingItem;
  canPublish: boolean;
  actions: RowActions;
}) {
  const { t } = useAppTranslation();
  const { item, actions } = props;
  const title = item.title;
  const preview = item.kind === "post" ? item.state !== "published" : item.state === "private";
  return (
    <div
      role="group"
      aria-label={t("writing:row.actions", { title })}
      className="flex flex-wrap items-center gap-2"
    >
      <ActionLink
        to={item.editHref}
        label={t("writing:actions.editLabel", { title })}
        icon={Pencil}
      >
        {t("writing:actions.edit")}
      </ActionLink>
      <ActionLink
        to={item.viewHref}
        label={
          preview
            ? t("writing:actions.previewLabel", { title })
            : t("writing:actions.viewLabel", { title })
        }
        icon={Eye}
      >
        {preview ? t("writing:actions.preview") : t("writing:actions.view")}
      </ActionLink>
      {!preview && (
        <ActionLink
          to={paths.writingStats({ record: item.id })}
          label={t("writing:actions.statsLabel", { title })}
          icon={BarChart3}
        >
          {t("writing:actions.stats")}
        </ActionLink>
      )}
      {props.canPublish && item.kind === "post" && item.state === "draft" && (
        <ActionButton
          label={t("writing:actions.publishLabel", { title })}
          tone="publish"
          icon={Send}
          busy={actions.busy}
          onClick={() => {
            actions.ask({ action: "publish", item });
          }}
        >
          {t("writing:actions.publish")}
        </ActionButton>
      )}
      <ActionButton
        label={t("writing:actions.deleteLabel", { title })}
        tone="danger"
        icon={Trash}
        busy={actions.busy}
        onClick={() => {
          actions.ask({ action: "delete", item });
        }}
      >
        {t("writing:actions.delete")}
      </ActionButton>
    </div>
  );
}
