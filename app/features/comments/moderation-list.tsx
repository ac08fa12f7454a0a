/**
 * The moderation page's parts (`/writing/comments`, ADR 065): the status tabs with their
 * counts (links, the current one marked), and the list of comments in one form: a labelled
 * checkbox per comment, the actions on the selected ones (approve, reject, spam, delete) as
 * submit buttons, and per comment a button that blocks its commenter. Plain form posts, so
 * it works without JavaScript and by keyboard; "select all" appears once scripts run.
 */
import { useRef, useSyncExternalStore } from "react";
import { Form, Link } from "react-router";
import { buttonClass } from "../../components/ui/button-link.tsx";
import { FormMessage } from "../../components/ui/form-field.tsx";
import { FormattedDate } from "../../components/ui/formatted-date.tsx";
import { useAppTranslation } from "../../lib/i18n/i18n.ts";
import { paths } from "../../lib/paths.ts";
import { COMMENT_STATUSES, type CommentStatus } from "../../api/comments/comments.ts";
import type { ModeratedComment } from "./moderation-data.server.ts";

/** The status tabs: one link per status with its count, the shown one marked. */
export function ModerationTabs(props: {
  status: CommentStatus;
  counts: Record<CommentStatus, number>;
}) {
  const { t } = useAppTranslation();
  return (
    <nav aria-label={t("comments:moderation.statuses")} className="mb-6">
      <ul className="flex flex-wrap gap-2">
        {COMMENT_STATUSES.map((status) => {
          const current = status === props.status;
          return (
            <li key={status}>
              <Link
                to={paths.writingComments({ status: status === "pending" ? undefined : status })}
                aria-current={current ? "page" : undefined}
                className={`inline-flex min-h-9 items-center gap-2 rounded-full border px-3 py-1 text-sm font-medium ${
                  current
                    ? "border-amber-800 bg-amber-800 text-white"
                    : "border-stone-300 bg-white text-stone-900 hover:bg-stone-100"
                }`}
              >
                {t(`comments:moderation.status.${status}`)}{" "}
                <span
                  className={`rounded-full px-1.5 text-xs font-semibold tabular-nums ${
                    current ? "bg-white text-amber-950" : "bg-stone-100 text-stone-800"
                  }`}
                >
                  {props.counts[status]}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** A store that never changes: {@link ModerationList} only asks where it renders. */
const noSubscription = () => () => undefined;

/** The actions a status offers (what it already is is left out). */
const ACTIONS_OF: Record<CommentStatus, readonly ("approve" | "reject" | "spam" | "delete")[]> = {
  pending: ["approve", "reject", "spam", "delete"],
  approved: ["reject", "spam", "delete"],
  spam: ["approve", "delete"],
  rejected: ["approve", "delete"],
};

/** The comments of one status, selectable, with the bulk actions. */
export function ModerationList(props: {
  status: CommentStatus;
  comments: ModeratedComment[];
  message?: string | undefined;
}) {
  const { t } = useAppTranslation();
  const form = useRef<HTMLFormElement>(null);
  // True once the page runs in the browser (false on the server and while hydrating).
  const scripted = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  if (props.comments.length === 0) {
    return (
      <div className="grid gap-4">
        {props.message && <FormMessage kind="error">{props.message}</FormMessage>}
        <p className="rounded border border-dashed border-stone-300 p-6 text-stone-700">
          {t(`comments:moderation.empty.${props.status}`)}
        </p>
      </div>
    );
  }
  const toggleAll = (checked: boolean) => {
    for (const box of form.current?.querySelectorAll<HTMLInputElement>('input[name="ids"]') ?? []) {
      box.checked = checked;
    }
  };
  return (
    <Form method="post" ref={form} className="grid gap-4">
      <input type="hidden" name="status" value={props.status} />
      {props.message && <FormMessage kind="error">{props.message}</FormMessage>}
      <fieldset className="flex flex-wrap items-center gap-2 rounded border border-stone-200 bg-white p-3">
        <legend className="px-1 text-sm font-semibold text-stone-900">
          {t("comments:moderation.actions")}
        </legend>
        {scripted && (
          <label className="mr-2 flex min-h-10 items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-5 accent-amber-800"
              onChange={(event) => {
                toggleAll(event.currentTarget.checked);
              }}
            />
            {t("comments:moderation.selectAll")}
          </label>
        )}
        {ACTIONS_OF[props.status].map((action) => (
          <button
            key={action}
            type="submit"
            name="intent"
            value={action}
            className={action === "approve" ? buttonClass.primary : buttonClass.secondary}
          >
            {t(`comments:moderation.${action}`)}
          </button>
        ))}
      </fieldset>
      <ul aria-label={t("comments:moderation.list")} className="grid gap-3">
        {props.comments.map((comment) => (
          <li
            key={comment.id}
            className="flex gap-3 rounded border border-stone-200 bg-white p-4"
            data-testid="moderated-comment"
          >
            <input
              type="checkbox"
              name="ids"
              value={comment.id}
              id={`select-${comment.id}`}
              aria-label={t("comments:moderation.select", { name: comment.authorName })}
              className="mt-1 size-5 shrink-0 accent-amber-800"
            />
            <div className="min-w-0 grow">
              <p className="flex flex-wrap items-baseline gap-x-2 text-sm text-stone-700">
                <span className="font-semibold text-stone-900">{comment.authorName}</span>
                {comment.guest && <span>({t("comments:moderation.guest")})</span>}
                {comment.remote && (
                  <span>
                    (
                    {comment.remote.profile ? (
                      <a
                        href={comment.remote.profile}
                        rel="nofollow ugc noopener"
                        className="underline underline-offset-4"
                      >
                        {t("comments:item.fediverse")}
                      </a>
                    ) : (
                      t("comments:item.fediverse")
                    )}
                    )
                  </span>
                )}
                {comment.email && <span className="break-all">{comment.email}</span>}
                <FormattedDate value={comment.created} />
              </p>
              {comment.recordHref && (
                <p className="text-sm">
                  <Link to={comment.recordHref} className="underline underline-offset-4">
                    {t("comments:moderation.on", { title: comment.recordTitle })}
                  </Link>
                </p>
              )}
              <p className="mt-2 break-words text-stone-900">{comment.excerpt}</p>
              {props.status !== "spam" && (
                <button
                  type="submit"
                  name="intent"
                  value={`block:${comment.id}`}
                  title={t("comments:moderation.blockHint")}
                  className="mt-2 rounded px-1 text-sm font-semibold text-red-800 underline underline-offset-4"
                >
                  {t("comments:moderation.block", { name: comment.authorName })}
                </button>
              )}
            </div>
          </li>
        ))}
      </ul>
    </Form>
  );
}
